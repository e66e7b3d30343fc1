import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { GET as receivablesRoute } from "@/app/api/api/dashboard/receivables/route";
import { GET as dashboardRoute } from "@/app/api/api/dashboard/route";
import { setClock } from "@/lib/server/clock";
import { call } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { blankBody, created, invoicingShop, issued, pay, voidIt } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

/*
 * The start page's invoice figures and the aged receivables through the real routes,
 * with the clock pinned: this month's invoiced and paid, what is outstanding and
 * overdue, and what each customer owes by days past the due date.
 */

const mailbox = useSmtpCatcher();
afterAll(() => setClock(undefined));

/** An invoice of `gross` (one line, no tax: the shop's default rate is read from the answer) issued on `day` with `terms` days to pay. */
async function invoiceOn(cookie: string, customer: string, day: string, terms: number) {
  setClock(new Date(`${day}T10:00:00Z`));
  const draft = await created(cookie, blankBody(customer, { payment_terms_days: terms }));
  return issued(cookie, draft.id, { issue_date: day }) as Promise<{ id: string; total: number; due: number; number: string }>;
}

/** What the overdue job would do: mark it overdue. */
async function markOverdue(id: string) {
  const db = await getDb();
  await db.update(invoice).set({ status: "overdue" }).where(eq(invoice.id, id));
}

describe("invoice figures", () => {
  it("show this month's invoiced and paid, what is outstanding and overdue, and the receivables aged per customer", async () => {
    const s = await invoicingShop(mailbox);
    const other = await makeCustomer(s.cookie, { name: "Otto Other" });
    const old = await invoiceOn(s.cookie, s.customer.id, "2030-01-10", 14); // due 01-24: 97 days past on 05-01
    const mid = await invoiceOn(s.cookie, other.id, "2030-03-01", 14); // due 03-15: 47 days past
    const recent = await invoiceOn(s.cookie, s.customer.id, "2030-04-10", 14); // due 04-24: 7 days past
    const fresh = await invoiceOn(s.cookie, s.customer.id, "2030-05-01", 30); // due 05-31: current
    const voided = await invoiceOn(s.cookie, other.id, "2030-05-01", 30);
    expect((await voidIt(s.cookie, voided.id)).status).toBe(200);
    await created(s.cookie, blankBody(s.customer.id)); // a draft counts nowhere
    setClock(new Date("2030-05-01T12:00:00Z"));
    expect((await pay(s.cookie, { invoice: recent.id, amount: 5_000, method: "cash", paid_on: "2030-05-01" })).status).toBe(201);
    expect((await pay(s.cookie, { invoice: old.id, amount: 1_000, method: "cash", paid_on: "2030-04-30" })).status).toBe(201);
    for (const late of [old, mid, recent]) await markOverdue(late.id);

    const dash = await call(dashboardRoute, "GET", "/dashboard", { cookie: s.cookie });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    const gross = fresh.total;
    const left = { old: old.total - 1_000, mid: mid.total, recent: recent.total - 5_000, fresh: fresh.total };
    expect(dash.body.invoices).toEqual({
      currency: "EUR",
      month: { from: "2030-05-01", to: "2030-05-31" },
      // The voided invoice and its credit note cancel out.
      invoiced_this_month: gross,
      invoices_this_month: 2,
      paid_this_month: 5_000,
      payments_this_month: 1,
      outstanding: left.old + left.mid + left.recent + left.fresh,
      outstanding_count: 4,
      overdue: left.old + left.mid + left.recent,
      overdue_count: 3,
    });

    const aged = await call(receivablesRoute, "GET", "/dashboard/receivables", { cookie: s.cookie });
    expect(aged.status, JSON.stringify(aged.body)).toBe(200);
    expect(aged.body.as_of).toBe("2030-05-01");
    expect(aged.body.items).toEqual([
      { customer: s.customer.id, name: s.customer.name, invoices: 3, current: left.fresh, days_1_30: left.recent, days_31_60: 0, days_61_90: 0, days_over_90: left.old, total: left.fresh + left.recent + left.old },
      { customer: other.id, name: "Otto Other", invoices: 1, current: 0, days_1_30: 0, days_31_60: left.mid, days_61_90: 0, days_over_90: 0, total: left.mid },
    ].sort((a, b) => b.total - a.total));
    expect(aged.body.totals).toEqual({ current: left.fresh, days_1_30: left.recent, days_31_60: left.mid, days_61_90: 0, days_over_90: left.old, total: left.fresh + left.recent + left.mid + left.old });

    // Paid in full: gone from the receivables.
    expect((await pay(s.cookie, { invoice: mid.id, amount: mid.total, method: "bank_transfer", paid_on: "2030-05-01" })).status).toBe(201);
    const after = await call(receivablesRoute, "GET", "/dashboard/receivables", { cookie: s.cookie });
    expect(after.body.items.map((item: { customer: string }) => item.customer)).toEqual([s.customer.id]);
    expect((await call(receivablesRoute, "GET", "/dashboard/receivables", { cookie: s.cookie, query: { limit: "5" } })).status).toBe(400);
  });
});
