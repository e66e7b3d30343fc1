import { optionsToBody, optionsToContent, optionsToValues, newId, taxOf, type AnsweredLine, type RateForTotals, type SectionValues } from "@/components/quote/quote-values";
import type { InvoiceContent } from "@/lib/schemas/invoice-content";

/**
 * The invoice editor's values and their conversions, through the quote editor's own
 * (components/quote/quote-values.ts): an invoice's sections are one option's, of lines
 * that are never optional; its document allowances and charges are added here.
 */

export type AllowanceValues = { id: string; charge: boolean; reason: string; amount: number | null; tax_rate: string | null };

type AnsweredSection = { id: string; title: string; lines: Omit<AnsweredLine, "optional" | "selected">[] };
export type AnsweredAllowance = { id: string; charge: boolean; reason: string; amount: number; tax: AnsweredLine["tax"] };

const ONE = "invoice";

const asOption = (sections: AnsweredSection[]) => [
  { id: ONE, name: ONE, description: null, sections: sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, optional: false, selected: true })) })) },
];

export function sectionsToValues(sections: AnsweredSection[]): SectionValues[] {
  return optionsToValues(asOption(sections))[0].sections;
}

export function allowancesToValues(allowances: AnsweredAllowance[]): AllowanceValues[] {
  return allowances.map((allowance) => ({ id: allowance.id, charge: allowance.charge, reason: allowance.reason, amount: allowance.amount, tax_rate: allowance.tax.id }));
}

export const newAllowance = (charge: boolean): AllowanceValues => ({ id: newId(), charge, reason: "", amount: null, tax_rate: null });

/** The sections as PATCH takes them: a quote option's, without what only quotes have. */
export function sectionsToBody(sections: SectionValues[]) {
  const [option] = optionsToBody([{ id: ONE, name: ONE, description: "", sections }]);
  return option.sections.map((section) => ({ ...section, lines: section.lines.map(({ optional: _optional, selected: _selected, ...line }) => line) }));
}

export function allowancesToBody(allowances: AllowanceValues[]) {
  return allowances.map((allowance) => ({
    id: allowance.id,
    charge: allowance.charge,
    reason: allowance.reason,
    amount: allowance.amount ?? 0,
    ...(allowance.tax_rate ? { tax_rate: allowance.tax_rate } : {}),
  }));
}

/** The content as it would be stored, for `invoiceTotals`: lines as a quote's are, allowances at their rate (the default when none is chosen). */
export function invoiceContentOf(sections: SectionValues[], allowances: AllowanceValues[], rates: RateForTotals[], saved: { sections: AnsweredSection[]; allowances: AnsweredAllowance[] }): InvoiceContent {
  const content = optionsToContent([{ id: ONE, name: ONE, description: "", sections }], rates, asOption(saved.sections));
  const savedTax = new Map(saved.allowances.map((allowance) => [allowance.id, allowance.tax]));
  const fallback = rates.find((rate) => rate.default) ?? null;
  return {
    sections: content.options[0].sections.map((section) => ({
      ...section,
      lines: section.lines.map(({ optional: _optional, selected: _selected, ...line }) => ({ ...line, source: null })),
    })),
    allowances: allowances.map((allowance) => {
      const kept = savedTax.get(allowance.id);
      const rate = kept && kept.id === allowance.tax_rate ? { ...kept, id: kept.id ?? "" } : (allowance.tax_rate && rates.find((one) => one.id === allowance.tax_rate)) || fallback;
      const tax = rate ? taxOf(rate) : { id: null, name: "", category: "zero" as const, percent_milli: 0, exemption_reason: null };
      return { id: allowance.id, charge: allowance.charge, reason: allowance.reason, amount: allowance.amount ?? 0, tax };
    }),
  };
}
