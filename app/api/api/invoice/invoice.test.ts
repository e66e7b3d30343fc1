import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { invoice } from "@/db/schema/invoice";
import { visit } from "@/db/schema/visit";
import { GET as readHistory } from "@/app/api/api/history/route";
import { GET as getHistory } from "@/app/api/api/invoice/[id]/history/route";
import { GET as list } from "@/app/api/api/invoice/route";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { setClock } from "@/lib/server/clock";
import { documentHash } from "@/lib/services/canonical-json";
import { call } from "@/test/api";
import { permission } from "@/test/answers";
import { PATCH as locationPatch } from "@/app/api/api/location/[id]/route";
import { PATCH as organizationPatch } from "@/app/api/api/organization/[id]/route";
import { makeCustomer } from "@/test/conversations";
import { addLocation, addMember, logInAs } from "@/test/fixtures";
import { approvedQuote, blankBody, created, createInvoice, credit, getInvoice, invoicingShop, issue, issued, patchInvoice, voidIt } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const storedRow = async (id: string) => {
  const db = await getDb();
  const [row] = await db.select().from(invoice).where(eq(invoice.id, id));
  return row;
};

describe("invoices", () => {
  it("writes a blank draft with totals as invoiceTotals computes them, lists, searches and changes it while a draft", async () => {
    const shop = await invoicingShop(mailbox);
    const body = await created(shop.cookie, blankBody(shop.customer.id, { buyer_reference: "PO-REF-77", allowances: [{ reason: "Loyal customer", amount: 1_000 }] }));
    const row = await storedRow(body.id);
    expect(body).toMatchObject({ kind: "invoice", status: "draft", number: null, customer: shop.customer.id, customer_name: shop.customer.name, payment_terms_days: 14, buyer_reference: "PO-REF-77" });
    expect(row.content.sections[0].lines[1]).toMatchObject({ quantity: 2500, unit_price: 8_000, source: null });
    const totals = invoiceTotals(row.content, row.currency, []);
    expect(body.totals).toMatchObject({ lines: 120_000, allowances: 1_000, net: totals.net, tax: totals.tax, gross: totals.gross, due: totals.due });
    expect(body.total).toBe(totals.gross);
    expect(row.total).toBe(totals.gross);
    expect(row.due).toBe(totals.gross);
    expect(body.sections[0].lines[1]).toMatchObject({ name: "Labour", quantity: 2.5, net: 20_000 });

    const found = await call(list, "GET", "/invoice", { cookie: shop.cookie, query: { q: "po-ref", customer: shop.customer.id, status: "draft" } });
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([body.id]);
    expect((await call(list, "GET", "/invoice", { cookie: shop.cookie, query: { status: "paid" } })).body.items).toEqual([]);

    const changed = await patchInvoice(shop.cookie, body.id, { title: "Boiler repair and service", payment_terms_days: 30, sections: [{ lines: [{ name: "Service", unit: "piece", unit_price: 9_900, quantity: 1 }] }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ title: "Boiler repair and service", payment_terms_days: 30 });
    // The allowance stays when only the sections are given.
    expect(changed.body.allowances).toHaveLength(1);
    expect(changed.body.total).toBe(invoiceTotals((await storedRow(body.id)).content, row.currency, []).gross);
    const trail = await call(getHistory, "GET", `/invoice/${body.id}/history`, { cookie: shop.cookie, params: { id: body.id } });
    expect(trail.body.items[0].changes).toMatchObject({ title: ["Boiler repair", "Boiler repair and service"], payment_terms_days: [14, 30] });
    const generic = await call(readHistory, "GET", "/history", { cookie: shop.cookie, query: { type: "invoice", id: body.id } });
    expect(generic.body.items).toHaveLength(2);
  });

  it("take the payment terms of the business details, a location's own where it has them, unless the invoice states its own", async () => {
    const shop = await invoicingShop(mailbox);
    const terms = async (cookie: string, customer: string, extra: Record<string, unknown> = {}) => (await created(cookie, blankBody(customer, extra))).payment_terms_days;
    expect(await terms(shop.cookie, shop.customer.id)).toBe(14);
    const business = (id: string, details: unknown, route = organizationPatch, path = "organization") =>
      call(route, "PATCH", `/${path}/${id}`, { cookie: shop.cookie, params: { id }, body: { business: details } });
    expect((await business(shop.organizationId, { payment_terms_days: 30 })).status).toBe(200);
    expect(await terms(shop.cookie, shop.customer.id)).toBe(30);
    expect(await terms(shop.cookie, shop.customer.id, { payment_terms_days: 0 })).toBe(0);

    const north = await addLocation(shop.organizationId);
    expect((await business(north.id, { payment_terms_days: 7 }, locationPatch, "location")).status).toBe(200);
    const staff = await logInAs((await addMember(shop.organizationId, { locationId: north.id, privileges: ["customers_manage", "invoices"] })).email);
    const customer = await makeCustomer(staff);
    const draft = await created(staff, blankBody(customer.id));
    expect(draft.payment_terms_days).toBe(7);
    const before = new Date("2027-03-01T10:00:00Z");
    setClock(before);
    try {
      expect((await issued(staff, draft.id)).due_date).toBe("2027-03-08");
    } finally {
      setClock(undefined);
    }

    const refused = await business(shop.organizationId, { payment_terms_days: 400 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "business.payment_terms_days", message: "Give the payment terms in whole days, from 0 to 365" }]);
    expect((await business(shop.organizationId, { payment_terms_days: "two weeks" })).body.errors).toEqual(refused.body.errors);
  });

  it("refuses what cannot be invoiced with readable messages", async () => {
    const shop = await invoicingShop(mailbox);
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const res = await createInvoice(shop.cookie, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body;
    };
    expect((await refused({ from: "somewhere" })).errors[0].path).toBe("from");
    expect((await refused(blankBody(shop.customer.id, { sections: [{ lines: [{ quantity: 1 }] }] }))).errors.map((error: { path: string }) => error.path)).toEqual([
      "sections.0.lines.0.name",
      "sections.0.lines.0.unit",
      "sections.0.lines.0.unit_price",
    ]);
    expect((await refused({ from: "blank", customer: crypto.randomUUID(), title: "X" })).errors[0]).toMatchObject({ path: "customer" });
    expect((await refused({ from: "quote", quote: crypto.randomUUID() })).errors[0]).toMatchObject({ path: "quote" });
    const draft = await created(shop.cookie, blankBody(shop.customer.id));
    expect((await refused({ ...blankBody(shop.customer.id), allowances: [{ reason: "X", amount: 0 }] })).errors[0].path).toBe("allowances.0.amount");
    // Without the invoices privilege.
    const staff = await logInAs((await addMember(shop.organizationId, { privileges: ["customers_manage"] })).email);
    expect((await createInvoice(staff, blankBody(shop.customer.id))).body).toMatchObject(permission("invoices"));
    expect((await patchInvoice(staff, draft.id, { title: "Mine" })).body).toMatchObject(permission("invoices"));
    const clerk = await logInAs((await addMember(shop.organizationId, { privileges: ["invoices"] })).email);
    expect((await patchInvoice(clerk, draft.id, { title: "Clerk's" })).status).toBe(200);
  });

  it("issues gapless numbers, fixes the dates, freezes the document with its hash, and then refuses every change", async () => {
    const shop = await invoicingShop(mailbox);
    setClock(new Date("2027-03-10T10:00:00Z"));
    try {
      const drafts = await Promise.all([1, 2, 3].map(() => created(shop.cookie, blankBody(shop.customer.id, { buyer_reference: "BR-1", purchase_order: "PO-9" }))));
      const answers = await Promise.all(drafts.map((draft) => issue(shop.cookie, draft.id)));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(answers.map((res) => res.body.number).sort()).toEqual(["INV-2027-0001", "INV-2027-0002", "INV-2027-0003"]);
      const first = answers[0].body;
      expect(first).toMatchObject({ status: "issued", issue_date: "2027-03-10", due_date: "2027-03-24" });
      const row = await storedRow(first.id);
      expect(row.document).toMatchObject({
        kind: "invoice",
        number: first.number,
        issued: "2027-03-10",
        due: "2027-03-24",
        buyer_reference: "BR-1",
        purchase_order: "PO-9",
        payment_terms: "Payable within 14 days",
        buyer: { name: shop.customer.name, vat_number: null },
        corrects: null,
        prepayments: [],
      });
      expect(row.document!.content).toEqual(row.content);
      expect(row.hash).toBe(documentHash(row.document));
      expect(first.hash).toBe(row.hash);

      const refusals = [await patchInvoice(shop.cookie, first.id, { title: "Changed" }), await issue(shop.cookie, first.id)];
      for (const res of refusals) expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(refusals[0].body.details).toContain("credit note");
      expect((await storedRow(first.id)).title).toBe("Boiler repair");

      // An issue date given names the year and the due date.
      setClock(new Date("2028-01-10T10:00:00Z"));
      const later = await created(shop.cookie, blankBody(shop.customer.id, { payment_terms_days: 30 }));
      expect(await issued(shop.cookie, later.id, { issue_date: "2028-01-05" })).toMatchObject({ number: "INV-2028-0001", due_date: "2028-02-04" });
      const empty = await created(shop.cookie, { from: "blank", customer: shop.customer.id, title: "Nothing" });
      expect((await issue(shop.cookie, empty.id)).status).toBe(409);
    } finally {
      setClock(undefined);
    }
  });

  it("credits some lines, then the rest, which voids the invoice; a credit note is numbered in its own series", async () => {
    const shop = await invoicingShop(mailbox);
    const body = await created(shop.cookie, blankBody(shop.customer.id));
    expect((await credit(shop.cookie, body.id)).status).toBe(409);
    const invoiceBody = await issued(shop.cookie, body.id);
    const [part, labour] = invoiceBody.sections[0].lines;

    const first = await credit(shop.cookie, body.id, { lines: [labour.id] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ kind: "credit_note", corrects: body.id, status: "draft", number: null });
    expect(first.body.sections[0].lines.map((line: { id: string }) => line.id)).toEqual([labour.id]);
    expect((await patchInvoice(shop.cookie, first.body.id, { sections: [] })).status).toBe(409);
    const note = await issued(shop.cookie, first.body.id);
    expect(note).toMatchObject({ number: expect.stringMatching(/^CN-\d{4}-0001$/), status: "issued", due_date: null, due: 0 });
    expect((await storedRow(first.body.id)).document).toMatchObject({ kind: "credit_note", corrects: { number: invoiceBody.number, issued: invoiceBody.issue_date } });
    const after = (await getInvoice(shop.cookie, body.id)).body;
    expect(after).toMatchObject({ status: "issued", due: invoiceBody.total - note.total, credit_notes: [{ id: note.id, number: note.number, total: note.total }] });

    // The same line twice is refused, and a line of another invoice.
    expect((await credit(shop.cookie, body.id, { lines: [labour.id] })).status).toBe(409);
    expect((await credit(shop.cookie, body.id, { lines: ["nope"] })).body.errors[0]).toMatchObject({ path: "lines.0" });

    const rest = await credit(shop.cookie, body.id);
    expect(rest.body.sections[0].lines.map((line: { id: string }) => line.id)).toEqual([part.id]);
    await issued(shop.cookie, rest.body.id);
    expect((await getInvoice(shop.cookie, body.id)).body).toMatchObject({ status: "void", due: 0 });
    expect((await credit(shop.cookie, rest.body.id)).status).toBe(409);
  });

  it("voids a draft without a number, and an issued invoice by a credit note in full", async () => {
    const shop = await invoicingShop(mailbox);
    const draft = await created(shop.cookie, blankBody(shop.customer.id));
    const voided = await voidIt(shop.cookie, draft.id);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", number: null, credit_note: null });
    expect((await voidIt(shop.cookie, draft.id)).status).toBe(409);

    const other = await created(shop.cookie, blankBody(shop.customer.id));
    const issuedBody = await issued(shop.cookie, other.id);
    const res = await voidIt(shop.cookie, other.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "void", number: issuedBody.number, due: 0 });
    const note = (await getInvoice(shop.cookie, res.body.credit_note)).body;
    expect(note).toMatchObject({ kind: "credit_note", status: "issued", corrects: other.id, total: issuedBody.total });
    expect(note.number).toMatch(/^CN-/);
  });

  it("invoices an approved quote's chosen lines, its deposit, then the rest less the deposit, and a project's agreed lines", async () => {
    const shop = await invoicingShop(mailbox);
    const quote = await approvedQuote(shop);
    // Premium, the thermostat ticked: boiler 2,500.00, fitting 300.00, thermostat 200.00, 19 % VAT.
    const deposit = await created(shop.cookie, { from: "deposit", quote: quote.id });
    expect(deposit).toMatchObject({ kind: "deposit", quote: quote.id, customer: shop.customer.id, currency: "EUR" });
    expect(deposit.sections[0].lines).toHaveLength(1);
    expect(deposit.totals).toMatchObject({ net: 90_000, tax: 17_100, gross: 107_100 });
    const depositIssued = await issued(shop.cookie, deposit.id);
    expect(depositIssued.number).toMatch(/^INV-/);

    const final = await created(shop.cookie, { from: "quote", quote: quote.id });
    expect(final.sections.flatMap((section: { lines: { source: unknown }[] }) => section.lines.map((line) => line.source))).toEqual([
      { kind: "quote_line", id: "pre-boiler" },
      { kind: "quote_line", id: "pre-fit" },
      { kind: "quote_line", id: "pre-addon" },
    ]);
    expect(final.prepayments).toEqual([{ invoice: deposit.id, number: depositIssued.number, issued: depositIssued.issue_date, amount: 107_100 }]);
    expect(final.totals).toMatchObject({ gross: 357_000, prepaid: 107_100, due: 249_900 });
    expect(final).toMatchObject({ total: 357_000, due: 249_900 });
    const finalIssued = await issued(shop.cookie, final.id);
    expect((await storedRow(final.id)).document!.prepayments).toHaveLength(1);
    expect(finalIssued.due).toBe(249_900);

    // A visit done late on 4 March in Berlin (23:30 there): the day delivered.
    const db = await getDb();
    await db.insert(visit).values({
      organizationId: shop.organizationId,
      projectId: quote.project,
      timeZone: "Europe/Berlin",
      startAt: new Date("2027-03-04T20:00:00Z"),
      endAt: new Date("2027-03-04T22:30:00Z"),
      status: "completed",
    });
    const fromProject = await created(shop.cookie, { from: "project", project: quote.project });
    expect(fromProject).toMatchObject({ project: quote.project, customer: shop.customer.id, total: 357_000, due: 249_900 });
    expect(fromProject.sections.flatMap((section: { lines: { source: { kind: string } }[] }) => section.lines.map((line) => line.source.kind))).toEqual(["project_line", "project_line", "project_line"]);
    await issued(shop.cookie, fromProject.id);
    expect((await storedRow(fromProject.id)).document!.delivered).toBe("2027-03-04");
    expect((await createInvoice(shop.cookie, { from: "project", project: crypto.randomUUID() })).status).toBe(400);
  });

  it("prints the customer's VAT number, checked and stored with its prefix, and keeps the customer's e-invoice format", async () => {
    const shop = await invoicingShop(mailbox);
    const { POST: postCustomer } = await import("@/app/api/api/customer/route");
    const { PATCH: patchCustomer } = await import("@/app/api/api/customer/[id]/route");
    const made = await call(postCustomer, "POST", "/customer", { cookie: shop.cookie, body: { name: "Bau GmbH", type: "organization", vat_number: "de 123 456 789", einvoice_format: "xrechnung" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ vat_number: "DE123456789", einvoice_format: "xrechnung" });
    const wrong = await call(patchCustomer, "PATCH", `/customer/${made.body.id}`, { cookie: shop.cookie, params: { id: made.body.id }, body: { vat_number: "DE12" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe("vat_number");
    const format = await call(patchCustomer, "PATCH", `/customer/${made.body.id}`, { cookie: shop.cookie, params: { id: made.body.id }, body: { einvoice_format: "pdf" } });
    expect(format.status).toBe(400);
    const body = await created(shop.cookie, blankBody(made.body.id));
    await issued(shop.cookie, body.id);
    expect((await storedRow(body.id)).document!.buyer).toMatchObject({ name: "Bau GmbH", vat_number: "DE123456789" });
  });

  it("keeps an invoice shared as its customer is", async () => {
    const shop = await invoicingShop(mailbox);
    const body = await created(shop.cookie, blankBody(shop.customer.id));
    const db = await getDb();
    const { shareCustomer } = await import("@/test/conversations");
    await shareCustomer(shop.cookie, shop.customer.id, { default: "edit" });
    expect((await storedRow(body.id)).sharing).toMatchObject({ default: "edit" });
    const entries = await db.select().from(history).where(and(eq(history.entityType, "invoice"), eq(history.entityId, body.id)));
    expect(entries).toHaveLength(1);
  });
});
