/**
 * VAT categories of a tax rate and their EN 16931 codes (UNCL5305, BT-118/BT-151),
 * which e-invoices print. Standard and reduced rates are both "S" there; the
 * rate itself tells them apart. An intra-community supply ("K") is a supply of goods or
 * services to a business in another EU member state: zero-rated, and its invoice names
 * both VAT identifiers and where the goods went.
 */
export const TAX_CATEGORIES = ["standard", "reduced", "zero", "exempt", "reverse_charge", "intra_community"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export type En16931VatCode = "S" | "Z" | "E" | "AE" | "K";

export const EN16931_VAT_CODES: Record<TaxCategory, En16931VatCode> = {
  standard: "S",
  reduced: "S",
  zero: "Z",
  exempt: "E",
  reverse_charge: "AE",
  intra_community: "K",
};

/** Categories whose rate is 0 % by definition: no tax is charged on their lines. */
export const ZERO_RATED: ReadonlySet<TaxCategory> = new Set(["zero", "exempt", "reverse_charge", "intra_community"]);

/** Categories an invoice must say why of (BT-120, the exemption reason). */
export const NEEDS_REASON: ReadonlySet<TaxCategory> = new Set(["exempt"]);
