import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, itemStatus, sameOrganization, timestamps } from "./columns";
import { customer } from "./customer";
import { organization } from "./organization";

/**
 * Someone to reach at a customer besides the customer's own email and phone (the
 * primary contact): a tenant, the accounts department. It belongs to its customer
 * and is seen and changed as the customer is.
 */
export const contact = pgTable(
  "contact",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").notNull(),
    name: text("name").notNull(),
    // "Tenant", "Accounts".
    role: text("role"),
    email: text("email"),
    // E.164.
    phone: text("phone"),
    preferredChannel: text("preferred_channel", { enum: ["email", "sms", "phone"] }),
    receivesQuotes: boolean("receives_quotes").notNull().default(false),
    receivesInvoices: boolean("receives_invoices").notNull().default(false),
    status: itemStatus(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("contact_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("contact_customer_fk", t.organizationId, t.customerId, customer),
    // A customer's contacts, first made first.
    index("contact_org_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
    // Inbound email finds the customer by a contact's address.
    index("contact_org_email_idx").on(t.organizationId, t.email),
  ],
);
