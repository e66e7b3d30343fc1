import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { payment } from "@/db/schema/invoice";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/api/payment/[id]/route";
import { GET as list } from "@/app/api/api/payment/route";
import { setClock } from "@/lib/server/clock";
import { markOverdueInvoices } from "@/lib/services/invoice-overdue";
import { call } from "@/test/api";
import { permission } from "@/test/answers";
import { shareCustomer } from "@/test/conversations";
import { addMember, logInAs } from "@/test/fixtures";
import { blankBody, created, getInvoice, invoicingShop, issued, pay } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function issuedInvoice() {
  const shop = await invoicingShop(mailbox);
  const body = await created(shop.cookie, blankBody(shop.customer.id));
  return { shop, invoice: await issued(shop.cookie, body.id) };
}

describe("payments", () => {
  it("takes partial payments to partly paid, then paid; refuses more than is due; deleting one restores the invoice", async () => {
    const { shop, invoice } = await issuedInvoice();
    const total = invoice.total as number;
    const first = await pay(shop.cookie, { invoice: invoice.id, amount: 10_000, method: "bank_transfer", reference: "Transfer 1", paid_on: "2027-01-02" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ invoice: invoice.id, customer: shop.customer.id, amount: 10_000, method: "bank_transfer", paid_on: "2027-01-02", reference: "Transfer 1", currency: invoice.currency });
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "partly_paid", paid: 10_000, due: total - 10_000 });

    const tooMuch = await pay(shop.cookie, { invoice: invoice.id, amount: total, method: "cash" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors[0]).toMatchObject({ path: "amount" });
    expect(tooMuch.body.errors[0].message).toContain("more than is due");
    for (const body of [{ invoice: invoice.id, amount: 0, method: "cash" }, { invoice: invoice.id, amount: 5, method: "stripe" }, { invoice: invoice.id, amount: -5, method: "cash" }]) {
      expect((await pay(shop.cookie, body)).status, JSON.stringify(body)).toBe(400);
    }

    const rest = await pay(shop.cookie, { invoice: invoice.id, amount: total - 10_000, method: "card" });
    expect(rest.status).toBe(201);
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "paid", paid: total, due: 0 });
    expect((await pay(shop.cookie, { invoice: invoice.id, amount: 1, method: "cash" })).status).toBe(409);

    const listed = await call(list, "GET", "/payment", { cookie: shop.cookie, query: { invoice: invoice.id } });
    expect(listed.body.items.map((item: { amount: number }) => item.amount).sort()).toEqual([10_000, total - 10_000].sort());
    expect((await call(list, "GET", "/payment", { cookie: shop.cookie, query: { customer: shop.customer.id, method: "card" } })).body.items).toHaveLength(1);
    const one = await call(getRoute, "GET", `/payment/${first.body.id}`, { cookie: shop.cookie, params: { id: first.body.id } });
    expect(one.body).toMatchObject({ id: first.body.id });

    // Only admins and holders of the invoices privilege take payments back.
    const staff = await logInAs((await addMember(shop.organizationId, { privileges: ["customers_manage"] })).email);
    const refused = await call(deleteRoute, "DELETE", `/payment/${rest.body.id}`, { cookie: staff, params: { id: rest.body.id } });
    expect(refused.body).toMatchObject(permission("invoices"));
    expect((await pay(staff, { invoice: invoice.id, amount: 1, method: "cash" })).body).toMatchObject(permission("invoices"));

    const gone = await call(deleteRoute, "DELETE", `/payment/${rest.body.id}`, { cookie: shop.cookie, params: { id: rest.body.id } });
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "partly_paid", paid: 10_000, due: total - 10_000 });
    const gone2 = await call(deleteRoute, "DELETE", `/payment/${first.body.id}`, { cookie: shop.cookie, params: { id: first.body.id } });
    expect(gone2.status).toBeLessThan(300);
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "issued", paid: 0, due: total });
    expect((await call(deleteRoute, "DELETE", `/payment/${first.body.id}`, { cookie: shop.cookie, params: { id: first.body.id } })).status).toBe(404);
  });

  it("refuses payments of drafts and of other organizations' invoices", async () => {
    const { shop } = await issuedInvoice();
    const draft = await created(shop.cookie, blankBody(shop.customer.id));
    expect((await pay(shop.cookie, { invoice: draft.id, amount: 100, method: "cash" })).status).toBe(409);
    const other = await issuedInvoice();
    const foreign = await pay(shop.cookie, { invoice: other.invoice.id, amount: 100, method: "cash" });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ path: "invoice" });
  });

  it("marks invoices overdue after their due day, keeps them so through a partial payment, and a payment follows its invoice's sharing", async () => {
    const shop = await invoicingShop(mailbox);
    setClock(new Date("2027-05-03T09:00:00Z"));
    try {
      const body = await created(shop.cookie, blankBody(shop.customer.id, { payment_terms_days: 7 }));
      const invoice = await issued(shop.cookie, body.id);
      expect(invoice.due_date).toBe("2027-05-10");
      const paid = await pay(shop.cookie, { invoice: invoice.id, amount: 1_000, method: "cheque" });
      expect(paid.status).toBe(201);
      // Still the due day (London): nothing moves.
      await markOverdueInvoices(new Date("2027-05-10T20:00:00Z"), { organizationId: shop.organizationId });
      expect((await getInvoice(shop.cookie, invoice.id)).body.status).toBe("partly_paid");
      setClock(new Date("2027-05-11T08:00:00Z"));
      await markOverdueInvoices(new Date("2027-05-11T08:00:00Z"), { organizationId: shop.organizationId });
      const overdue = (await getInvoice(shop.cookie, invoice.id)).body;
      expect(overdue).toMatchObject({ status: "overdue", paid: 1_000 });
      expect((await pay(shop.cookie, { invoice: invoice.id, amount: 500, method: "cash" })).status).toBe(201);
      expect((await getInvoice(shop.cookie, invoice.id)).body.status).toBe("overdue");
      expect((await pay(shop.cookie, { invoice: invoice.id, amount: overdue.due - 500, method: "cash" })).status).toBe(201);
      expect((await getInvoice(shop.cookie, invoice.id)).body.status).toBe("paid");

      await shareCustomer(shop.cookie, shop.customer.id, { default: "view" });
      const db = await getDb();
      const [row] = await db.select().from(payment).where(eq(payment.id, paid.body.id));
      expect(row.sharing).toMatchObject({ default: "view" });
    } finally {
      setClock(undefined);
    }
  });
});
