import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INVOICE_KINDS, type InvoiceContent, type InvoiceDocument, type InvoicePrepayment } from "@/lib/schemas/invoice-content";
import { INVOICE_STATUSES, PAYMENT_METHODS } from "@/lib/schemas/invoice-values";
import { audience, id, sameOrganization, searchText, sharing, storedView, timestamps } from "./columns";
import { customer } from "./customer";
import { member } from "./member";
import { location, organization } from "./organization";
import { project } from "./project";
import { quote } from "./quote";
import { site } from "./site";

/**
 * An invoice, deposit invoice or credit note to a customer (issue 39). It is seen and
 * changed as its customer is: location and sharing are copies the database keeps in step
 * with the customer (trigger invoice_follow_customer), as a quote's.
 *
 * `content` is written while a draft; issuing takes the number (series "invoice", or
 * "credit_note"), fixes the dates and freezes `document` with its SHA-256 `hash`, in one
 * transaction; after that nothing but the payment figures and the status changes.
 * `total` is the gross, `paid` the sum of payments, `due` what is left of the amount due
 * (gross less prepaid deposits less payments): what lists show, sort and filter by.
 */
export const invoice = pgTable(
  "invoice",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull(),
    siteId: uuid("site_id"),
    projectId: uuid("project_id"),
    // The quote the invoice bills (its chosen lines, or its deposit).
    quoteId: uuid("quote_id"),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    // A credit note's invoice.
    correctsId: uuid("corrects_id"),
    // Copies of the customer's (see above).
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    ownerId: uuid("owner_id").notNull(),
    number: text("number"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    title: text("title").notNull(),
    notes: text("notes"),
    issueDate: date("issue_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    paymentTermsDays: integer("payment_terms_days").notNull().default(14),
    // Its automatic payment reminders (before and after the due date); not part of the document, so switched even once issued.
    reminders: boolean("reminders").notNull().default(true),
    buyerReference: text("buyer_reference"),
    purchaseOrder: text("purchase_order"),
    currency: text("currency").notNull(),
    content: jsonb("content").$type<InvoiceContent>().notNull(),
    prepayments: jsonb("prepayments").$type<InvoicePrepayment[]>().notNull().default(sql`'[]'::jsonb`),
    document: jsonb("document").$type<InvoiceDocument>(),
    hash: text("hash"),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
    due: bigint("due", { mode: "number" }).notNull().default(0),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // When the customer first opened its public page.
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    statusChanged: timestamp("status_changed", { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText(`coalesce(number, '') || ' ' || title || ' ' || coalesce(buyer_reference, '') || ' ' || coalesce(purchase_order, '')`),
    storedView: storedView(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoice_org_id_idx").on(t.organizationId, t.id),
    // Gapless and unique per organization (ARCHITECTURE.md §8a).
    uniqueIndex("invoice_org_number_idx").on(t.organizationId, t.number).where(sql`${t.number} is not null`),
    sameOrganization("invoice_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("invoice_site_fk", t.organizationId, t.siteId, site),
    sameOrganization("invoice_project_fk", t.organizationId, t.projectId, project),
    sameOrganization("invoice_quote_fk", t.organizationId, t.quoteId, quote),
    sameOrganization("invoice_corrects_fk", t.organizationId, t.correctsId, { organizationId: t.organizationId, id: t.id }),
    sameOrganization("invoice_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("invoice_owner_fk", t.organizationId, t.ownerId, member),
    index("invoice_org_created_id_idx").on(t.organizationId, t.createdAt, t.id, t.audience),
    index("invoice_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id, t.audience),
    index("invoice_org_location_created_idx").on(t.organizationId, t.locationId, t.createdAt, t.id),
    index("invoice_org_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
    index("invoice_org_project_idx").on(t.organizationId, t.projectId),
    index("invoice_org_quote_idx").on(t.organizationId, t.quoteId),
    index("invoice_org_corrects_idx").on(t.organizationId, t.correctsId),
    // The month's figures of the start page: invoices by their issue date.
    index("invoice_org_issue_date_idx").on(t.organizationId, t.issueDate),
    // The overdue job: issued invoices waiting for money, by their due date.
    index("invoice_open_due_date_idx").on(t.dueDate).where(sql`${t.status} in ('issued', 'sent', 'partly_paid')`),
    index("invoice_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Money received for an invoice: by hand (bank transfer, cash, card, cheque) or by Stripe
 * Checkout (its session id, unique, so a webhook retried records it once). A payment is
 * seen as its invoice is: its customer, location and sharing are the invoice's copies
 * (triggers payment_take_invoice, payment_follow_invoice).
 */
export const payment = pgTable(
  "payment",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id").notNull(),
    customerId: uuid("customer_id"),
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    reference: text("reference"),
    stripeSessionId: text("stripe_session_id"),
    createdBy: uuid("created_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_org_id_idx").on(t.organizationId, t.id),
    uniqueIndex("payment_org_stripe_session_idx").on(t.organizationId, t.stripeSessionId).where(sql`${t.stripeSessionId} is not null`),
    sameOrganization("payment_invoice_fk", t.organizationId, t.invoiceId, invoice).onDelete("cascade"),
    sameOrganization("payment_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("payment_location_fk", t.organizationId, t.locationId, location),
    index("payment_org_invoice_idx").on(t.organizationId, t.invoiceId, t.paidOn, t.createdAt),
    index("payment_org_customer_idx").on(t.organizationId, t.customerId, t.paidOn, t.createdAt),
    index("payment_org_paid_on_idx").on(t.organizationId, t.paidOn, t.id, t.audience),
  ],
);
