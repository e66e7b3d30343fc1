import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { publicLink } from "@/db/schema/document";
import { quote, quoteRevision } from "@/db/schema/quote";
import { GET as getHistory } from "@/app/api/api/quote/[id]/history/route";
import { POST as link } from "@/app/api/api/quote/[id]/link/route";
import { GET as pdf } from "@/app/api/api/quote/[id]/pdf/route";
import { POST as revise } from "@/app/api/api/quote/[id]/revise/route";
import { PATCH } from "@/app/api/api/quote/[id]/route";
import { POST as send } from "@/app/api/api/quote/[id]/send/route";
import { POST } from "@/app/api/api/quote/route";
import { formatMoney } from "@/lib/money/format";
import { quoteTotals } from "@/lib/money/quote-totals";
import { setClock } from "@/lib/server/clock";
import { resolvePublicLink } from "@/lib/server/public-link";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { canonicalJson, documentHash } from "@/lib/services/quote-document";
import { expireQuotes } from "@/lib/services/quote-expiry";
import { call, ORIGIN, uniqueEmail } from "@/test/api";
import { listMessages, makeCustomer, messageRow } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { pdfText } from "@/test/pdf";
import { useFakeTwilio } from "@/test/twilio";

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();
afterAll(() => deliveriesSettled());

async function received(to: string, after = 0) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailbox.mails.slice(after).filter((mail) => mail.to.includes(to.toLowerCase()));
    if (found.length > 0) return simpleParser(found.at(-1)!.raw);
    if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const LINES = { name: "Standard", sections: [{ title: "Work", lines: [{ name: "Repair", unit: "hour", unit_price: 8000, quantity: 1.5 }, { name: "Valve", unit: "piece", unit_price: 2550, quantity: 2 }] }] };

