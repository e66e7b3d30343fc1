import type { TaxCategory } from "@/lib/money/tax";

/** The columns a stored line has (a project's agreed line, a visit's time or material): quantity in thousandths, prices in minor units, the tax rate copied in. */
type StoredLineRow = {
  priceItemId: string | null;
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  unitCost: number | null;
  discountPercentMilli?: number | null;
  discountAmount?: number | null;
  taxRateId: string | null;
  taxName: string;
  taxCategory: string;
  taxPercentMilli: number;
  taxExemptionReason: string | null;
};

/** A stored line's fields as a quote's or an invoice's line carries them; each adds its own id and flags. */
export const storedLine = (row: StoredLineRow) => ({
  price_item: row.priceItemId,
  name: row.name,
  description: row.description,
  quantity: row.quantity,
  unit: row.unit,
  unit_price: row.unitPrice,
  unit_cost: row.unitCost,
  discount:
    row.discountPercentMilli != null ? { percent_milli: row.discountPercentMilli } : row.discountAmount != null ? { amount: row.discountAmount } : null,
  tax: { id: row.taxRateId, name: row.taxName, category: row.taxCategory as TaxCategory, percent_milli: row.taxPercentMilli, exemption_reason: row.taxExemptionReason },
});
