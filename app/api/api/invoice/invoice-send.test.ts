import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { invoice } from "@/db/schema/invoice";
import { organization } from "@/db/schema/organization";
import { GET as einvoiceRoute } from "@/app/api/api/invoice/[id]/einvoice/route";
import { GET as pdfRoute } from "@/app/api/api/invoice/[id]/pdf/route";
import { POST as sendRoute } from "@/app/api/api/invoice/[id]/send/route";
import { GET as organizationGet, PATCH as organizationPatch } from "@/app/api/api/organization/[id]/route";
import { GET as publicLogo } from "@/app/api/api/public/invoice/[token]/logo/route";
import { GET as publicPdf } from "@/app/api/api/public/invoice/[token]/pdf/route";
import { GET as publicGet } from "@/app/api/api/public/invoice/[token]/route";
import { GET as publicQuoteGet } from "@/app/api/api/public/quote/[token]/route";
import { formatMoney } from "@/lib/money/format";
import { createPublicLink } from "@/lib/server/public-link";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, ORIGIN, randomIp, uniqueEmail } from "@/test/api";
import { listMessages, makeCustomer, messageRow } from "@/test/conversations";
import { fatalReport } from "@/test/einvoice/validator";
import { blankBody, created, GERMAN_BUSINESS, invoicingShop, issued, pay } from "@/test/invoices";
import { pdfText, solidPng } from "@/test/pdf";
import { saveFile } from "@/lib/services/file";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { useFakeTwilio } from "@/test/twilio";

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();
afterAll(() => deliveriesSettled());

