import type { ImportField } from "./fields";

/**
 * What a customer import maps. Labels are the customer list's CSV export
 * headers, so an exported file maps itself (a test holds the two together).
 */
export const CUSTOMER_IMPORT_FIELDS = [
  { id: "type", label: "Type", description: "individual or organization; individual when empty" },
  { id: "name", label: "Name", required: true, description: "Full name of the person or organization" },
  { id: "phone", label: "Phone" },
  { id: "email", label: "Email", description: "With matching by email, a customer with this email is updated instead of added" },
  { id: "line1", label: "Address line 1" },
  { id: "line2", label: "Address line 2" },
  { id: "zip", label: "ZIP / postcode" },
  { id: "city", label: "City" },
  { id: "state", label: "State" },
  { id: "country", label: "Country" },
  { id: "status", label: "Status", description: "active or removed; active when empty" },
] as const satisfies readonly ImportField[];

export type CustomerImportFieldId = (typeof CUSTOMER_IMPORT_FIELDS)[number]["id"];
