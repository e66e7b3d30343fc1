import type { ImportField } from "./fields";

/**
 * What a price book import maps. Labels are the price book's CSV export headers,
 * so an exported file maps itself. Amounts are in the currency's units ("12.50").
 */
export const PRICE_ITEM_IMPORT_FIELDS = [
  { id: "name", label: "Name", required: true, aliases: ["Item", "Service", "Title", "Product"] },
  { id: "description", label: "Description", aliases: ["Details", "Notes"] },
  { id: "unit", label: "Unit", description: "hour, piece, metre, square_metre, kilogram, litre, day or flat; piece when empty", aliases: ["UOM", "Unit of measure"] },
  { id: "unit_price", label: "Unit price", required: true, description: "In the organization's currency, e.g. 12.50", aliases: ["Price", "Sale price", "Rate"] },
  { id: "unit_cost", label: "Unit cost", description: "In the organization's currency, e.g. 8.00", aliases: ["Cost", "Cost price", "Purchase price"] },
  { id: "tax_rate", label: "Tax rate", description: "The ID or name of an active tax rate, or its percentage; the default rate when empty", aliases: ["Tax", "VAT", "VAT rate"] },
  { id: "category", label: "Category", aliases: ["Group", "Type"] },
  { id: "status", label: "Status", description: "active or archived; active when empty" },
  { id: "id", label: "ID", description: "An item's ID, as the export writes it: that item is updated. Rows with no such item are added" },
] as const satisfies readonly ImportField[];