/** A shop with every business detail an e-invoice needs, and a customer with an address, VAT id and e-invoice format. */
async function shopWith(format: "none" | "facturx" | "xrechnung" | "ubl", customer: Record<string, unknown> = {}) {
  const shop = await invoicingShop(mailbox);
  const res = await call(organizationPatch, "PATCH", `/organization/${shop.organizationId}`, { cookie: shop.cookie, params: { id: shop.organizationId }, body: { business: GERMAN_BUSINESS } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const email = uniqueEmail("erika");
  const buyer = await makeCustomer(shop.cookie, { name: "Erika Berger", email, line1: "Lindenweg 3", zip: "10115", city: "Berlin", country: "DE", vat_number: "DE987654321", einvoice_format: format, ...customer });
  return { ...shop, buyer, email };
}

async function issuedInvoice(shop: Awaited<ReturnType<typeof shopWith>>, extra: Record<string, unknown> = {}) {
  const draft = await created(shop.cookie, blankBody(shop.buyer.id, { buyer_reference: "04011000-12345-34", ...extra }));
  return issued(shop.cookie, draft.id);
}

const download = async (handler: typeof pdfRoute, path: string, id: string, query: Record<string, string> = {}, cookie = "") => {
  const url = new URL(`/api/api/invoice/${id}${path}`, ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const res = await handler(new Request(url, { headers: { cookie } }), { params: Promise.resolve({ id }) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), bytes, json: () => JSON.parse(Buffer.from(bytes).toString("utf8")) };
};

async function embeddedFiles(bytes: Uint8Array) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: bytes.slice(), disableFontFace: true, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  return Object.values(attachments).map((item) => ({ name: item.filename, text: Buffer.from(item.content).toString("utf8") }));
}

async function received(to: string, after: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailbox.mails.slice(after).filter((mail) => mail.to.includes(to.toLowerCase()));
    if (found.length > 0) return simpleParser(found.at(-1)!.raw);
    if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const send = (cookie: string, id: string, body: Record<string, unknown>) => call(sendRoute, "POST", `/invoice/${id}/send`, { cookie, params: { id }, body });
const tokenIn = (text: string) => /\/p\/invoice\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const openPage = (token: string) => call(publicGet, "GET", `/public/invoice/${token}`, { params: { token }, ip: randomIp() });

describe("invoice documents", () => {
  it("renders a draft's PDF marked DRAFT, an issued one's from its document, and refuses e-invoices of drafts and incomplete invoices in words", async () => {
    const shop = await invoicingShop(mailbox);
    const draft = await created(shop.cookie, blankBody(shop.customer.id));
    const preview = await download(pdfRoute, "/pdf", draft.id, {}, shop.cookie);
    expect(preview).toMatchObject({ status: 200, type: "application/pdf" });
    const previewText = await pdfText(preview.bytes);
    expect(previewText).toContain("DRAFT");
    expect(previewText).toContain("Boiler repair");
    expect((await download(einvoiceRoute, "/einvoice", draft.id, { format: "ubl" }, shop.cookie)).status).toBe(409);

    const done = await issued(shop.cookie, draft.id);
    const pdf = await download(pdfRoute, "/pdf", draft.id, {}, shop.cookie);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(done.number);
    expect(text).not.toContain("DRAFT");
    // Always the plain PDF: nothing embedded.
    expect(await embeddedFiles(pdf.bytes)).toEqual([]);

    // The sign-up organization has no VAT number, bank or address: what is missing, named in words.
    const refused = await download(einvoiceRoute, "/einvoice", draft.id, { format: "xrechnung" }, shop.cookie);
    expect(refused.status).toBe(409);
    const body = refused.json();
    expect(body.details).toContain("The XRechnung e-invoice needs:");
    expect(body.details).toContain("the business's VAT number (BT-31)");
    expect(body.missing).toContain("BT-31");
    expect((await download(einvoiceRoute, "/einvoice", draft.id, { format: "pdf" }, shop.cookie)).status).toBe(400);
    expect((await download(pdfRoute, "/pdf", crypto.randomUUID(), {}, shop.cookie)).status).toBe(404);
  });

  it("downloads the Factur-X PDF with factur-x.xml embedded, and XRechnung XML that passes the EN 16931 validation", async () => {
    const shop = await shopWith("none");
    const done = await issuedInvoice(shop);
    const facturx = await download(einvoiceRoute, "/einvoice", done.id, { format: "facturx" }, shop.cookie);
    expect(facturx).toMatchObject({ status: 200, type: "application/pdf" });
    expect(facturx.disposition).toContain("attachment");
    const files = await embeddedFiles(facturx.bytes);
    expect(files.map((file) => file.name)).toEqual(["factur-x.xml"]);
    expect(files[0].text).toContain(done.number);
    expect(fatalReport(files[0].text)).toBeNull();

    const xrechnung = await download(einvoiceRoute, "/einvoice", done.id, { format: "xrechnung" }, shop.cookie);
    expect(xrechnung.status).toBe(200);
    expect(xrechnung.type).toContain("application/xml");
    const xml = Buffer.from(xrechnung.bytes).toString("utf8");
    expect(xml).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect(xml).toContain("04011000-12345-34");
    expect(fatalReport(xml)).toBeNull();
  });
});

describe("sending invoices", () => {
  it("emails the PDF and the customer's XRechnung with the amount due and the link, marks it sent, and the link opens its page", async () => {
    const shop = await shopWith("xrechnung");
    const done = await issuedInvoice(shop);
    const before = mailbox.mails.length;
    const res = await send(shop.cookie, done.id, { channel: "email" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "sent", number: done.number });
    expect(res.body.sent).toBeTruthy();
    await deliveriesSettled();

    const mail = await received(shop.email, before);
    expect(mail.subject).toBe(`Invoice ${done.number} from Sanitär Huber GmbH`);
    const text = (mail.text ?? "").replace(/\s+/g, " ");
    expect(text).toContain("Hello Erika Berger");
    expect(text).toContain(`The amount due is ${formatMoney(done.due, done.currency, "en-US")}`.replace(/\s+/g, " "));
    const token = tokenIn(mail.text ?? "");
    expect(token).toBeTruthy();
    expect(mail.text).toContain(`${ORIGIN}/p/invoice/${token}`);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`${done.number}.pdf`, `${done.number}-xrechnung.xml`]);
    const attachedPdf = await pdfText(new Uint8Array(mail.attachments[0].content));
    expect(attachedPdf).toContain(done.number);
    // The PDF names the page to pay at.
    expect(attachedPdf.replace(/\s+/g, "")).toContain(`/p/invoice/${token}`);
    expect(mail.attachments[1].content.toString("utf8")).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");

    const messages = await listMessages(shop.cookie, [res.body.message.conversation]);
    expect(messages.body.items.at(-1)).toMatchObject({ type: { id: "email", source: shop.email }, delivery: { state: "sent" } });
    expect((await messageRow(res.body.message.id)).files).toHaveLength(2);

    // The page the link opens: only this invoice, viewed once.
    const page = await openPage(token!);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.body).toMatchObject({ number: done.number, status: "sent", amount_due: done.due, paid: 0, online_payment: false, seller: { legal_name: "Sanitär Huber GmbH", bank: { iban: "DE89370400440532013000" } } });
    expect(JSON.stringify(page.body)).not.toContain("unit_cost");
    expect(page.body.seller.logo_file).toBeUndefined();
    const db = await getDb();
    const [row] = await db.select().from(invoice).where(eq(invoice.id, done.id));
    expect(row.viewedAt).toBeTruthy();
    await openPage(token!);
    const viewed = await db
      .select()
      .from(history)
      .where(and(eq(history.entityType, "invoice"), eq(history.entityId, done.id)));
    expect(viewed.filter((entry) => "viewed" in (entry.changes as Record<string, unknown>))).toHaveLength(1);

    const pdf = await publicPdf(new Request(`${ORIGIN}/api/api/public/invoice/${token}/pdf`, { headers: { "x-forwarded-for": randomIp() } }), { params: Promise.resolve({ token: token! }) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("x-robots-tag")).toContain("noindex");
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(done.number);

    // Sent again: the old link ends, the new one opens.
    const again = await send(shop.cookie, done.id, { channel: "email" });
    expect(again.status).toBe(200);
    expect((await openPage(token!)).status).toBe(404);
  });

  it("replaces the PDF by the Factur-X PDF for a customer who asks for it, adds the UBL for another, and refuses an e-invoice the invoice lacks data for", async () => {
    const shop = await shopWith("facturx");
    const done = await issuedInvoice(shop);
    let before = mailbox.mails.length;
    expect((await send(shop.cookie, done.id, { channel: "email" })).status).toBe(200);
    await deliveriesSettled();
    let mail = await received(shop.email, before);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`${done.number}.pdf`]);
    expect((await embeddedFiles(new Uint8Array(mail.attachments[0].content))).map((file) => file.name)).toEqual(["factur-x.xml"]);

    const ublEmail = uniqueEmail("ubl");
    const ublBuyer = await makeCustomer(shop.cookie, { name: "Peppol Kunde", email: ublEmail, line1: "Ring 1", zip: "20095", city: "Hamburg", country: "DE", vat_number: "DE111111111", einvoice_format: "ubl" });
    const ublInvoice = await issued(shop.cookie, (await created(shop.cookie, blankBody(ublBuyer.id, { buyer_reference: "PO-1" }))).id);
    before = mailbox.mails.length;
    expect((await send(shop.cookie, ublInvoice.id, { channel: "email" })).status).toBe(200);
    await deliveriesSettled();
    mail = await received(ublEmail, before);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`${ublInvoice.number}.pdf`, `${ublInvoice.number}-ubl.xml`]);
    expect(mail.attachments[1].content.toString("utf8")).toContain("urn:fdc:peppol.eu:2017:poacc:billing:3.0");

    // XRechnung needs the buyer reference (BT-10): said before anything is sent.
    const strict = await makeCustomer(shop.cookie, { name: "Amt", email: uniqueEmail("amt"), line1: "Platz 1", zip: "10117", city: "Berlin", country: "DE", einvoice_format: "xrechnung" });
    const noReference = await issued(shop.cookie, (await created(shop.cookie, blankBody(strict.id))).id);
    const refused = await send(shop.cookie, noReference.id, { channel: "email" });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toContain("the customer's reference (BT-10)");
    expect(refused.body.missing).toEqual(["BT-10"]);
    const [row] = await (await getDb()).select().from(invoice).where(eq(invoice.id, noReference.id));
    expect(row.status).toBe("issued");
  });

  it("texts the link in the customer's language, refuses drafts and paid invoices, and sends a partly paid one", async () => {
    const shop = await invoicingShop(mailbox);
    const buyer = await makeCustomer(shop.cookie, { name: "Greta Gans", phone: "+447700900123", email: "", language: "de-DE" });
    const draft = await created(shop.cookie, blankBody(buyer.id));
    expect((await send(shop.cookie, draft.id, { channel: "sms" })).status).toBe(409);
    const done = await issued(shop.cookie, draft.id);
    expect((await pay(shop.cookie, { invoice: done.id, amount: 10_000, method: "cash" })).status).toBe(201);
    const res = await send(shop.cookie, done.id, { channel: "sms" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("partly_paid");
    await deliveriesSettled();
    const texted = twilio.requests.at(-1)!.form;
    expect(texted.To).toBe("+447700900123");
    expect(texted.Body).toContain(`Rechnung ${done.number}`);
    expect(texted.Body.replace(/\s+/g, " ")).toContain(formatMoney(done.due - 10_000, done.currency, "de-DE").replace(/\s+/g, " "));
    const token = tokenIn(texted.Body);
    const page = await openPage(token!);
    expect(page.body).toMatchObject({ language: "de-DE", paid: 10_000, amount_due: done.due - 10_000, status: "partly_paid" });
    // Stripe set up (its key and its webhook's secret): the page offers to pay online.
    expect((await openPage(token!)).body.online_payment).toBe(false);
    process.env.STRIPE_SECRET_KEY = "sk_test_page";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_page";
    try {
      expect((await openPage(token!)).body.online_payment).toBe(true);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
    }
    expect((await pay(shop.cookie, { invoice: done.id, amount: done.due - 10_000, method: "cash" })).status).toBe(201);
    expect((await send(shop.cookie, done.id, { channel: "sms" })).status).toBe(409);
    expect((await send(shop.cookie, done.id, { channel: "fax" })).status).toBe(400);
  });
});

