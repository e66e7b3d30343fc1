import "server-only";
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceItem, taxRate } from "@/db/schema/price-book";
import { percentNumber, QUANTITY_SCALE, toScaled } from "@/lib/money/decimal";
import { lineNet } from "@/lib/money/totals";
import { quoteTotals } from "@/lib/money/quote-totals";
import type { QuoteLineInput, QuoteOptionInput } from "@/lib/schemas/quote";
import type { QuoteContent, QuoteDeposit, QuoteDiscount, QuoteLine, QuoteLineTax } from "@/lib/schemas/quote-content";
import { toPercentMilli } from "@/lib/schemas/tax-rate";
import { badRequest, type FieldError } from "@/lib/server/errors";
import { ensureTaxRates } from "./tax-rate-defaults";

/**
 * A quote's content between its readable form (the API: quantity 1.5, percent 5.5) and
 * the stored one (lib/schemas/quote-content.ts: integers only). Lines from the price
 * book take what they leave out from the item; every line's tax rate is copied in, the
 * organization's default where none is named. Ids left out are made here.
 */

type PercentOrAmount = { percent: number } | { amount: number } | null | undefined;

export const storedDiscount = (value: PercentOrAmount): QuoteDiscount | null =>
  !value ? null : "amount" in value ? { amount: value.amount } : { percent_milli: toPercentMilli(value.percent) };

export const storedDeposit = storedDiscount as (value: PercentOrAmount) => QuoteDeposit | null;

export const readableShare = (value: QuoteDiscount | QuoteDeposit | null) =>
  value === null ? null : "amount" in value ? { amount: value.amount } : { percent: percentNumber(value.percent_milli) };

/** An id the editor would make: 12 characters of [A-Za-z0-9_-]. */
export const newPartId = () => crypto.randomBytes(9).toString("base64url");

type TaxRateRow = typeof taxRate.$inferSelect;
type PriceItemRow = typeof priceItem.$inferSelect;

const snapshot = (rate: TaxRateRow): QuoteLineTax => ({
  id: rate.id,
  name: rate.name,
  category: rate.category,
  percent_milli: rate.percentMilli,
  exemption_reason: rate.exemptionReason,
});

/**
 * The stored content of the options given. `previous`: the quote's content before, whose
 * lines keep their tax snapshot when they name the same rate (a rate renamed since does
 * not change a line nobody touched).
 */
export async function storedContent(tx: Db, organizationId: string, options: QuoteOptionInput[], previous?: QuoteContent): Promise<QuoteContent> {
  const lines = options.flatMap((option) => option.sections.flatMap((section) => section.lines));
  const itemIds = [...new Set(lines.flatMap((line) => (line.price_item ? [line.price_item] : [])))];
  const items = new Map<string, PriceItemRow>(
    itemIds.length === 0
      ? []
      : (await tx.select().from(priceItem).where(and(eq(priceItem.organizationId, organizationId), inArray(priceItem.id, itemIds)))).map((row) => [row.id, row]),
  );
  const defaultRate = await ensureTaxRates(tx, organizationId);
  const rateIds = [...new Set([defaultRate, ...lines.flatMap((line) => (line.tax_rate ? [line.tax_rate] : [])), ...[...items.values()].flatMap((item) => (item.taxRateId ? [item.taxRateId] : []))])];
  const rates = new Map<string, TaxRateRow>(
    (await tx.select().from(taxRate).where(and(eq(taxRate.organizationId, organizationId), inArray(taxRate.id, rateIds)))).map((row) => [row.id, row]),
  );
  const kept = new Map<string, QuoteLine>();
  for (const option of previous?.options ?? []) for (const section of option.sections) for (const line of section.lines) kept.set(line.id, line);

  const errors: FieldError[] = [];
  const used = new Set<string>(lines.flatMap((line) => (line.id ? [line.id] : [])));
  for (const option of options) {
    if (option.id) used.add(option.id);
    for (const section of option.sections) if (section.id) used.add(section.id);
  }
  const idFor = (given: string | undefined) => {
    if (given) return given;
    let made = newPartId();
    while (used.has(made)) made = newPartId();
    used.add(made);
    return made;
  };

  const lineOf = (input: QuoteLineInput, path: string): QuoteLine | null => {
    const item = input.price_item ? items.get(input.price_item) : undefined;
    if (input.price_item && !item) {
      errors.push({ path: `${path}.price_item`, message: "errors.quote.priceItemUnknown" });
      return null;
    }
    const name = input.name || item?.name;
    const unit = input.unit ?? item?.unit;
    const unitPrice = input.unit_price ?? item?.unitPrice;
    if (!name) errors.push({ path: `${path}.name`, message: "validation.required" });
    if (!unit) errors.push({ path: `${path}.unit`, message: "validation.required" });
    if (unitPrice === undefined) errors.push({ path: `${path}.unit_price`, message: "validation.required" });
    const rateId = input.tax_rate ?? item?.taxRateId ?? defaultRate;
    const rate = rates.get(rateId);
    if (!rate) errors.push({ path: `${path}.tax_rate`, message: "errors.priceItem.taxRateUnknown" });
    else if (rate.status !== "active" && kept.get(input.id ?? "")?.tax.id !== rate.id) {
      errors.push({ path: `${path}.tax_rate`, message: "errors.priceItem.taxRateArchived" });
    }
    if (!name || !unit || unitPrice === undefined || !rate) return null;
    const quantity = toScaled(input.quantity, QUANTITY_SCALE)!;
    const discount = storedDiscount(input.discount);
    if (discount && "amount" in discount && discount.amount > lineNet({ quantity, unitPrice, discount: null })) {
      errors.push({ path: `${path}.discount`, message: "errors.quote.discountTooLarge" });
    }
    const before = input.id ? kept.get(input.id) : undefined;
    return {
      id: idFor(input.id),
      price_item: item?.id ?? null,
      name,
      description: input.description !== undefined ? input.description : (item?.description ?? null),
      quantity,
      unit,
      unit_price: unitPrice,
      unit_cost: input.unit_cost !== undefined ? input.unit_cost : (item?.unitCost ?? null),
      discount,
      tax: before && before.tax.id === rate.id ? before.tax : snapshot(rate),
      optional: input.optional,
      selected: input.optional ? input.selected : true,
    };
  };

  const content: QuoteContent = {
    options: options.map((option, o) => ({
      id: idFor(option.id),
      name: option.name,
      description: option.description ?? null,
      sections: option.sections.map((section, s) => ({
        id: idFor(section.id),
        title: section.title,
        lines: section.lines.flatMap((line, l) => lineOf(line, `options.${o}.sections.${s}.lines.${l}`) ?? []),
      })),
    })),
  };
  if (errors.length > 0) throw badRequest(errors.slice(0, 50));
  return content;
}

