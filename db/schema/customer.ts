import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { audience, id, itemStatus, sharing, timestamps } from "./columns";
import { location, organization } from "./organization";

/**
 * What customer search matches: name, email, phone and city, as staff type any
 * of them. The list's condition and the trigram index are this one expression,
 * so the planner can use the index.
 */
export const customerSearchText = (t: { name: AnyPgColumn; email: AnyPgColumn; phone: AnyPgColumn; city: AnyPgColumn }) =>
  sql`(${t.name} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.city}, ''))`;

export const customer = pgTable(
  "customer",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["individual", "organization"] }).notNull().default("individual"),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    line1: text("line1"),
    line2: text("line2"),
    zip: text("zip"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    status: itemStatus(),
    locationId: uuid("location_id").references(() => location.id),
    sharing: sharing(),
    audience: audience(),
    ...timestamps,
  },
  (t) => [
    // The default list (active, newest first, then id) in index order, with no sort step.
    index("customer_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id, t.audience),
    index("customer_org_location_created_idx").on(t.organizationId, t.locationId, t.createdAt),
    index("customer_org_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    index("customer_search_trgm_idx").using("gin", sql`${customerSearchText(t)} gin_trgm_ops`),
  ],
);