describe("public invoice links", () => {
  it("open only their own issued invoice: another kind, a revoked, an expired, a draft's and an unknown link are the same 404", async () => {
    const shop = await invoicingShop(mailbox);
    const other = await invoicingShop(mailbox);
    const mine = await issued(shop.cookie, (await created(shop.cookie, blankBody(shop.customer.id, { title: "Mine" }))).id);
    const theirs = await issued(other.cookie, (await created(other.cookie, blankBody(other.customer.id, { title: "Theirs" }))).id);
    const draft = await created(shop.cookie, blankBody(shop.customer.id, { title: "Draft" }));
    const db = await getDb();
    const link = (organizationId: string, documentId: string, kind: "invoice" | "quote" = "invoice", expiresAt: Date | null = null) =>
      createPublicLink(db, { organizationId, kind, documentId, expiresAt }).then((made) => made.token);

    const mineToken = await link(shop.organizationId, mine.id);
    const theirsToken = await link(other.organizationId, theirs.id);
    expect((await openPage(mineToken)).body.title).toBe("Mine");
    expect((await openPage(theirsToken)).body.title).toBe("Theirs");
    // A link names its organization and document; nothing in the request can reach another.
    const quoteKind = await link(shop.organizationId, mine.id, "quote");
    expect((await openPage(quoteKind)).status).toBe(404);
    expect((await call(publicQuoteGet, "GET", `/public/quote/${mineToken}`, { params: { token: mineToken }, ip: randomIp() })).status).toBe(404);
    expect((await openPage(await link(shop.organizationId, mine.id, "invoice", new Date(Date.now() - 1000)))).status).toBe(404);
    expect((await openPage(await link(shop.organizationId, draft.id))).status).toBe(404);
    const crossed = await link(shop.organizationId, theirs.id);
    expect((await openPage(crossed)).status).toBe(404);
    expect((await openPage("A".repeat(43))).status).toBe(404);
    expect((await openPage("short")).status).toBe(404);
    const { revokePublicLinks } = await import("@/lib/server/public-link");
    await revokePublicLinks(db, shop.organizationId, "invoice", mine.id);
    const gone = await openPage(mineToken);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("x-robots-tag")).toContain("noindex");
    expect(gone.body).toMatchObject({ resource: "Link" });
    // The organization's own reads stay as they were.
    expect((await call(organizationGet, "GET", `/organization/${shop.organizationId}`, { cookie: shop.cookie, params: { id: shop.organizationId } })).status).toBe(200);
  });
});

