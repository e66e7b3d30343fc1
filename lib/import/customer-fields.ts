import type { ImportField } from "./fields";

/**
 * What a customer import maps. Labels are the customer list's CSV export
 * headers, so an exported file maps itself (a test holds the two together).
 */
export const CUSTOMER_IMPORT_FIELDS = [
  { id: "type", label: "Type", description: "individual or organization; individual when empty", aliases: ["Kind"] },
  { id: "name", label: "Name", required: true, description: "Full name of the person or organization", aliases: ["Display name"] },
  { id: "phone", label: "Phone", aliases: ["Phone number", "Phone no", "Telephone", "Telephone number", "Tel", "Mobile", "Mobile number", "Mobile phone", "Cell phone"] },
  {
    id: "email",
    label: "Email",
    description: "With matching by email, a customer with this email is updated instead of added",
    aliases: ["Email address", "Mail address"],
  },
  { id: "line1", label: "Address line 1", aliases: ["Address", "Address 1", "Street", "Street address"] },
  { id: "line2", label: "Address line 2", aliases: ["Address 2"] },
  { id: "zip", label: "ZIP / postcode", aliases: ["ZIP code", "Postcode", "Postal code"] },
  { id: "city", label: "City", aliases: ["Town"] },
  { id: "state", label: "State", aliases: ["Region", "Province", "County"] },
  { id: "country", label: "Country" },
  { id: "status", label: "Status", description: "active or removed; active when empty" },
  { id: "id", label: "ID", description: "A customer's ID, as the list's export writes it: that customer is updated. Rows with no such customer are added" },
] as const satisfies readonly ImportField[];

export type CustomerImportFieldId = (typeof CUSTOMER_IMPORT_FIELDS)[number]["id"];
