import "server-only";
import { customer } from "@/db/schema/customer";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

export type CustomerRow = typeof customer.$inferSelect;

function customerView(row: CustomerRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    phone: row.phone,
    email: row.email,
    line1: row.line1,
    line2: row.line2,
    zip: row.zip,
    city: row.city,
    state: row.state,
    country: row.country,
    // The language of what is sent to the customer; null follows the organization's.
    language: row.language,
    // Automated emails (confirmations, reminders, follow-ups) may go to the customer.
    automated_emails: row.automatedEmails,
    // On invoices: the buyer's VAT id, and the e-invoice sent with each (none, facturx, xrechnung, ubl).
    vat_number: row.vatNumber,
    einvoice_format: row.einvoiceFormat,
    status: row.status,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export const customerEntity: ScopedEntity<CustomerRow, ReturnType<typeof customerView>> = {
  type: "customer",
  resource: "Customer",
  table: customer,
  columns: {
    id: customer.id,
    organizationId: customer.organizationId,
    location: customer.locationId,
    sharing: customer.sharing,
    audience: customer.audience,
    status: customer.status,
    search: { lowered: customer.searchText },
    searchSlice: customer.searchSlice,
    storedView: customer.storedView,
  },
  sorts: { created: customer.createdAt, updated: customer.updatedAt, name: caseless(customer.name) },
  locationKey: "locationId",
  fields: {
    type: "type",
    name: "name",
    phone: "phone",
    email: "email",
    line1: "line1",
    line2: "line2",
    zip: "zip",
    city: "city",
    state: "state",
    country: "country",
    language: "language",
    automated_emails: "automatedEmails",
    vat_number: "vatNumber",
    einvoice_format: "einvoiceFormat",
    status: "status",
    sharing: "sharing",
  },
  view: customerView,
  rowLocation: (row) => row.locationId,
};