/** The content as the API answers it, with each line's and section's net and each option's totals (quoteTotals, nothing else). */
export function readableContent(
  content: QuoteContent,
  currency: string,
  deposit: QuoteDeposit | null,
  choice?: { option: string; optional_lines: string[] } | null,
  totals = quoteTotals(content, currency, deposit, choice),
) {
  return content.options.map((option, o) => {
    const figures = totals[o];
    return {
      id: option.id,
      name: option.name,
      description: option.description,
      sections: option.sections.map((section, s) => ({
        id: section.id,
        title: section.title,
        net: figures.sections[s].net,
        lines: section.lines.map((line) => ({
          ...readableLine(line, figures.lineNets[line.id]),
          optional: line.optional,
          selected: line.selected,
        })),
      })),
      totals: {
        net: figures.totals.net,
        tax: figures.totals.tax,
        gross: figures.totals.gross,
        groups: figures.totals.groups.map((group) => ({
          code: group.code,
          category: group.category,
          percent: percentNumber(group.percent),
          exemption_reason: group.exemptionReason,
          net: group.net,
          tax: group.tax,
          gross: group.gross,
        })),
      },
      deposit: figures.deposit,
    };
  });
}

/** The figure lists show and sort by: the gross of the chosen option once approved, else of the first. */
export function quoteTotal(content: QuoteContent, currency: string, deposit: QuoteDeposit | null, chosen: string | null, choice?: { option: string; optional_lines: string[] } | null): number {
  const totals = quoteTotals(content, currency, deposit, choice);
  const index = chosen ? content.options.findIndex((option) => option.id === chosen) : 0;
  return totals[Math.max(0, index)]?.totals.gross ?? 0;
}

/** A line's tax rate as the API answers it: the percentage as a number (5.5). */
export const readableTax = (tax: QuoteLineTax) => ({ id: tax.id, name: tax.name, category: tax.category, percent: percentNumber(tax.percent_milli), exemption_reason: tax.exemption_reason });

/** What a quote's and an invoice's lines answer alike: quantity as a decimal, discount and tax readable, and the line's net. */
export function readableLine(line: Pick<QuoteLine, "id" | "price_item" | "name" | "description" | "quantity" | "unit" | "unit_price" | "unit_cost" | "discount" | "tax">, net: number) {
  return {
    id: line.id,
    price_item: line.price_item,
    name: line.name,
    description: line.description,
    quantity: line.quantity / 1000,
    unit: line.unit,
    unit_price: line.unit_price,
    unit_cost: line.unit_cost,
    discount: readableShare(line.discount),
    tax: readableTax(line.tax),
    net,
  };
}
