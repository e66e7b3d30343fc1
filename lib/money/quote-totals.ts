import type { QuoteChoice, QuoteContent, QuoteDeposit, QuoteLine, QuoteOption } from "@/lib/schemas/quote-content";
import type { Minor } from "./decimal";
import { lineNet, taxOn, totals, type Line, type Totals } from "./totals";

/**
 * A quote's totals, one per option, as the editor, the PDF, the public page and the API
 * all show them (they call this and nothing else): an option's totals count its lines
 * that are not optional, and its optional lines that are ticked (by the office's
 * `selected`, or by the customer's choice when given). Every figure is minor units.
 */

export type OptionTotals = {
  id: string;
  /** Each line's net (quantity × unit price − discount), ticked or not, by line id. */
  lineNets: Record<string, Minor>;
  /** Each section's subtotal: the nets of its counted lines. */
  sections: { id: string; net: Minor }[];
  totals: Totals;
  /** The deposit asked on this option's gross: a percentage of it, or a fixed amount no larger than it. */
  deposit: Minor;
};

export const asMoneyLine = (line: QuoteLine): Line => ({
  quantity: line.quantity,
  unitPrice: line.unit_price,
  discount: line.discount === null ? null : "amount" in line.discount ? { amount: line.discount.amount } : { percent: line.discount.percent_milli },
  tax: { category: line.tax.category, percent: line.tax.percent_milli, exemptionReason: line.tax.exemption_reason, id: line.tax.id },
});

/** Whether a line counts in its option's totals. */
export function lineCounts(line: QuoteLine, choice?: QuoteChoice | null): boolean {
  if (!line.optional) return true;
  return choice ? choice.optional_lines.includes(line.id) : line.selected;
}

export function depositOf(deposit: QuoteDeposit | null, gross: Minor): Minor {
  if (!deposit || gross <= 0) return 0;
  if ("amount" in deposit) return Math.min(deposit.amount, gross);
  return taxOn(gross, deposit.percent_milli);
}

export function optionTotals(option: QuoteOption, currency: string, deposit: QuoteDeposit | null, choice?: QuoteChoice | null): OptionTotals {
  const lineNets: Record<string, Minor> = {};
  const counted: Line[] = [];
  const sections = option.sections.map((section) => {
    let net = 0;
    for (const line of section.lines) {
      const moneyLine = asMoneyLine(line);
      const value = lineNet(moneyLine);
      lineNets[line.id] = value;
      if (lineCounts(line, choice)) {
        counted.push(moneyLine);
        net += value;
      }
    }
    return { id: section.id, net };
  });
  const optionTotal = totals(counted, currency);
  return { id: option.id, lineNets, sections, totals: optionTotal, deposit: depositOf(deposit, optionTotal.gross) };
}

/** Totals of every option; with a choice, the chosen option's optional lines are the customer's. */
export function quoteTotals(content: QuoteContent, currency: string, deposit: QuoteDeposit | null, choice?: QuoteChoice | null): OptionTotals[] {
  return content.options.map((option) => optionTotals(option, currency, deposit, choice && choice.option === option.id ? choice : null));
}
