import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, itemStatus, sharing, timestamps } from "./columns";

export type OrganizationOauth = { type: "google" | "microsoft"; email: string; tokens: string };

export const organization = pgTable("organization", {
  id: id(),
  name: text("name").notNull(),
  color: text("color").notNull().default("#0090FF"),
  image: uuid("image"),
  language: text("language").notNull().default("en-US"),
  oauth: jsonb("oauth").$type<OrganizationOauth>(),
  ...timestamps,
});

export const location = pgTable(
  "location",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: itemStatus(),
    sharing: sharing(),
    ...timestamps,
  },
  (t) => [
    index("location_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("location_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("location_org_name_idx").on(t.organizationId, sql`lower(${t.name})`),
  ],
);
