import crypto from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history, notification } from "@/db/schema/activity";
import { conversation, message } from "@/db/schema/conversation";
import { project } from "@/db/schema/project";
import { projectLine, quote, quoteAnswer } from "@/db/schema/quote";
import { GET as readLogo } from "@/app/api/api/public/quote/[token]/logo/route";
import { GET as readPdf } from "@/app/api/api/public/quote/[token]/pdf/route";
import { GET, POST } from "@/app/api/api/public/quote/[token]/route";
import { GET as listMessages } from "@/app/api/api/message/route";
import { GET as readProjectLines } from "@/app/api/api/project/[id]/lines/route";
import { GET as readProject } from "@/app/api/api/project/[id]/route";
import { translatorFor } from "@/lib/i18n/messages";
import { createPublicLink, revokePublicLinks } from "@/lib/server/public-link";
import { call, ORIGIN, randomIp } from "@/test/api";
import { pdfText, solidPng } from "@/test/pdf";
import { saveFile } from "@/lib/services/file";
import { makeCustomer, startWithNote } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { makeType, makeProject } from "@/test/projects";
import { sentQuote, type SentQuote } from "@/test/public-quote";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

/** A 1×1 PNG, as a drawn signature's data URL would carry one. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
const SIGNATURE = dataUrl(PNG);

const open = (token: string, headers: Record<string, string> = {}) => call(GET, "GET", `/public/quote/${token}`, { params: { token }, headers });
const answer = (token: string, body: unknown, ip = randomIp()) =>
  call(POST, "POST", `/public/quote/${token}`, { params: { token }, body, ip, headers: { "user-agent": "Phone Browser 2.0" } });

async function arrange(extra: Partial<Parameters<typeof sentQuote>[0]> = {}) {
  const org = await signUpOrganization(mailbox);
  const customer = await makeCustomer(org.cookie);
  const owner = org.view.member.id as string;
  const made = await sentQuote({ organizationId: org.organizationId, customerId: customer.id, ownerId: owner, ...extra });
  return { org, customer, owner, quote: made };
}

const approval = (sent: SentQuote, extra: Record<string, unknown> = {}) => ({
  answer: "approved",
  option: "premium",
  optional_lines: ["pre-addon"],
  name: "Carla Customer",
  signature: SIGNATURE,
  revision_hash: sent.hash,
  ...extra,
});

async function quoteRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(quote).where(eq(quote.id, id));
  return row;
}

async function historyOf(id: string) {
  const db = await getDb();
  return db.select().from(history).where(and(eq(history.entityType, "quote"), eq(history.entityId, id))).orderBy(asc(history.createdAt), asc(history.id));
}

async function notificationsOf(memberId: string) {
  const db = await getDb();
  return db.select().from(notification).where(eq(notification.memberId, memberId)).orderBy(desc(notification.createdAt));
}

async function pageEntries(customerId: string) {
  const db = await getDb();
  return db
    .select({ message, conversation })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .where(and(eq(conversation.customerId, customerId), eq(message.channel, "page")));
}

describe("a quote's public page", () => {
  it("shows the last sent revision as the customer reads it, with totals per option, and marks it viewed once", async () => {
    const { quote: sent } = await arrange();
    const res = await open(sent.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const body = res.body;
    expect(body).toMatchObject({ number: sent.document.number, title: "New boiler", status: "open", revision_hash: sent.hash, chosen_option: null, answer: null });
    expect(body.actions).toEqual(["approved", "declined", "changes_requested"]);
    expect(body.seller).toMatchObject({ name: "Acme Plumbing", tax_id: "DE123456789", logo: false });
    expect(body.deposit).toEqual({ percent: 30 });
    // Never the office's own figures or notes.
    const text = JSON.stringify(body);
    expect(text).not.toContain("unit_cost");
    expect(text).not.toContain("Margin is thin");
    expect(text).not.toContain("logo_file");
    // Standard: 1500.00 + 4 h × 60.00 = 1740.00 net, 19 % tax; Premium: 2500 + 300 + the flush ticked by default (90) = 2890.00.
    const [standard, premium] = body.options;
    expect(standard.totals).toMatchObject({ net: 174_000, tax: 33_060, gross: 207_060 });
    expect(standard.deposit).toBe(62_118);
    expect(premium.totals).toMatchObject({ net: 289_000, tax: 54_910, gross: 343_910 });
    expect(premium.sections[1].lines.map((line: { id: string; optional: boolean; selected: boolean; quantity: number }) => [line.id, line.optional, line.selected])).toEqual([
      ["pre-addon", true, false],
      ["pre-flush", true, true],
    ]);
    expect(premium.sections[0].lines[1]).toMatchObject({ quantity: 5, unit: "hour", unit_price: 6_000, net: 30_000, tax: { percent: 19, category: "standard" } });

    const row = await quoteRow(sent.id);
    expect(row.status).toBe("viewed");
    expect(row.viewedAt).not.toBeNull();
    expect((await open(sent.token)).body.status).toBe("open");
    const entries = await historyOf(sent.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ memberId: null, action: "updated", changes: { status: ["sent", "viewed"] } });
  });

  it("approves with the chosen option and optional lines: the answer recorded, the project made with the agreed lines, the conversation and the owner told", async () => {
    const { org, customer, owner, quote: sent } = await arrange();
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "Agreed" }, { id: 2, title: "Done" }] }, "Installation");
    const db = await getDb();
    await db.update(quote).set({ projectTypeId: type.id }).where(eq(quote.id, sent.id));

    const res = await answer(sent.token, approval(sent), "10.1.2.3");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", actions: [], chosen_option: "premium", answer: { answer: "approved", option: "premium", optional_lines: ["pre-addon"], name: "Carla Customer" } });
    // The totals shown are the customer's choice: the add-on in, the flush (ticked by default, not by them) out.
    expect(res.body.options[1].totals).toMatchObject({ net: 300_000, gross: 357_000 });

    const row = await quoteRow(sent.id);
    expect(row).toMatchObject({ status: "approved", chosenOptionId: "premium", total: 357_000 });
    expect(row.answeredAt).not.toBeNull();
    expect(row.projectId).not.toBeNull();

    const [recorded] = await db.select().from(quoteAnswer).where(eq(quoteAnswer.quoteId, sent.id));
    expect(recorded).toMatchObject({
      answer: "approved",
      optionId: "premium",
      optionalLineIds: ["pre-addon"],
      name: "Carla Customer",
      address: "10.1.2.3",
      userAgent: "Phone Browser 2.0",
      revision: 1,
      revisionHash: sent.hash,
    });
    expect(Buffer.from(recorded.signature!).equals(PNG)).toBe(true);

    const [made] = await db.select().from(project).where(eq(project.id, row.projectId!));
    expect(made).toMatchObject({ title: "New boiler", typeId: type.id, status: 1, customerId: customer.id, ownerId: owner, organizationId: org.organizationId });
    const lines = await db.select().from(projectLine).where(eq(projectLine.projectId, made.id)).orderBy(asc(projectLine.position));
    expect(lines.map((line) => [line.position, line.name, line.quantity, line.unitPrice, line.section])).toEqual([
      [0, "Boiler P", 1000, 250_000, "Boiler"],
      [1, "Fitting", 5000, 6_000, "Boiler"],
      [2, "Smart thermostat", 1000, 20_000, null],
    ]);
    expect(lines[0]).toMatchObject({ quoteId: sent.id, unitCost: 125_000, taxPercentMilli: 19_000, taxCategory: "standard", taxName: "VAT 19 %" });
    // Staff read them with the project, totalled as the customer's choice was.
    const agreed = await call(readProjectLines, "GET", `/project/${made.id}/lines`, { cookie: org.cookie, params: { id: made.id } });
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ currency: "EUR", quotes: [sent.id], totals: { net: 300_000, tax: 57_000, gross: 357_000 } });
    expect(agreed.body.sections.map((section: { title: string; net: number; lines: { name: string; quantity: number }[] }) => [section.title, section.net, section.lines.map((line) => [line.name, line.quantity])])).toEqual([
      ["Boiler", 280_000, [["Boiler P", 1], ["Fitting", 5]]],
      ["", 20_000, [["Smart thermostat", 1]]],
    ]);

    const changes = (await historyOf(sent.id)).at(-1)!.changes;
    expect(changes).toMatchObject({ status: ["sent", "approved"], chosen_option: [null, "premium"], project: [null, made.id] });

    const [entry] = await pageEntries(customer.id);
    expect(entry.message).toMatchObject({ direction: "incoming", authorId: null, sourceName: "Carla Customer", delivery: null, title: `Quote ${sent.document.number} approved` });
    expect(entry.message.content).toContain("Chosen option: Premium, total €3,570.00");
    expect(entry.message.content).toContain("The other options are declined.");
    expect(entry.message.content).toContain("Optional items: Smart thermostat");
    expect(entry.conversation.unread).toBe(1);
    // Staff read it in the conversation as any message, of the page's channel.
    const listed = await call(listMessages, "GET", "/message", { cookie: org.cookie, query: { conversation: [entry.conversation.id] } });
    expect(listed.status).toBe(200);
    expect(listed.body.items.at(-1).type).toMatchObject({ id: "page", direction: "incomming", source_name: "Carla Customer" });

    const [told] = await notificationsOf(owner);
    expect(told).toMatchObject({ title: `Carla Customer approved quote ${sent.document.number}`, link: `/quote/${sent.id}` });

    // Answered: a second answer is refused with the reason, and the page shows the outcome.
    const again = await answer(sent.token, approval(sent));
    expect(again.status).toBe(409);
    expect(again.body.details).toBe("This quote has already been approved");
    expect((await open(sent.token)).body).toMatchObject({ status: "approved", actions: [], chosen_option: "premium" });
  });

  it("adds the agreed lines to the quote's own project, after the lines it has, and makes no other", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "Open" }] }, "Job");
    const existing = await makeProject(org.cookie, { type: type.id, customer: customer.id });
    const db = await getDb();
    await db.insert(projectLine).values({
      organizationId: org.organizationId,
      projectId: existing.id,
      position: 0,
      name: "Survey",
      quantity: 1000,
      unit: "flat",
      unitPrice: 5_000,
      taxName: "VAT",
      taxCategory: "standard",
      taxPercentMilli: 19_000,
    });
    const sent = await sentQuote({ organizationId: org.organizationId, customerId: customer.id, ownerId: org.view.member.id, projectId: existing.id });
    const res = await answer(sent.token, approval(sent, { option: "standard", optional_lines: [] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await quoteRow(sent.id)).projectId).toBe(existing.id);
    const lines = await db.select().from(projectLine).where(eq(projectLine.projectId, existing.id)).orderBy(asc(projectLine.position));
    expect(lines.map((line) => [line.position, line.name])).toEqual([
      [0, "Survey"],
      [1, "Boiler S"],
      [2, "Fitting"],
    ]);
    expect(await db.select({ id: project.id }).from(project).where(eq(project.organizationId, org.organizationId))).toHaveLength(1);
  });

  it("declines, with an optional comment, into the customer's open conversation", async () => {
    const { org, customer, owner, quote: sent } = await arrange();
    const conversationId = await startWithNote(org.cookie, customer.id);
    const res = await answer(sent.token, { answer: "declined", comment: "Too expensive for us this year", revision_hash: sent.hash });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "declined", actions: [], answer: { answer: "declined", comment: "Too expensive for us this year", option: null } });
    const row = await quoteRow(sent.id);
    expect(row).toMatchObject({ status: "declined", chosenOptionId: null, projectId: null });
    const [entry] = await pageEntries(customer.id);
    expect(entry.conversation.id).toBe(conversationId);
    expect(entry.message).toMatchObject({ title: `Quote ${sent.document.number} declined`, content: "Too expensive for us this year" });
    const [told] = await notificationsOf(owner);
    expect(told).toMatchObject({ title: `Carla Customer declined quote ${sent.document.number}`, content: "Too expensive for us this year" });
    const db = await getDb();
    expect(await db.select().from(project).where(eq(project.organizationId, org.organizationId))).toEqual([]);
  });

  it("lands the answer in the conversation the quote was sent in, opened again if closed, not the customer's latest", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const sentIn = await startWithNote(org.cookie, customer.id, "Quote sent here");
    const db = await getDb();
    await db.update(conversation).set({ status: "closed" }).where(eq(conversation.id, sentIn));
    const sent = await sentQuote({ organizationId: org.organizationId, customerId: customer.id, ownerId: org.view.member.id, conversationId: sentIn });
    // A later conversation with the customer, more recently active than the one the quote went out in.
    const later = await startWithNote(org.cookie, customer.id, "About something else");
    expect(later).not.toBe(sentIn);
    const res = await answer(sent.token, { answer: "declined", revision_hash: sent.hash });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await pageEntries(customer.id);
    expect(entry.conversation).toMatchObject({ id: sentIn, status: "active" });
  });

  it("tells the quote's owner of the project an approval made, with a link to it; the type's required fields stay empty", async () => {
    const { org, owner, quote: sent } = await arrange();
    const type = await makeType(
      org.cookie,
      { statuses: [{ id: 1, title: "Agreed" }], fields: [{ id: 1, title: "Serial number", kind: "text", required: true }] },
      "Service",
    );
    const db = await getDb();
    await db.update(quote).set({ projectTypeId: type.id }).where(eq(quote.id, sent.id));
    const res = await answer(sent.token, approval(sent));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { projectId } = await quoteRow(sent.id);
    expect(projectId).not.toBeNull();
    const told = await notificationsOf(owner);
    expect(told.map((entry) => [entry.title, entry.link])).toContainEqual([`New project New boiler from approved quote ${sent.document.number}`, `/project/${projectId}`]);
    // The project reads with its required field missing; staff fill it in there.
    const read = await call(readProject, "GET", `/project/${projectId}`, { cookie: org.cookie, params: { id: projectId! } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.fields).toEqual([]);
  });

  it("words its refusals in the quote's language, whatever the browser's", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const sent = await sentQuote({ organizationId: org.organizationId, customerId: customer.id, ownerId: org.view.member.id, language: "de-DE", status: "declined" });
    const refused = await call(POST, "POST", `/public/quote/${sent.token}`, {
      params: { token: sent.token },
      body: { answer: "declined", revision_hash: sent.hash },
      ip: randomIp(),
      headers: { "accept-language": "en-US" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toBe(translatorFor("de-DE")("errors.publicQuote.closed.declined"));
  });

  it("requests changes only with a comment", async () => {
    const { customer, owner, quote: sent } = await arrange();
    const bare = await answer(sent.token, { answer: "changes_requested", revision_hash: sent.hash });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ path: "comment", message: "Required" }]);
    const blank = await answer(sent.token, { answer: "changes_requested", comment: "   ", revision_hash: sent.hash });
    expect(blank.status).toBe(400);
    const res = await answer(sent.token, { answer: "changes_requested", name: "Carl", comment: "Could the boiler go in the cellar?", revision_hash: sent.hash });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await quoteRow(sent.id)).status).toBe("changes_requested");
    const [entry] = await pageEntries(customer.id);
    expect(entry.message).toMatchObject({ title: `Changes requested on quote ${sent.document.number}`, sourceName: "Carl" });
    expect(entry.message.content).toBe("Could the boiler go in the cellar?\nFrom Carl on the quote's page");
    expect((await notificationsOf(owner))[0].title).toBe(`Carl asked for changes to quote ${sent.document.number}`);
  });

  it("takes an answer only on the revision shown, and only while the quote is open", async () => {
    const { quote: sent } = await arrange();
    const stale = await answer(sent.token, { answer: "declined", revision_hash: "0".repeat(64) });
    expect(stale.status).toBe(409);
    expect(stale.body.details).toBe("This quote has changed since you opened it; please reload the page and read it again");
    expect((await quoteRow(sent.id)).status).toBe("sent");

    const reasons: Record<string, [string, string]> = {
      expired: ["expired", "This quote has expired"],
      draft: ["revising", "This quote is being updated; please answer the new version once you receive it"],
      declined: ["declined", "This quote has already been declined"],
      changes_requested: ["changes_requested", "Changes to this quote have already been requested; an updated quote will follow"],
    };
    for (const [status, [state, reason]] of Object.entries(reasons)) {
      const { quote: closed } = await arrange({ status: status as "expired" });
      const shown = await open(closed.token);
      expect(shown.body, status).toMatchObject({ status: state, actions: [] });
      const refused = await answer(closed.token, approval(closed));
      expect(refused.status, status).toBe(409);
      expect(refused.body.details, status).toBe(reason);
      const db = await getDb();
      expect(await db.select().from(quoteAnswer).where(eq(quoteAnswer.quoteId, closed.id)), status).toEqual([]);
    }
    // A quote being revised still shows its last sent revision, and is not marked viewed.
    const { quote: revising } = await arrange({ status: "draft" });
    expect((await open(revising.token)).body).toMatchObject({ number: revising.document.number, revision: 1, status: "revising" });
    expect((await quoteRow(revising.id)).viewedAt).toBeNull();
  });

  it("checks the choice and the signature: an option of the quote, its optional lines, a PNG of at most 200 kB", async () => {
    const { quote: sent } = await arrange();
    const cases: [Record<string, unknown>, string][] = [
      [{ option: "deluxe" }, "option"],
      [{ optional_lines: ["std-boiler"] }, "optional_lines.0"],
      // An optional line of another option.
      [{ option: "standard", optional_lines: ["pre-addon"] }, "optional_lines.0"],
      [{ signature: "data:image/jpeg;base64,/9j/4AAQ" }, "signature"],
      [{ signature: dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8])) }, "signature"],
      [{ signature: "data:image/png;base64,not base64!" }, "signature"],
      [{ signature: dataUrl(Buffer.concat([PNG, Buffer.alloc(200 * 1024)])) }, "signature"],
      [{ signature: `data:image/png;base64,${"A".repeat(400_000)}` }, "signature"],
      [{ name: "  " }, "name"],
      [{ revision_hash: "abc" }, "revision_hash"],
    ];
    for (const [change, path] of cases) {
      const res = await answer(sent.token, approval(sent, change));
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.body.errors.map((error: { path: string }) => error.path), JSON.stringify(change).slice(0, 80)).toContain(path);
    }
    const missing = await answer(sent.token, { answer: "approved", option: "premium", name: "Carla", revision_hash: sent.hash });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: "signature" })]);
    const db = await getDb();
    expect(await db.select().from(quoteAnswer).where(eq(quoteAnswer.quoteId, sent.id))).toEqual([]);
    expect((await quoteRow(sent.id)).status).toBe("sent");
    // A signature just within the bound is taken.
    const within = await answer(sent.token, approval(sent, { signature: dataUrl(Buffer.concat([PNG, Buffer.alloc(200 * 1024 - PNG.length)])) }));
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  });

  it("reaches its one quote and nothing else: no ids taken, another organization's quote is no link, revoked is gone", async () => {
    const a = await arrange();
    const b = await arrange();
    // The body names nothing but the answer: ids of other things are unknown keys.
    const smuggled = await answer(a.quote.token, { answer: "declined", revision_hash: a.quote.hash, quote: b.quote.id });
    expect(smuggled.status).toBe(400);
    // A link of B's organization naming A's quote opens nothing.
    const db = await getDb();
    const forged = await createPublicLink(db, { organizationId: b.org.organizationId, kind: "quote", documentId: a.quote.id, expiresAt: null });
    expect(await open(forged.token)).toMatchObject({ status: 404, body: { resource: "Link" } });
    expect((await answer(forged.token, approval(a.quote))).status).toBe(404);
    expect((await call(readLogo, "GET", `/public/quote/${forged.token}/logo`, { params: { token: forged.token } })).status).toBe(404);
    expect((await quoteRow(a.quote.id)).status).toBe("sent");
    // Revoked (the quote resent or withdrawn): the same 404.
    await revokePublicLinks(db, a.org.organizationId, "quote", a.quote.id);
    expect((await open(a.quote.token)).status).toBe(404);
    expect((await answer(a.quote.token, approval(a.quote))).status).toBe(404);
    // B's own link still works: the refusals above could have been otherwise.
    expect((await open(b.quote.token)).status).toBe(200);
    const unknown = crypto.randomBytes(32).toString("base64url");
    expect((await open(unknown)).status).toBe(404);
  });

  it("answers the business's logo named by the revision, and 404 without one", async () => {
    const { quote: sent } = await arrange();
    const none = await call(readLogo, "GET", `/public/quote/${sent.token}/logo`, { params: { token: sent.token } });
    expect(none.status).toBe(404);

    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const db = await getDb();
    const bytes = solidPng(40, 20);
    const logo = await saveFile(db, { organizationId: org.organizationId, memberId: null, name: "logo.png", bytes });
    const withLogo = await sentQuote({ organizationId: org.organizationId, customerId: customer.id, ownerId: org.view.member.id, logoFile: logo.id });
    expect((await open(withLogo.token)).body.seller.logo).toBe(true);
    const res = await readLogo(new Request(`${ORIGIN}/api/api/public/quote/${withLogo.token}/logo`, { headers: { "x-craftdesk-peer": randomIp() } }), {
      params: Promise.resolve({ token: withLogo.token }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("answers its PDF: the offer, then once approved the choice and the signature", async () => {
    const { quote: sent } = await arrange();
    const pdf = async () => {
      const res = await readPdf(new Request(`${ORIGIN}/api/api/public/quote/${sent.token}/pdf`, { headers: { "x-craftdesk-peer": randomIp() } }), {
        params: Promise.resolve({ token: sent.token }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
      return pdfText(new Uint8Array(await res.arrayBuffer()));
    };
    const offer = await pdf();
    expect(offer).toContain(sent.document.number);
    expect(offer).not.toContain("Carla Signer");
    expect((await answer(sent.token, approval(sent, { name: "Carla Signer" }))).status).toBe(200);
    const signed = await pdf();
    expect(signed).toContain("Carla Signer");
  });
});
