import "server-only";
import { sql } from "drizzle-orm";
import { quote } from "@/db/schema/quote";
import { percentNumber } from "@/lib/money/decimal";
import type { QuoteContent } from "@/lib/schemas/quote-content";
import type { ScopedEntity } from "@/lib/server/scoped";
import { customerNameSql, percentSql } from "./view-sql";

export type QuoteRow = typeof quote.$inferSelect;

/** The deposit as the API reads it: a percentage, an amount in minor units, or null. */
export const depositView = (row: Pick<QuoteRow, "depositPercentMilli" | "depositAmount">) =>
  row.depositPercentMilli !== null ? { percent: percentNumber(row.depositPercentMilli) } : row.depositAmount !== null ? { amount: row.depositAmount } : null;

/** A quote's header as lists show it; GET adds its options with their totals and its answers (lib/services/quote.ts). */
export function quoteBaseView(row: QuoteRow) {
  return {
    id: row.id,
    number: row.number,
    revision: row.revision,
    status: row.status,
    title: row.title,
    introduction: row.introduction,
    terms: row.terms,
    internal_notes: row.internalNotes,
    valid_until: row.validUntil,
    currency: row.currency,
    deposit: depositView(row),
    customer: row.customerId,
    site: row.siteId,
    project: row.projectId,
    project_type: row.projectTypeId,
    owner: row.ownerId,
    location: row.locationId,
    sharing: row.sharing,
    total: row.total,
    chosen_option: row.chosenOptionId,
    sent: row.sentAt,
    viewed: row.viewedAt,
    answered: row.answeredAt,
    status_changed: row.statusChanged,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type QuoteBaseView = ReturnType<typeof quoteBaseView>;

/** History shows what the options hold, not every figure of every line: each option's name and its number of lines. */
const contentShown = (content: QuoteContent | null) =>
  content?.options.map((option) => `${option.name} (${option.sections.reduce((sum, section) => sum + section.lines.length, 0)})`).join(", ") ?? null;

/**
 * A customer's quote: its location and sharing are its customer's (copies the database
 * keeps in step, trigger quote_follow_customer), so it is seen and changed as its customer is.
 */
export const quoteEntity: ScopedEntity<QuoteRow, QuoteBaseView> = {
  type: "quote",
  resource: "Quote",
  table: quote,
  columns: {
    id: quote.id,
    organizationId: quote.organizationId,
    location: quote.locationId,
    sharing: quote.sharing,
    audience: quote.audience,
    status: quote.status,
    search: { lowered: quote.searchText },
  },
  sorts: {
    created: quote.createdAt,
    updated: quote.updatedAt,
    number: sql`coalesce(${quote.number}, '')`,
    total: quote.total,
    valid_until: sql`coalesce(${quote.validUntil}, '9999-12-31'::date)`,
  },
  fields: {
    customer: "customerId",
    site: "siteId",
    project: "projectId",
    project_type: "projectTypeId",
    owner: "ownerId",
    number: "number",
    revision: "revision",
    status: "status",
    title: "title",
    introduction: "introduction",
    terms: "terms",
    internal_notes: "internalNotes",
    valid_until: "validUntil",
    currency: "currency",
    deposit_percent: "depositPercentMilli",
    deposit_amount: "depositAmount",
    options: "content",
    total: "total",
    chosen_option: "chosenOptionId",
  },
  view: quoteBaseView,
  rowLocation: (row) => row.locationId,
  historyValue: (field, value) =>
    field === "options" ? contentShown(value as QuoteContent | null) : field === "deposit_percent" && typeof value === "number" ? percentNumber(value) : value,
};

/** A quote as lists show it: its header and its customer's name. */
export const quoteListView = (row: QuoteRow & { customerName?: string | null }) => ({ ...quoteBaseView(row), customer_name: row.customerName ?? null });

export type QuoteListView = ReturnType<typeof quoteListView>;

/**
 * The quotes list, written by the database (view-json.ts): the deposit and the
 * customer's name computed there, and the content, which lists do not show, never read.
 */
export const quoteListEntity: ScopedEntity<QuoteRow, QuoteListView> = {
  ...quoteEntity,
  columns: { ...quoteEntity.columns, storedView: quote.storedView },
  view: quoteListView,
  viewSql: {
    deposit: sql`case when ${quote.depositPercentMilli} is not null then json_build_object('percent', ${percentSql(quote.depositPercentMilli)})
      when ${quote.depositAmount} is not null then json_build_object('amount', ${quote.depositAmount}) end`,
    customer_name: customerNameSql(quote.organizationId, quote.customerId),
  },
};