async function draft(cookie: string, customer: string, extra: Record<string, unknown> = {}) {
  const res = await call(POST, "POST", "/quote", { cookie, body: { customer, title: "Leaking tap", options: [LINES], ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; valid_until: string };
}

/** The PDF route as a browser opens it: the bytes, or the status of a refusal. */
async function pdfOf(cookie: string, id: string, revision?: number) {
  const url = new URL(`/api/api/quote/${id}/pdf`, ORIGIN);
  if (revision !== undefined) url.searchParams.set("revision", String(revision));
  const res = await pdf(new Request(url, { headers: { cookie } }), { params: Promise.resolve({ id }) });
  return { status: res.status, type: res.headers.get("content-type"), text: res.status === 200 ? await pdfText(new Uint8Array(await res.arrayBuffer())) : "" };
}

const sendQuote = (cookie: string, id: string, body: Record<string, unknown>) => call(send, "POST", `/quote/${id}/send`, { cookie, params: { id }, body });

const tokenIn = (text: string) => /\/p\/quote\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("sending quotes", () => {
  it("numbers, freezes and emails a quote with its PDF and link into the customer's conversation", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox, "Oak & Ash Plumbing");
    const to = uniqueEmail("dora");
    const customer = await makeCustomer(cookie, { name: "Dora Dunn", email: to });
    const { id } = await draft(cookie, customer.id, { valid_until: "2027-05-31" });
    const before = mailbox.mails.length;
    setClock(new Date("2027-05-02T10:00:00Z"));
    let res;
    try {
      res = await sendQuote(cookie, id, { channel: "email" });
    } finally {
      setClock(undefined);
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "sent", number: "Q-2027-0001", revision: 1 });
    await deliveriesSettled();

    const mail = await received(to, before);
    expect(mail.subject).toBe("Quote Q-2027-0001 from Oak & Ash Plumbing");
    expect(mail.text).toContain("Hello Dora Dunn");
    const token = tokenIn(mail.text ?? "");
    expect(mail.text).toContain(`${ORIGIN}/p/quote/${token}`);
    const attachments = mail.attachments.map((attachment) => [attachment.filename, attachment.contentType]);
    expect(attachments).toEqual([["Q-2027-0001.pdf", "application/pdf"]]);
    const attached = await pdfText(new Uint8Array(mail.attachments[0].content));
    expect(attached).toContain("Q-2027-0001");
    expect(attached).toContain("Leaking tap");
    expect(attached).toContain("Dora Dunn");

    const db = await getDb();
    const linkTo = await resolvePublicLink(db, token!, "quote");
    expect(linkTo).toMatchObject({ organizationId, documentId: id });
    const [stored] = await db.select().from(publicLink).where(eq(publicLink.id, linkTo.linkId));
    // The end of 31 May at the organization's zone (no country: UTC).
    expect(stored.expiresAt?.toISOString()).toBe("2027-06-01T00:00:00.000Z");

    const [revision] = await db.select().from(quoteRevision).where(eq(quoteRevision.quoteId, id));
    // The conversation the answer will land in.
    expect(revision).toMatchObject({ revision: 1, conversationId: res.body.message.conversation });
    expect(revision.document).toMatchObject({ number: "Q-2027-0001", issued: "2027-05-02", valid_until: "2027-05-31", buyer: { name: "Dora Dunn", email: to }, seller: { name: "Oak & Ash Plumbing" } });
    expect(revision.hash).toBe(documentHash(revision.document));
    expect(revision.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');

    const messages = await listMessages(cookie, [res.body.message.conversation]);
    const sent = messages.body.items.at(-1);
    expect(sent).toMatchObject({ type: { id: "email", source: to, title: "Quote Q-2027-0001 from Oak & Ash Plumbing" }, delivery: { state: "sent" } });
    expect((await messageRow(res.body.message.id)).files).toHaveLength(1);

    const frozen = await pdfOf(cookie, id);
    expect(frozen).toMatchObject({ status: 200, type: "application/pdf" });
    expect(frozen.text).toContain("Q-2027-0001");

    // After revising, the draft's PDF is a preview marked as such; revision 1 stays as sent.
    await call(revise, "POST", `/quote/${id}/revise`, { cookie, params: { id }, body: {} });
    await call(PATCH, "PATCH", `/quote/${id}`, { cookie, params: { id }, body: { title: "Leaking tap, revised" } });
    const preview = await pdfOf(cookie, id);
    expect(preview.text).toContain("Leaking tap, revised");
    expect(preview.text).toContain("DRAFT");
    const first = await pdfOf(cookie, id, 1);
    expect(first.text).toContain("Leaking tap");
    expect(first.text).not.toContain("revised");
    expect((await pdfOf(cookie, id, 7)).status).toBe(404);
  });

  it("names each option with its total when the quote has several, in the customer's language", async () => {
    const { cookie } = await signUpOrganization(mailbox, "Eiche Sanitär");
    const to = uniqueEmail("greta");
    const customer = await makeCustomer(cookie, { name: "Greta Gans", email: to, language: "de-DE" });
    const premium = { name: "Premium", sections: [{ title: "Arbeit", lines: [{ name: "Austausch", unit: "hour", unit_price: 10000, quantity: 3 }] }] };
    const { id } = await draft(cookie, customer.id, { options: [LINES, premium] });
    const before = mailbox.mails.length;
    const res = await sendQuote(cookie, id, { channel: "email" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await deliveriesSettled();
    const mail = await received(to, before);
    const [row] = await (await getDb()).select().from(quote).where(eq(quote.id, id));
    const [first, second] = quoteTotals(row.content, row.currency, null);
    const money = (amount: number) => formatMoney(amount, row.currency, "de-DE");
    expect(mail.text?.replace(/\s+/g, " ")).toContain(`über Standard zu ${money(first.totals.gross)} oder Premium zu ${money(second.totals.gross)}`.replace(/\s+/g, " "));
    // The PDF still goes with it, rendered after the send committed.
    expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(["application/pdf"]);
  });

  it("texts the link through the customer's SMS conversation, keeps one live link, and numbers two sends without a gap", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Sid Sms", phone: "+447700900123", email: "" });
    const first = await draft(cookie, customer.id);
    const second = await draft(cookie, customer.id);
    const year = new Date().getUTCFullYear();
    const sentBefore = twilio.requests.length;
    const texted = await sendQuote(cookie, first.id, { channel: "sms" });
    expect(texted.status, JSON.stringify(texted.body)).toBe(200);
    expect(texted.body.number).toBe(`Q-${year}-0001`);
    await deliveriesSettled();
    const sms = twilio.requests.slice(sentBefore).map((request) => request.form);
    expect(sms).toHaveLength(1);
    expect(sms[0].To).toBe("+447700900123");
    expect(sms[0].Body).toContain(`Q-${year}-0001`);
    const firstToken = tokenIn(sms[0].Body)!;
    const messages = await listMessages(cookie, [texted.body.message.conversation]);
    expect(messages.body.items.at(-1)).toMatchObject({ type: { id: "sms", source: "+447700900123" }, delivery: { state: "sent" } });

    // A send that fails (no email address) takes no number: the next quote sent is 0002.
    expect(await sendQuote(cookie, second.id, { channel: "email" })).toMatchObject({ status: 400, body: { errors: [{ path: "to", message: "The customer has no email address: give one to send to" }] } });
    // Nor does one whose validity date has passed.
    await call(PATCH, "PATCH", `/quote/${second.id}`, { cookie, params: { id: second.id }, body: { valid_until: "2020-01-31" } });
    expect(await sendQuote(cookie, second.id, { channel: "sms" })).toMatchObject({
      status: 400,
      body: { errors: [{ path: "valid_until", message: "The quote's validity date has passed: give a later one to send it" }] },
    });
    await call(PATCH, "PATCH", `/quote/${second.id}`, { cookie, params: { id: second.id }, body: { valid_until: null } });
    const secondSent = await sendQuote(cookie, second.id, { channel: "sms" });
    expect(secondSent.body.number).toBe(`Q-${year}-0002`);
    await deliveriesSettled();

    // Sent again: the same number, a new link, the old one ended.
    const again = await sendQuote(cookie, first.id, { channel: "sms", message: "As discussed on the phone." });
    expect(again.body).toMatchObject({ number: `Q-${year}-0001`, revision: 1 });
    await deliveriesSettled();
    const last = twilio.requests.at(-1)!.form.Body;
    expect(last).toContain("As discussed on the phone.");
    const db = await getDb();
    await expect(resolvePublicLink(db, firstToken, "quote")).rejects.toMatchObject({ status: 404 });
    const copied = await call(link, "POST", `/quote/${first.id}/link`, { cookie, params: { id: first.id }, body: {} });
    expect(copied.status).toBe(200);
    expect(copied.body.url).toBe(`${ORIGIN}/p/quote/${copied.body.token}`);
    await expect(resolvePublicLink(db, tokenIn(last)!, "quote")).rejects.toMatchObject({ status: 404 });
    expect((await resolvePublicLink(db, copied.body.token, "quote")).documentId).toBe(first.id);

    // Revised and sent again: revision 2 frozen beside 1, the number kept.
    expect((await call(revise, "POST", `/quote/${first.id}/revise`, { cookie, params: { id: first.id }, body: {} })).body.revision).toBe(2);
    const edited = await call(PATCH, "PATCH", `/quote/${first.id}`, { cookie, params: { id: first.id }, body: { title: "Leaking tap and shower" } });
    expect(edited.status).toBe(200);
    const resent = await sendQuote(cookie, first.id, { channel: "sms" });
    expect(resent.body).toMatchObject({ number: `Q-${year}-0001`, revision: 2, status: "sent" });
    const revisions = await db.select().from(quoteRevision).where(and(eq(quoteRevision.organizationId, organizationId), eq(quoteRevision.quoteId, first.id)));
    expect(revisions.map((row) => [row.revision, row.document.title]).sort()).toEqual([[1, "Leaking tap"], [2, "Leaking tap and shower"]]);
    const [row] = await db.select().from(quote).where(eq(quote.id, first.id));
    expect(row.total).toBe(quoteTotals(row.content, row.currency, null)[0].totals.gross);

    const history = await call(getHistory, "GET", `/quote/${first.id}/history`, { cookie, params: { id: first.id } });
    expect(history.body.items.map((entry: { changes: Record<string, unknown> }) => Object.keys(entry.changes).sort().join(","))).toEqual([
      "sent,status",
      "title",
      "revision,status",
      "sent",
      "number,sent,status",
      expect.stringContaining("title"),
    ]);
    await deliveriesSettled();
  });

  it("expires sent quotes past the end of their validity day at the organization's zone, and their links with them", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { phone: "+447700900124" });
    const due = await draft(cookie, customer.id, { valid_until: "2027-06-10" });
    const later = await draft(cookie, customer.id, { valid_until: "2027-06-11" });
    const unsent = await draft(cookie, customer.id, { valid_until: "2027-06-01" });
    setClock(new Date("2027-06-01T09:00:00Z"));
    let token: string;
    try {
      await sendQuote(cookie, due.id, { channel: "sms" });
      await sendQuote(cookie, later.id, { channel: "sms" });
      await deliveriesSettled();
      token = tokenIn(twilio.requests.at(-2)!.form.Body)!;
    } finally {
      setClock(undefined);
    }
    const db = await getDb();
    const statuses = async () =>
      Object.fromEntries((await db.select({ id: quote.id, status: quote.status }).from(quote).where(eq(quote.customerId, customer.id))).map((row) => [row.id, row.status]));
    await expireQuotes(new Date("2027-06-10T23:59:59Z"), { organizationId });
    expect(await statuses()).toEqual({ [due.id]: "sent", [later.id]: "sent", [unsent.id]: "draft" });
    expect(await expireQuotes(new Date("2027-06-11T00:00:01Z"), { organizationId })).toBeGreaterThanOrEqual(1);
    expect(await statuses()).toEqual({ [due.id]: "expired", [later.id]: "sent", [unsent.id]: "draft" });
    await expect(resolvePublicLink(db, token, "quote")).rejects.toMatchObject({ status: 404 });
    const history = await call(getHistory, "GET", `/quote/${due.id}/history`, { cookie, params: { id: due.id } });
    expect(history.body.items[0].changes).toEqual({ status: ["sent", "expired"] });
  });
});
