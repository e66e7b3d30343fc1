import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { taxRate } from "@/db/schema/price-book";
import { invoiceTotals, type InvoiceTotals } from "@/lib/money/invoice-totals";
import { percentNumber } from "@/lib/money/decimal";
import type { InvoiceAllowanceInput, InvoiceSectionInput } from "@/lib/schemas/invoice";
import type { InvoiceContent, InvoiceLine, InvoiceLineTax, InvoicePrepayment } from "@/lib/schemas/invoice-content";
import type { QuoteContent } from "@/lib/schemas/quote-content";
import { ApiError, badRequest, type FieldError } from "@/lib/server/errors";
import { newPartId, readableLine, readableTax, storedContent } from "./quote-content";
import { ensureTaxRates } from "./tax-rate-defaults";

/**
 * An invoice's content between its readable form (the API) and the stored one
 * (lib/schemas/invoice-content.ts). Lines are read exactly as a quote's lines are
 * (price book, tax copy, discounts: lib/services/quote-content.ts storedContent, through
 * a one-option quote), so both documents agree on what a line is; a line keeps where it
 * came from (`source`) while its id stays.
 */

const OPTION = "invoice";

/** The quote's error paths (options.0.sections…) as the invoice's (sections…). */
function invoicePaths(error: unknown): never {
  if (error instanceof ApiError && error.status === 400 && Array.isArray(error.extra.errors)) {
    const errors = (error.extra.errors as FieldError[]).map((item) => ({ ...item, path: item.path.replace(/^options\.0\./, "") }));
    throw badRequest(errors, error.message);
  }
  throw error;
}

const asQuoteContent = (content: InvoiceContent): QuoteContent => ({
  options: [
    {
      id: OPTION,
      name: OPTION,
      description: null,
      sections: content.sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, optional: false, selected: true })) })),
    },
  ],
});

type TaxRateRow = typeof taxRate.$inferSelect;

const snapshot = (rate: TaxRateRow): InvoiceLineTax => ({
  id: rate.id,
  name: rate.name,
  category: rate.category,
  percent_milli: rate.percentMilli,
  exemption_reason: rate.exemptionReason,
});

/** The stored content of the sections and allowances given; `previous`, the invoice's content before (lines keep their tax copy and source). */
export async function storedInvoiceContent(
  tx: Db,
  organizationId: string,
  input: { sections: InvoiceSectionInput[]; allowances: InvoiceAllowanceInput[] },
  previous?: InvoiceContent,
): Promise<InvoiceContent> {
  const taken = new Set<string>([
    ...input.sections.flatMap((section) => [section.id, ...section.lines.map((line) => line.id)]),
    ...input.allowances.map((allowance) => allowance.id),
  ].filter((id): id is string => id !== undefined));
  if (taken.has(OPTION)) throw badRequest([{ path: "sections", message: "validation.quote.idTwice", values: { id: OPTION } }]);
  const quoteContent = await storedContent(
    tx,
    organizationId,
    [{ id: OPTION, name: OPTION, description: null, sections: input.sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, optional: false, selected: true })) })) }],
    previous ? asQuoteContent(previous) : undefined,
  ).catch(invoicePaths);
  const before = new Map<string, InvoiceLine>();
  for (const section of previous?.sections ?? []) for (const line of section.lines) before.set(line.id, line);
  const used = new Set<string>([...taken, ...quoteContent.options[0].sections.flatMap((section) => [section.id, ...section.lines.map((line) => line.id)])]);

  // Allowances take their rate as lines do: the one named, else the organization's default.
  const defaultRate = await ensureTaxRates(tx, organizationId);
  const rateIds = [...new Set([defaultRate, ...input.allowances.flatMap((allowance) => (allowance.tax_rate ? [allowance.tax_rate] : []))])];
  const rates = new Map((await tx.select().from(taxRate).where(and(eq(taxRate.organizationId, organizationId), inArray(taxRate.id, rateIds)))).map((row) => [row.id, row]));
  const keptAllowances = new Map((previous?.allowances ?? []).map((allowance) => [allowance.id, allowance]));
  const errors: FieldError[] = [];
  const allowances = input.allowances.flatMap((allowance, index) => {
    const rate = rates.get(allowance.tax_rate ?? defaultRate);
    const kept = allowance.id ? keptAllowances.get(allowance.id) : undefined;
    if (!rate) {
      errors.push({ path: `allowances.${index}.tax_rate`, message: "errors.priceItem.taxRateUnknown" });
      return [];
    }
    if (rate.status !== "active" && kept?.tax.id !== rate.id) {
      errors.push({ path: `allowances.${index}.tax_rate`, message: "errors.priceItem.taxRateArchived" });
      return [];
    }
    let id = allowance.id;
    while (!id || (!allowance.id && used.has(id))) id = newPartId();
    used.add(id);
    return [{ id, charge: allowance.charge, reason: allowance.reason, amount: allowance.amount, tax: kept && kept.tax.id === rate.id ? kept.tax : snapshot(rate) }];
  });
  if (errors.length > 0) throw badRequest(errors);
  return {
    sections: quoteContent.options[0].sections.map((section) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.map(({ optional: _optional, selected: _selected, ...line }) => ({ ...line, source: before.get(line.id)?.source ?? null })),
    })),
    allowances,
  };
}


/** The content as the API answers it, with each line's and section's net and the invoice's totals (invoiceTotals, nothing else). */
export function readableInvoice(content: InvoiceContent, currency: string, prepayments: readonly InvoicePrepayment[], totals: InvoiceTotals = invoiceTotals(content, currency, prepayments)) {
  return {
    sections: content.sections.map((section, s) => ({
      id: section.id,
      title: section.title,
      net: totals.sections[s].net,
      lines: section.lines.map((line) => ({
        ...readableLine(line, totals.lineNets[line.id]),
        source: line.source,
      })),
    })),
    allowances: content.allowances.map((allowance) => ({ id: allowance.id, charge: allowance.charge, reason: allowance.reason, amount: allowance.amount, tax: readableTax(allowance.tax) })),
    totals: {
      lines: totals.lines,
      allowances: totals.allowances,
      charges: totals.charges,
      net: totals.net,
      tax: totals.tax,
      gross: totals.gross,
      prepaid: totals.prepaid,
      due: totals.due,
      groups: totals.groups.map((group) => ({
        code: group.code,
        category: group.category,
        percent: percentNumber(group.percent),
        exemption_reason: group.exemptionReason,
        net: group.net,
        tax: group.tax,
        gross: group.gross,
      })),
    },
  };
}
