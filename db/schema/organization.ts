import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { StoredAutomaticMessages } from "@/lib/schemas/automatic-message-triggers";
import type { BusinessDetails } from "@/lib/schemas/business";
import { id, itemStatus, nameOrder, sharing, timestamps } from "./columns";

export const organization = pgTable("organization", {
  id: id(),
  name: text("name").notNull(),
  color: text("color").notNull().default("#0090FF"),
  image: uuid("image"),
  language: text("language").notNull().default("en-US"),
  // ISO 3166-1 alpha-2; phone numbers written without a country code are read as this country's.
  country: text("country"),
  // What quotes and invoices print about the business (lib/schemas/business.ts).
  business: jsonb("business").$type<BusinessDetails>().notNull().default(sql`'{}'::jsonb`),
  // Messages that send themselves on visits: only what the organization changed (lib/services/automatic-messages/settings.ts).
  automaticMessages: jsonb("automatic_messages").$type<StoredAutomaticMessages>().notNull().default(sql`'{}'::jsonb`),
  // The last conversation reference handed out; the next is one more.
  conversationReference: integer("conversation_reference").notNull().default(1000),
  // The secret part of the inbound email address: /api/api/inbound/email/{token}.
  inboundToken: text("inbound_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  ...timestamps,
}, (t) => [uniqueIndex("organization_inbound_token_idx").on(t.inboundToken)]);

export const location = pgTable(
  "location",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: itemStatus(),
    // The business details where this location's differ from the organization's; the rest are the organization's.
    business: jsonb("business").$type<BusinessDetails>().notNull().default(sql`'{}'::jsonb`),
    sharing: sharing(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("location_org_id_idx").on(t.organizationId, t.id),
    index("location_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("location_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("location_org_name_idx").on(t.organizationId, nameOrder(t.name)),
  ],
);
