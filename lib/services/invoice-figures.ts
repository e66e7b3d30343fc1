import "server-only";
import { and, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { invoice, payment } from "@/db/schema/invoice";
import { organization } from "@/db/schema/organization";
import { organizationCurrency } from "@/lib/money/currency";
import { INVOICE_OPEN_STATUSES } from "@/lib/schemas/invoice-values";
import { now } from "@/lib/server/clock";
import { listedRows } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { invoiceEntity, paymentEntity } from "@/lib/entities/invoice";
import { businessTimeZone } from "./site";

/*
 * The money figures of the start page and the aged receivables, at the session's
 * location with the lists' default sharing, so each figure is the sum over exactly the
 * rows the invoice list it links to shows (/invoice?status=overdue and the like). Days
 * are the location's (its business time zone). Amounts are minor units of the
 * organization's currency.
 */

const OPEN = [...INVOICE_OPEN_STATUSES];
const sum = (column: typeof invoice.due | typeof invoice.total | typeof payment.amount) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
// A credit note is issued too, but owes nothing: the counts are of invoices waiting for money.
const notCredit = ne(invoice.kind, "credit_note");
const count = sql<number>`count(*)::int`.mapWith(Number);

async function context(db: Db, session: SessionContext) {
  const [org] = await db.select().from(organization).where(eq(organization.id, session.organizationId));
  const zone = await businessTimeZone(db, session.organizationId, session.locationId);
  const today = Temporal.Instant.fromEpochMilliseconds(now().getTime()).toZonedDateTimeISO(zone).toPlainDate();
  return { currency: organizationCurrency(org), today };
}

/**
 * Invoiced this month (the gross of invoices and deposit invoices issued this month,
 * less the credit notes issued this month, so a voided invoice counts nothing), paid
 * this month (payments by their date), outstanding (what is left to pay on every
 * issued, sent, partly paid or overdue invoice) and overdue (on the overdue ones),
 * with how many invoices (credit notes, which owe nothing, not counted).
 */
export async function invoiceDashboard(db: Db, session: SessionContext) {
  const { currency, today } = await context(db, session);
  const first = today.with({ day: 1 }).toString();
  const last = today.with({ day: today.daysInMonth }).toString();
  const inMonth = [gte(invoice.issueDate, first), lte(invoice.issueDate, last), ne(invoice.status, "draft")];
  const [[billed], [credited], [paid], [outstanding], [overdue]] = await Promise.all([
    db.select({ amount: sum(invoice.total), count }).from(invoice).where(listedRows(session, invoiceEntity, {}, [...inMonth, ne(invoice.kind, "credit_note")])),
    db.select({ amount: sum(invoice.total) }).from(invoice).where(listedRows(session, invoiceEntity, {}, [...inMonth, eq(invoice.kind, "credit_note")])),
    db.select({ amount: sum(payment.amount), count }).from(payment).where(listedRows(session, paymentEntity, {}, [gte(payment.paidOn, first), lte(payment.paidOn, last)])),
    db.select({ amount: sum(invoice.due), count }).from(invoice).where(listedRows(session, invoiceEntity, { status: OPEN }, [notCredit])),
    db.select({ amount: sum(invoice.due), count }).from(invoice).where(listedRows(session, invoiceEntity, { status: ["overdue"] }, [notCredit])),
  ]);
  return {
    currency,
    month: { from: first, to: last },
    invoiced_this_month: billed.amount - credited.amount,
    invoices_this_month: billed.count,
    paid_this_month: paid.amount,
    payments_this_month: paid.count,
    outstanding: outstanding.amount,
    outstanding_count: outstanding.count,
    overdue: overdue.amount,
    overdue_count: overdue.count,
  };
}

export const AGE_BUCKETS = ["current", "days_1_30", "days_31_60", "days_61_90", "days_over_90"] as const;
type Bucket = (typeof AGE_BUCKETS)[number];

/** At most this many customers in the aged receivables, those owing most first. */
const RECEIVABLES_MAX = 500;

/**
 * Aged receivables: what each customer has left to pay on its issued invoices (every
 * open status), by how many days past the due date as of today: not yet due (current),
 * 1–30, 31–60, 61–90, over 90; the customers owing most first, with the totals.
 */
export async function agedReceivables(db: Db, session: SessionContext) {
  const { currency, today } = await context(db, session);
  const day = (days: number) => today.subtract({ days }).toString();
  const between = (from: string | null, to: string | null) =>
    sql<number>`coalesce(sum(${invoice.due}) filter (where ${from ? sql`${invoice.dueDate} <= ${from}::date` : sql`true`} and ${to ? sql`${invoice.dueDate} >= ${to}::date` : sql`true`}), 0)::bigint`.mapWith(Number);
  const rows = await db
    .select({
      customer: invoice.customerId,
      current: sql<number>`coalesce(sum(${invoice.due}) filter (where ${invoice.dueDate} >= ${today.toString()}::date or ${invoice.dueDate} is null), 0)::bigint`.mapWith(Number),
      days_1_30: between(day(1), day(30)),
      days_31_60: between(day(31), day(60)),
      days_61_90: between(day(61), day(90)),
      days_over_90: between(day(91), null),
      total: sum(invoice.due),
      invoices: count,
    })
    .from(invoice)
    .where(listedRows(session, invoiceEntity, { status: OPEN }, [sql`${invoice.due} > 0`]))
    .groupBy(invoice.customerId)
    .orderBy(sql`coalesce(sum(${invoice.due}), 0) desc`, invoice.customerId)
    .limit(RECEIVABLES_MAX);
  const names = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({ id: customer.id, name: customer.name })
            .from(customer)
            .where(and(eq(customer.organizationId, session.organizationId), inArray(customer.id, rows.map((row) => row.customer))))
        ).map((found) => [found.id, found.name]),
  );
  const totals = Object.fromEntries([...AGE_BUCKETS, "total"].map((key) => [key, rows.reduce((total, row) => total + row[key as Bucket | "total"], 0)])) as Record<Bucket | "total", number>;
  return {
    as_of: today.toString(),
    currency,
    totals,
    items: rows.map((row) => ({ ...row, name: names.get(row.customer) ?? null })),
  };
}
