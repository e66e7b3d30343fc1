import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, itemStatus, sameOrganization, timestamps } from "./columns";
import { contact } from "./contact";
import { customer } from "./customer";
import { organization } from "./organization";

/**
 * A place where a customer has work done: their home, a rental flat, a shop. It
 * belongs to its customer and is seen and changed as the customer is.
 */
export const site = pgTable(
  "site",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull(),
    // "Home", "Rental flat 2B"; none: the address names it.
    label: text("label"),
    line1: text("line1"),
    line2: text("line2"),
    zip: text("zip"),
    city: text("city"),
    state: text("state"),
    // ISO 3166-1 alpha-2.
    country: text("country"),
    // Gate code, where the key is.
    accessNotes: text("access_notes"),
    // Who to ask for at the site: one of the customer's contacts.
    contactId: uuid("contact_id"),
    // IANA; what a visit's wall-clock time at the site means.
    timeZone: text("time_zone").notNull(),
    status: itemStatus(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("site_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("site_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("site_contact_fk", t.organizationId, t.contactId, contact),
    // A customer's sites, first made first.
    index("site_org_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
  ],
);
