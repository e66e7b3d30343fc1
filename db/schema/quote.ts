import { sql } from "drizzle-orm";
import { bigint, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { QuoteContent, QuoteDocument } from "@/lib/schemas/quote-content";
import { QUOTE_ANSWERS, QUOTE_STATUSES } from "@/lib/schemas/quote-values";
import { audience, id, sameOrganization, searchText, sharing, storedView, timestamps } from "./columns";
import { conversation } from "./conversation";
import { customer } from "./customer";
import { member } from "./member";
import { location, organization } from "./organization";
import { project, projectType } from "./project";
import { site } from "./site";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A quote to a customer. It is seen and changed as its customer is: its location,
 * sharing (hence audience) are copies the database keeps in step with the customer
 * (trigger quote_follow_customer), as a visit's follow its project.
 *
 * `content` is the revision being written or last sent: its options, sections and lines
 * (lib/schemas/quote-content.ts), with each line's tax rate copied in. A sent revision is
 * frozen in quote_revision; editing after sending starts revision + 1 as a draft, and
 * the customer's link shows the last sent revision. `number` is taken when the quote is
 * first sent (lib/server/document-number.ts, series "quote"), never before, so drafts
 * leave no gaps. `total` is the gross of the chosen option once approved, else of the
 * first option: what lists show and sort by.
 */
export const quote = pgTable(
  "quote",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull(),
    siteId: uuid("site_id"),
    // The project the quote is for, or the one its approval created.
    projectId: uuid("project_id"),
    // The type of the project an approval creates when the quote has none.
    projectTypeId: uuid("project_type_id"),
    // Copies of the customer's (see above).
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    // Who is told of the customer's answer: the member who wrote it, unless given to another.
    ownerId: uuid("owner_id").notNull(),
    number: text("number"),
    revision: integer("revision").notNull().default(1),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("draft"),
    title: text("title").notNull(),
    introduction: text("introduction"),
    terms: text("terms"),
    // Never shown to the customer.
    internalNotes: text("internal_notes"),
    validUntil: date("valid_until", { mode: "string" }),
    currency: text("currency").notNull(),
    // One of the two, or neither: thousandths of a percent of the chosen option's gross, or minor units.
    depositPercentMilli: integer("deposit_percent_milli"),
    depositAmount: bigint("deposit_amount", { mode: "number" }),
    content: jsonb("content").$type<QuoteContent>().notNull(),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    // The customer's choice once approved: the option and the optional lines ticked.
    chosenOptionId: text("chosen_option_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    statusChanged: timestamp("status_changed", { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText(`coalesce(number, '') || ' ' || title`),
    storedView: storedView(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("quote_org_id_idx").on(t.organizationId, t.id),
    // Gapless and unique per organization (ARCHITECTURE.md §8a).
    uniqueIndex("quote_org_number_idx").on(t.organizationId, t.number).where(sql`${t.number} is not null`),
    sameOrganization("quote_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("quote_site_fk", t.organizationId, t.siteId, site),
    sameOrganization("quote_project_fk", t.organizationId, t.projectId, project),
    sameOrganization("quote_project_type_fk", t.organizationId, t.projectTypeId, projectType),
    sameOrganization("quote_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("quote_owner_fk", t.organizationId, t.ownerId, member),
    index("quote_org_created_id_idx").on(t.organizationId, t.createdAt, t.id, t.audience),
    index("quote_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id, t.audience),
    index("quote_org_location_created_idx").on(t.organizationId, t.locationId, t.createdAt, t.id),
    index("quote_org_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
    index("quote_org_project_idx").on(t.organizationId, t.projectId),
    // The expiry job: sent quotes by their validity date.
    index("quote_open_valid_until_idx").on(t.validUntil).where(sql`${t.status} in ('sent', 'viewed')`),
    index("quote_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Each revision of a quote as it was sent, frozen: the whole document the customer saw
 * (header, content with totals, business and customer as they were), and the SHA-256 of
 * its canonical JSON, which an answer names so that it is known what was agreed.
 */
export const quoteRevision = pgTable(
  "quote_revision",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").notNull(),
    revision: integer("revision").notNull(),
    document: jsonb("document").$type<QuoteDocument>().notNull(),
    hash: text("hash").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    sentBy: uuid("sent_by"),
    // The conversation its last send was written in: where the customer's answer lands (null before this was kept).
    conversationId: uuid("conversation_id"),
  },
  (t) => [
    primaryKey({ name: "quote_revision_pk", columns: [t.organizationId, t.quoteId, t.revision] }),
    sameOrganization("quote_revision_quote_fk", t.organizationId, t.quoteId, quote).onDelete("cascade"),
    sameOrganization("quote_revision_conversation_fk", t.organizationId, t.conversationId, conversation),
  ],
);

/**
 * The customer's answer on the quote's public page, recorded as given: what they chose,
 * their typed name and drawn signature (PNG), when, from which address and browser, and
 * the hash of the revision they answered.
 */
export const quoteAnswer = pgTable(
  "quote_answer",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").notNull(),
    revision: integer("revision").notNull(),
    revisionHash: text("revision_hash").notNull(),
    answer: text("answer", { enum: QUOTE_ANSWERS }).notNull(),
    optionId: text("option_id"),
    optionalLineIds: text("optional_line_ids").array().notNull().default(sql`'{}'::text[]`),
    name: text("name"),
    comment: text("comment"),
    signature: bytea("signature"),
    address: text("address"),
    userAgent: text("user_agent"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quote_answer_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("quote_answer_quote_fk", t.organizationId, t.quoteId, quote).onDelete("cascade"),
    index("quote_answer_org_quote_idx").on(t.organizationId, t.quoteId, t.answeredAt),
  ],
);

/**
 * What was agreed for a project: the lines of the option a customer approved (and the
 * optional lines they ticked), in order, so that the work and its invoice start from them.
 * Amounts in minor units, quantity in thousandths, the tax rate as it was quoted.
 */
export const projectLine = pgTable(
  "project_line",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull(),
    position: integer("position").notNull(),
    quoteId: uuid("quote_id"),
    section: text("section"),
    priceItemId: uuid("price_item_id"),
    name: text("name").notNull(),
    description: text("description"),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    unitCost: bigint("unit_cost", { mode: "number" }),
    discountPercentMilli: integer("discount_percent_milli"),
    discountAmount: bigint("discount_amount", { mode: "number" }),
    taxRateId: uuid("tax_rate_id"),
    taxName: text("tax_name").notNull(),
    taxCategory: text("tax_category").notNull(),
    taxPercentMilli: integer("tax_percent_milli").notNull(),
    taxExemptionReason: text("tax_exemption_reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("project_line_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("project_line_project_fk", t.organizationId, t.projectId, project).onDelete("cascade"),
    sameOrganization("project_line_quote_fk", t.organizationId, t.quoteId, quote),
    index("project_line_org_project_position_idx").on(t.organizationId, t.projectId, t.position),
  ],
);