describe("the logo on an invoice's page", () => {
  it("is the one the issued document names, served only through its link; without one the page says so and the route answers 404", async () => {
    const shop = await invoicingShop(mailbox);
    const db = await getDb();
    const link = async (id: string) => (await createPublicLink(db, { organizationId: shop.organizationId, kind: "invoice", documentId: id, expiresAt: null })).token;
    const logoOf = (token: string) =>
      publicLogo(new Request(`${ORIGIN}/api/api/public/invoice/${token}/logo`, { headers: { "x-craftdesk-peer": randomIp() } }), { params: Promise.resolve({ token }) });

    const plain = await link((await issued(shop.cookie, (await created(shop.cookie, blankBody(shop.customer.id))).id)).id);
    expect((await openPage(plain)).body.seller.logo).toBe(false);
    expect((await logoOf(plain)).status).toBe(404);

    const bytes = solidPng(40, 20);
    const logo = await saveFile(db, { organizationId: shop.organizationId, memberId: null, name: "logo.png", bytes });
    await db.update(organization).set({ image: logo.id }).where(eq(organization.id, shop.organizationId));
    const branded = await link((await issued(shop.cookie, (await created(shop.cookie, blankBody(shop.customer.id))).id)).id);
    const page = await openPage(branded);
    expect(page.body.seller.logo).toBe(true);
    expect(JSON.stringify(page.body)).not.toContain(logo.id);
    const res = await logoOf(branded);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // The invoice issued before the logo was set keeps its document as it was.
    expect((await logoOf(plain)).status).toBe(404);
    expect((await logoOf("A".repeat(43))).status).toBe(404);
  });
});
