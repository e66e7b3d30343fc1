import type { translatorFor } from "@/lib/i18n/messages";
import type { Minor } from "@/lib/money/decimal";
import { ZERO_RATED } from "@/lib/money/tax";
import { groupKey, type TaxGroup, type Totals } from "@/lib/money/totals";
import type { DocumentSeller, QuoteLineTax } from "@/lib/schemas/quote-content";
import { PRICE_UNITS, UNIT_WORD_KEYS, type PriceUnit } from "@/lib/schemas/price-book-values";
import type { TotalRow } from "./blocks";
import { addressLines, formatPercent } from "./format";

/** Texts documents print, from their data and the catalogue of their language. */

export type Translator = ReturnType<typeof translatorFor>;

/** A price unit after a quantity ("2 hours", "1,5 Std."); an unknown unit as it is written. */
export function unitName(unit: string, quantity: number, t: Translator): string {
  if (!(PRICE_UNITS as readonly string[]).includes(unit)) return unit;
  // The plural form only: a quantity in thousandths read as a number for choosing it (one or other).
  return t(UNIT_WORD_KEYS[unit as PriceUnit] as "document.unit.hour", { count: quantity / 1000 });
}

/** A line's tax rate in the table: its percentage (0 % for zero-rated, exempt and reverse-charge lines). */
export const taxRateLabel = (line: { tax: QuoteLineTax }, locale: string) => formatPercent(ZERO_RATED.has(line.tax.category) ? 0 : line.tax.percent_milli, locale);

/** A document's parties' VAT ids, which the reverse-charge and intra-community notes of an invoice state. */
export type VatIds = { seller: string | null; buyer: string | null };

/**
 * The rows of the tax breakdown (each rate named as its lines name it, with the net it is
 * taken on) and the notes the rates need: an exemption's reason, the reverse charge, an
 * intra-community supply. `taxes` are the rates of the document's lines (and allowances)
 * in their order. With `vatIds` (an invoice), the notes are the legal mentions an invoice
 * carries, with both parties' VAT ids.
 */
export function taxGroupRows(
  taxes: Iterable<QuoteLineTax>,
  groups: TaxGroup[],
  context: { locale: string; t: Translator; money: (amount: Minor) => string; vatIds?: VatIds },
) {
  const { locale, t, money, vatIds } = context;
  const names = new Map<string, string>();
  for (const tax of taxes) {
    const key = groupKey({ category: tax.category, percent: tax.percent_milli, exemptionReason: tax.exemption_reason });
    if (!names.has(key)) names.set(key, tax.name);
  }
  const rows = groups.map((group) => {
    const name = names.get(groupKey({ category: group.category, percent: group.percent, exemptionReason: group.exemptionReason })) ?? "";
    return { label: t("document.totals.taxGroup", { name, rate: formatPercent(group.percent, locale), net: money(group.net) }).trim(), tax: group.tax };
  });
  const notes: string[] = [];
  for (const group of groups) {
    const intraCommunity = group.category === "intra_community";
    if (group.category === "reverse_charge") notes.push(vatIds ? t("document.totals.reverseChargeInvoice") : t("document.totals.reverseCharge"));
    if (intraCommunity) notes.push(t("document.totals.intraCommunity"));
    if (vatIds && (group.category === "reverse_charge" || intraCommunity))
      notes.push(t("document.totals.vatIds", { seller: vatIds.seller ?? "—", buyer: vatIds.buyer ?? "—" }));
    if (group.exemptionReason && (group.category === "exempt" || intraCommunity))
      notes.push(t("document.totals.exemption", { reason: group.exemptionReason }));
  }
  return { rows, notes: [...new Set(notes)] };
}

/** Total net, the tax of each rate, the total tax when there are several rates, and the gross, bold under a rule. */
export function taxTotalRows(totals: Totals, taxes: { label: string; tax: Minor }[], { money, t }: { money: (amount: Minor) => string; t: Translator }): TotalRow[] {
  const rows: TotalRow[] = [{ label: t("document.totals.net"), value: money(totals.net) }];
  for (const group of taxes) rows.push({ label: group.label, value: money(group.tax) });
  if (taxes.length > 1) rows.push({ label: t("document.totals.tax"), value: money(totals.tax) });
  rows.push({ label: t("document.totals.gross"), value: money(totals.gross), bold: true, ruleAbove: true });
  return rows;
}

/** The business under its name at the top: legal name, address, phone, email, website. */
export function sellerDetails(seller: DocumentSeller, locale: string, t: Translator): string[] {
  return [
    ...(seller.legal_name && seller.legal_name !== seller.name ? [seller.legal_name] : []),
    ...addressLines(seller, locale),
    ...(seller.phone ? [t("document.seller.phone", { value: seller.phone })] : []),
    ...(seller.email ? [seller.email] : []),
    ...(seller.website ? [seller.website] : []),
  ];
}

/** The business's legal details at the foot of each page: legal name and address, tax id, registration. */
export function sellerLegalLines(seller: DocumentSeller, locale: string, t: Translator): string[] {
  const identity = [seller.legal_name || seller.name, addressLines(seller, locale).join(", ")].filter(Boolean).join(" · ");
  const numbers = [
    ...(seller.tax_id ? [t("document.seller.taxId", { value: seller.tax_id })] : []),
    ...(seller.registration ? [t("document.seller.registration", { value: seller.registration })] : []),
  ].join(" · ");
  return [identity, numbers].filter(Boolean);
}
