import "server-only";
import { sql } from "drizzle-orm";
import { contact } from "@/db/schema/contact";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";
import type { PartEntity } from "@/lib/server/scoped-parts";
import { customerEntity } from "./customer";

export type ContactRow = typeof contact.$inferSelect;

export function contactView(row: ContactRow) {
  return {
    id: row.id,
    customer: row.customerId,
    name: row.name,
    role: row.role,
    email: row.email,
    phone: row.phone,
    preferred_channel: row.preferredChannel,
    receives_quotes: row.receivesQuotes,
    receives_invoices: row.receivesInvoices,
    status: row.status,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type ContactView = ReturnType<typeof contactView>;

/** A customer's contact: seen and changed as its customer is (lib/server/scoped-parts.ts). */
export const contactEntity: PartEntity<ContactRow, ContactView> = {
  type: "contact",
  resource: "Contact",
  table: contact,
  owner: customerEntity as unknown as ScopedEntity<never, unknown>,
  columns: {
    id: contact.id,
    organizationId: contact.organizationId,
    ownerId: contact.customerId,
    status: contact.status,
    // Staff look a contact up by name, role or address.
    search: sql`concat_ws(' ', ${contact.name}, ${contact.role}, ${contact.email}, ${contact.phone})`,
  },
  ownerKey: "customerId",
  sorts: { created: contact.createdAt, updated: contact.updatedAt, name: caseless(contact.name) },
  fields: {
    name: "name",
    role: "role",
    email: "email",
    phone: "phone",
    preferred_channel: "preferredChannel",
    receives_quotes: "receivesQuotes",
    receives_invoices: "receivesInvoices",
    status: "status",
  },
  view: contactView,
};
