import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { EINVOICE_FORMATS } from "@/lib/schemas/invoice-values";
import { audience, id, itemStatus, nameOrder, sameOrganization, searchSlice, searchText, sharing, storedView, timestamps } from "./columns";
import { location, organization } from "./organization";


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
    // The language of what is sent to the customer; null: the organization's.
    language: text("language"),
    // Booking confirmations, reminders and follow-ups sent without anyone writing them; off by staff or the customer's unsubscribe link.
    automatedEmails: boolean("automated_emails").notNull().default(true),
    // The buyer's VAT id (EN 16931 BT-48), printed on invoices and their e-invoices.
    vatNumber: text("vat_number"),
    // The e-invoice the customer receives with each invoice (lib/schemas/invoice-values.ts).
    einvoiceFormat: text("einvoice_format", { enum: EINVOICE_FORMATS }).notNull().default("none"),
    status: itemStatus(),
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    // Customer search matches name, email, phone and city, as staff type any of them.
    searchText: searchText(`name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, '')`),
    searchSlice: searchSlice(),
    storedView: storedView(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("customer_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("customer_location_fk", t.organizationId, t.locationId, location),
    // The default list (active, newest first, then id) in index order, with no sort step.
    index("customer_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id, t.audience),
    index("customer_org_location_created_idx").on(t.organizationId, t.locationId, t.createdAt),
    index("customer_org_name_idx").on(t.organizationId, nameOrder(t.name)),
    // Exact lookups: the form's "another customer has this email / phone" and the import's match by email.
    index("customer_org_email_idx").on(t.organizationId, t.email),
    index("customer_org_phone_idx").on(t.organizationId, t.phone),
    // A search newest first, one period at a time (columns.ts `searchSlice`); a search by
    // the trigrams alone reads the same index, as it would one on the search text only.
    index("customer_search_slice_idx").using("gin", t.searchSlice, sql`${t.searchText} gin_trgm_ops`),
  ],
);
