import { divRound, HUNDRED_PERCENT, pow10, QUANTITY_SCALE, safe, type Minor, type PercentMilli, type Thousandths } from "./decimal";
import { EN16931_VAT_CODES, TAX_CATEGORIES, ZERO_RATED, type En16931VatCode, type TaxCategory } from "./tax";

/**
 * Line nets and totals per tax rate, as EN 16931 computes them: each line's net is
 * rounded to the currency's minor unit once; the tax of a rate is taken on the sum
 * of that rate's line nets (BT-116 × BT-119), rounded once; totals are sums of those.
 * Every amount is an integer in minor units, so the screen, a PDF, the API and an
 * export that call this agree to the cent.
 */

/** The tax of a line: what groups it on an invoice (category code, rate, exemption reason). */
export type LineTax = { category: TaxCategory; percent: PercentMilli; exemptionReason?: string | null; id?: string | null };

/** A discount off a line: an amount in minor units, or a percentage of the line's quantity × price. */
export type Discount = { amount: Minor } | { percent: PercentMilli };

export type Line = { quantity: Thousandths; unitPrice: Minor; discount?: Discount | null; tax: LineTax };

export type TaxGroup = {
  /** EN 16931 VAT category code (BT-118). */
  code: En16931VatCode;
  category: TaxCategory;
  percent: PercentMilli;
  exemptionReason: string | null;
  /** Sum of the group's line nets (BT-116). */
  net: Minor;
  /** Tax on that sum (BT-117). */
  tax: Minor;
  gross: Minor;
};

export type Totals = { currency: string; groups: TaxGroup[]; net: Minor; tax: Minor; gross: Minor };

/**
 * quantity × unit price − discount, in minor units. Quantities are thousandths, so
 * the product is divided by 1000 and rounded half away from zero, once; a percentage
 * discount is taken off before that one rounding.
 */
export function lineNet(line: Pick<Line, "quantity" | "unitPrice" | "discount">): Minor {
  const product = BigInt(line.quantity) * BigInt(line.unitPrice);
  const scale = pow10(QUANTITY_SCALE);
  const discount = line.discount;
  if (discount && "percent" in discount) {
    return safe(divRound(product * BigInt(HUNDRED_PERCENT - discount.percent), scale * BigInt(HUNDRED_PERCENT)));
  }
  return safe(divRound(product, scale) - BigInt(discount?.amount ?? 0));
}

/** Tax at `percent` on a net amount, rounded half away from zero. */
export function taxOn(net: Minor, percent: PercentMilli): Minor {
  return safe(divRound(BigInt(net) * BigInt(percent), BigInt(HUNDRED_PERCENT)));
}

/** What lines of one invoice group share: EN 16931 breaks VAT down by category code, rate and exemption reason. */
export function groupKey(tax: LineTax) {
  return `${EN16931_VAT_CODES[tax.category]}\u0000${ZERO_RATED.has(tax.category) ? 0 : tax.percent}\u0000${tax.exemptionReason ?? ""}`;
}

const byGroup = (a: TaxGroup, b: TaxGroup) =>
  b.percent - a.percent || a.code.localeCompare(b.code) || a.category.localeCompare(b.category) || (a.exemptionReason ?? "").localeCompare(b.exemptionReason ?? "");

/**
 * The totals of a document's lines: one group per tax rate (highest rate first, so
 * the order of lines never matters), and the grand totals as their sums.
 */
export function totals(lines: readonly Line[], currency: string): Totals {
  const nets = new Map<string, { tax: LineTax; net: bigint }>();
  for (const line of lines) {
    const key = groupKey(line.tax);
    const group = nets.get(key) ?? { tax: line.tax, net: 0n };
    // Standard and reduced rates of one percentage are one group: it is named by the first of them in TAX_CATEGORIES, whatever the order of lines.
    if (TAX_CATEGORIES.indexOf(line.tax.category) < TAX_CATEGORIES.indexOf(group.tax.category)) group.tax = line.tax;
    group.net += BigInt(lineNet(line));
    nets.set(key, group);
  }
  const groups: TaxGroup[] = [...nets.values()].map(({ tax, net }) => {
    const zero = ZERO_RATED.has(tax.category);
    const percent = zero ? 0 : tax.percent;
    const groupNet = safe(net);
    const groupTax = zero ? 0 : taxOn(groupNet, percent);
    return {
      code: EN16931_VAT_CODES[tax.category],
      category: tax.category,
      percent,
      exemptionReason: tax.exemptionReason ?? null,
      net: groupNet,
      tax: groupTax,
      gross: safe(BigInt(groupNet) + BigInt(groupTax)),
    };
  });
  groups.sort(byGroup);
  const sum = (pick: (group: TaxGroup) => number) => safe(groups.reduce((total, group) => total + BigInt(pick(group)), 0n));
  return { currency, groups, net: sum((g) => g.net), tax: sum((g) => g.tax), gross: sum((g) => g.gross) };
}

/** Markup of a price over its cost, in thousandths of a percent; null without a cost to mark up. */
export function markupOf(price: Minor, cost: Minor | null | undefined): PercentMilli | null {
  if (cost === null || cost === undefined || cost === 0) return null;
  return safe(divRound((BigInt(price) - BigInt(cost)) * BigInt(HUNDRED_PERCENT), BigInt(cost)));
}

/** The price a cost comes to with a markup (thousandths of a percent), rounded to the minor unit. */
export function priceFromMarkup(cost: Minor, markup: PercentMilli): Minor {
  return safe(divRound(BigInt(cost) * BigInt(HUNDRED_PERCENT + markup), BigInt(HUNDRED_PERCENT)));
}
