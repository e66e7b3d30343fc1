/**
 * VAT categories of a tax rate and their EN 16931 codes (UNCL5305, BT-118/BT-151),
 * which e-invoices will print. Standard and reduced rates are both "S" there; the
 * rate itself tells them apart.
 */
export const TAX_CATEGORIES = ["standard", "reduced", "zero", "exempt", "reverse_charge"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const EN16931_VAT_CODES: Record<TaxCategory, "S" | "Z" | "E" | "AE"> = {
  standard: "S",
  reduced: "S",
  zero: "Z",
  exempt: "E",
  reverse_charge: "AE",
};

/** Categories whose rate is 0 % by definition: no tax is charged on their lines. */
export const ZERO_RATED: ReadonlySet<TaxCategory> = new Set(["zero", "exempt", "reverse_charge"]);

/** Categories an invoice must say why of (BT-120, the exemption reason). */
export const NEEDS_REASON: ReadonlySet<TaxCategory> = new Set(["exempt"]);
