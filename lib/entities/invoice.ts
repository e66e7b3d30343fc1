import "server-only";
import { sql } from "drizzle-orm";
import { invoice, payment } from "@/db/schema/invoice";
import type { InvoiceContent } from "@/lib/schemas/invoice-content";
import type { ScopedEntity } from "@/lib/server/scoped";
import { customerNameSql } from "./view-sql";

export type InvoiceRow = typeof invoice.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;

/** An invoice's header as lists show it; GET adds its content with totals and its prepayments (lib/services/invoice.ts). */
export function invoiceBaseView(row: InvoiceRow) {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    title: row.title,
    notes: row.notes,
    customer: row.customerId,
    site: row.siteId,
    project: row.projectId,
    quote: row.quoteId,
    corrects: row.correctsId,
    owner: row.ownerId,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    payment_terms_days: row.paymentTermsDays,
    reminders: row.reminders,
    buyer_reference: row.buyerReference,
    purchase_order: row.purchaseOrder,
    currency: row.currency,
    total: row.total,
    paid: row.paid,
    due: row.due,
    hash: row.hash,
    issued: row.issuedAt,
    sent: row.sentAt,
    viewed: row.viewedAt,
    voided: row.voidedAt,
    status_changed: row.statusChanged,
    location: row.locationId,
    sharing: row.sharing,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type InvoiceBaseView = ReturnType<typeof invoiceBaseView>;

/** History shows how many lines and allowances the content holds, not every figure. */
const contentShown = (content: InvoiceContent | null) =>
  content ? `${content.sections.reduce((sum, section) => sum + section.lines.length, 0)} lines, ${content.allowances.length} allowances` : null;

/**
 * A customer's invoice or credit note: its location and sharing are its customer's
 * (copies the database keeps in step, trigger invoice_follow_customer), so it is seen
 * and changed as its customer is.
 */
export const invoiceEntity: ScopedEntity<InvoiceRow, InvoiceBaseView> = {
  type: "invoice",
  resource: "Invoice",
  table: invoice,
  columns: {
    id: invoice.id,
    organizationId: invoice.organizationId,
    location: invoice.locationId,
    sharing: invoice.sharing,
    audience: invoice.audience,
    status: invoice.status,
    search: { lowered: invoice.searchText },
  },
  sorts: {
    created: invoice.createdAt,
    updated: invoice.updatedAt,
    number: sql`coalesce(${invoice.number}, '')`,
    total: invoice.total,
    due: invoice.due,
    due_date: sql`coalesce(${invoice.dueDate}, '9999-12-31'::date)`,
    issue_date: sql`coalesce(${invoice.issueDate}, '9999-12-31'::date)`,
  },
  fields: {
    kind: "kind",
    customer: "customerId",
    site: "siteId",
    project: "projectId",
    quote: "quoteId",
    corrects: "correctsId",
    owner: "ownerId",
    number: "number",
    status: "status",
    title: "title",
    notes: "notes",
    issue_date: "issueDate",
    due_date: "dueDate",
    payment_terms_days: "paymentTermsDays",
    reminders: "reminders",
    buyer_reference: "buyerReference",
    purchase_order: "purchaseOrder",
    currency: "currency",
    content: "content",
    prepayments: "prepayments",
    total: "total",
    paid: "paid",
    due: "due",
  },
  view: invoiceBaseView,
  rowLocation: (row) => row.locationId,
  historyValue: (field, value) => (field === "content" ? contentShown(value as InvoiceContent | null) : field === "prepayments" ? (value as unknown[] | null)?.length ?? 0 : value),
};

/** An invoice as lists show it: its header and its customer's name. */
export const invoiceListView = (row: InvoiceRow & { customerName?: string | null }) => ({ ...invoiceBaseView(row), customer_name: row.customerName ?? null });

export type InvoiceListView = ReturnType<typeof invoiceListView>;

/** The invoices list, written by the database (view-json.ts): neither content nor document is read. */
export const invoiceListEntity: ScopedEntity<InvoiceRow, InvoiceListView> = {
  ...invoiceEntity,
  columns: { ...invoiceEntity.columns, storedView: invoice.storedView },
  view: invoiceListView,
  viewSql: { customer_name: customerNameSql(invoice.organizationId, invoice.customerId) },
};

export function paymentView(row: PaymentRow) {
  return {
    id: row.id,
    invoice: row.invoiceId,
    customer: row.customerId,
    method: row.method,
    amount: row.amount,
    currency: row.currency,
    paid_on: row.paidOn,
    reference: row.reference,
    stripe_session: row.stripeSessionId,
    created_by: row.createdBy,
    location: row.locationId,
    sharing: row.sharing,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type PaymentView = ReturnType<typeof paymentView>;

/**
 * A payment of an invoice, seen as its invoice is (its customer, location and sharing
 * are the invoice's copies). Payments have no status: `method` stands in the status
 * column's place, and lists give no status condition.
 */
export const paymentEntity: ScopedEntity<PaymentRow, PaymentView> = {
  type: "payment",
  resource: "Payment",
  table: payment,
  columns: {
    id: payment.id,
    organizationId: payment.organizationId,
    location: payment.locationId,
    sharing: payment.sharing,
    audience: payment.audience,
    status: payment.method,
    search: payment.reference,
  },
  sorts: { paid_on: payment.paidOn, created: payment.createdAt, amount: payment.amount },
  fields: {
    invoice: "invoiceId",
    method: "method",
    amount: "amount",
    currency: "currency",
    paid_on: "paidOn",
    reference: "reference",
    stripe_session: "stripeSessionId",
  },
  view: paymentView,
  rowLocation: (row) => row.locationId,
};
