import type { translatorFor } from "@/lib/i18n/messages";
import type { Minor } from "@/lib/money/decimal";
import { ZERO_RATED } from "@/lib/money/tax";
import { groupKey, type TaxGroup } from "@/lib/money/totals";
import { asMoneyLine } from "@/lib/money/quote-totals";
import type { DocumentSeller, QuoteLine, QuoteOption } from "@/lib/schemas/quote-content";
import { PRICE_UNITS, UNIT_WORD_KEYS, type PriceUnit } from "@/lib/schemas/price-book-values";
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
export const taxRateLabel = (line: QuoteLine, locale: string) => formatPercent(ZERO_RATED.has(line.tax.category) ? 0 : line.tax.percent_milli, locale);

/**
 * The rows of the tax breakdown (each rate named as its lines name it, with the net it is
 * taken on) and the notes the rates need: an exemption's reason, the reverse charge, an intra-community supply.
 */
export function taxGroupRows(option: QuoteOption, groups: TaxGroup[], context: { locale: string; t: Translator; money: (amount: Minor) => string }) {
  const { locale, t, money } = context;
  const names = new Map<string, string>();
  for (const section of option.sections)
    for (const line of section.lines) {
      const key = groupKey(asMoneyLine(line).tax);
      if (!names.has(key)) names.set(key, line.tax.name);
    }
  const rows = groups.map((group) => {
    const name = names.get(groupKey({ category: group.category, percent: group.percent, exemptionReason: group.exemptionReason })) ?? "";
    return { label: t("document.totals.taxGroup", { name, rate: formatPercent(group.percent, locale), net: money(group.net) }).trim(), tax: group.tax };
  });
  const notes: string[] = [];
  for (const group of groups) {
    if (group.category === "exempt" && group.exemptionReason) notes.push(t("document.totals.exemption", { reason: group.exemptionReason }));
    if (group.category === "reverse_charge") notes.push(t("document.totals.reverseCharge"));
    if (group.category === "intra_community") notes.push(t("document.totals.intraCommunity"));
  }
  return { rows, notes: [...new Set(notes)] };
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
