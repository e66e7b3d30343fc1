import { PERCENT_SCALE, QUANTITY_SCALE, toScaled } from "@/lib/money/decimal";
import type { TaxCategory } from "@/lib/money/tax";
import type { QuoteContent, QuoteDeposit, QuoteDiscount, QuoteLine, QuoteLineTax } from "@/lib/schemas/quote-content";

/**
 * The quote editor's values and their two conversions: to the body PATCH takes (the
 * API's readable form: quantity 1.5, percent 5.5, amounts in minor units, a line's
 * tax rate by id), and to the stored content (integers only) that `quoteTotals`
 * computes the live totals from, the same function the server runs on what it stores.
 */

/** A discount or deposit as typed: a percentage or an amount in minor units. */
export type PercentOrAmount = { percent: number } | { amount: number };

export type LineValues = {
  id: string;
  price_item: string | null;
  name: string;
  description: string;
  /** As typed; "" while the input is empty. */
  quantity: number | "";
  unit: string;
  unit_price: number | null;
  unit_cost: number | null;
  discount: PercentOrAmount | null;
  tax_rate: string | null;
  optional: boolean;
  selected: boolean;
};

export type SectionValues = { id: string; title: string; lines: LineValues[] };
export type OptionValues = { id: string; name: string; description: string; sections: SectionValues[] };

/** A line as GET /quote/{id} answers it (readable form, tax as it was copied in). */
export type AnsweredLine = {
  id: string;
  price_item: string | null;
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  unit_cost: number | null;
  discount: PercentOrAmount | null;
  tax: { id: string | null; name: string; category: TaxCategory; percent: number; exemption_reason: string | null };
  optional: boolean;
  selected: boolean;
};
export type AnsweredOption = {
  id: string;
  name: string;
  description: string | null;
  sections: { id: string; title: string; lines: AnsweredLine[] }[];
};

/** A tax rate as GET /tax_rate lists it (the fields the editor needs). */
export type RateForTotals = { id: string; name: string; category: TaxCategory; percent: number; exemption_reason: string | null; default?: boolean };

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A short id for a new option, section or line, unique within a quote by its randomness (10 characters, 52 bits). */
export function newId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

export const emptySection = (title = ""): SectionValues => ({ id: newId(), title, lines: [] });
export const emptyOption = (name = ""): OptionValues => ({ id: newId(), name, description: "", sections: [emptySection()] });

/** What a new free line starts as. */
export const freeLine = (unit = "piece"): LineValues => ({
  id: newId(),
  price_item: null,
  name: "",
  description: "",
  quantity: 1,
  unit,
  unit_price: null,
  unit_cost: null,
  discount: null,
  tax_rate: null,
  optional: false,
  selected: true,
});

/** A price book item as a new line of quantity 1, with its price, cost and rate copied. */
export function lineFromItem(item: {
  id: string;
  name: string;
  description: string | null;
  unit: string;
  unit_price: number;
  unit_cost: number | null;
  tax_rate: string;
}): LineValues {
  return {
    ...freeLine(item.unit),
    price_item: item.id,
    name: item.name,
    description: item.description ?? "",
    unit_price: item.unit_price,
    unit_cost: item.unit_cost,
    tax_rate: item.tax_rate,
  };
}

/** The editor's values of a quote's options as the API answered them. */
export function optionsToValues(options: AnsweredOption[]): OptionValues[] {
  return options.map((option) => ({
    id: option.id,
    name: option.name,
    description: option.description ?? "",
    sections: option.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.map((line) => ({
        id: line.id,
        price_item: line.price_item,
        name: line.name,
        description: line.description ?? "",
        quantity: line.quantity,
        unit: line.unit,
        unit_price: line.unit_price,
        unit_cost: line.unit_cost,
        discount: line.discount,
        tax_rate: line.tax.id,
        optional: line.optional,
        selected: line.selected,
      })),
    })),
  }));
}

const text = (value: string) => (value.trim() === "" ? null : value);

/** The options as the create and PATCH bodies take them; an empty text is left out (null), a line's rate left empty takes the default. */
export function optionsToBody(options: OptionValues[]) {
  return options.map((option) => ({
    id: option.id,
    name: option.name,
    description: text(option.description),
    sections: option.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.map((line) => ({
        id: line.id,
        ...(line.price_item ? { price_item: line.price_item } : {}),
        name: line.name,
        description: text(line.description),
        quantity: line.quantity === "" ? 0 : line.quantity,
        unit: line.unit,
        ...(line.unit_price === null ? {} : { unit_price: line.unit_price }),
        unit_cost: line.unit_cost,
        discount: line.discount,
        ...(line.tax_rate ? { tax_rate: line.tax_rate } : {}),
        optional: line.optional,
        selected: line.selected,
      })),
    })),
  }));
}

/** A discount as stored, or none for an empty or unreadable one. */
function storedDiscount(discount: PercentOrAmount | null): QuoteDiscount | null {
  if (!discount) return null;
  if ("amount" in discount) return Number.isSafeInteger(discount.amount) && discount.amount !== 0 ? { amount: discount.amount } : null;
  const milli = toScaled(discount.percent, PERCENT_SCALE, true);
  return milli ? { percent_milli: milli } : null;
}

export function storedDeposit(deposit: PercentOrAmount | null): QuoteDeposit | null {
  if (!deposit) return null;
  if ("amount" in deposit) return Number.isSafeInteger(deposit.amount) ? { amount: deposit.amount } : null;
  const milli = toScaled(deposit.percent, PERCENT_SCALE, true);
  return milli === null ? null : { percent_milli: milli };
}

export const taxOf = (rate: RateForTotals): QuoteLineTax => ({
  id: rate.id,
  name: rate.name,
  category: rate.category,
  percent_milli: toScaled(rate.percent, PERCENT_SCALE, true) ?? 0,
  exemption_reason: rate.exemption_reason,
});

/**
 * The options as stored, for the totals: a line keeps the tax it was saved with while
 * its rate is unchanged (the rate may have changed since; the quote did not), a rate
 * chosen now is taken from the organization's rates, and an empty one is the default.
 * What is still being typed (an empty price or quantity) counts as 0.
 */
export function optionsToContent(options: OptionValues[], rates: RateForTotals[], saved: AnsweredOption[] = []): QuoteContent {
  const savedTax = new Map<string, AnsweredLine["tax"]>();
  for (const line of saved.flatMap((option) => option.sections.flatMap((section) => section.lines))) savedTax.set(line.id, line.tax);
  const fallback = rates.find((rate) => rate.default) ?? null;
  const taxFor = (line: LineValues): QuoteLineTax => {
    const kept = savedTax.get(line.id);
    if (kept && kept.id === line.tax_rate) return taxOf({ ...kept, id: kept.id ?? "" });
    const rate = (line.tax_rate && rates.find((one) => one.id === line.tax_rate)) || fallback;
    return rate ? taxOf(rate) : { id: null, name: "", category: "zero", percent_milli: 0, exemption_reason: null };
  };
  return {
    options: options.map((option) => ({
      id: option.id,
      name: option.name,
      description: text(option.description),
      sections: option.sections.map((section) => ({
        id: section.id,
        title: section.title,
        lines: section.lines.map(
          (line): QuoteLine => ({
            id: line.id,
            price_item: line.price_item,
            name: line.name,
            description: text(line.description),
            quantity: (line.quantity === "" ? 0 : toScaled(line.quantity, QUANTITY_SCALE, true)) ?? 0,
            unit: line.unit,
            unit_price: line.unit_price ?? 0,
            unit_cost: line.unit_cost,
            discount: storedDiscount(line.discount),
            tax: taxFor(line),
            optional: line.optional,
            selected: line.selected,
          }),
        ),
      })),
    })),
  };
}

/** Where a line is: its section's index and its own. */
export type LinePlace = { section: number; index: number };

/** The sections with one line moved, within its section or into another (drag and drop, or Move up / down). */
export function moveLine(sections: SectionValues[], from: LinePlace, to: LinePlace): SectionValues[] {
  const next = sections.map((section) => ({ ...section, lines: [...section.lines] }));
  const [line] = next[from.section]?.lines.splice(from.index, 1) ?? [];
  if (!line || !next[to.section]) return sections;
  next[to.section].lines.splice(Math.min(to.index, next[to.section].lines.length), 0, line);
  return next;
}

/**
 * One step up or down for a line: within its section, and past its section's end into
 * the next (or the previous) one, so the keyboard reaches every place a drag does.
 */
export function stepLine(sections: SectionValues[], from: LinePlace, step: -1 | 1): SectionValues[] {
  const count = sections[from.section]?.lines.length ?? 0;
  const index = from.index + step;
  if (index >= 0 && index < count) return moveLine(sections, from, { section: from.section, index });
  const section = from.section + step;
  if (section < 0 || section >= sections.length) return sections;
  return moveLine(sections, from, { section, index: step > 0 ? 0 : sections[section].lines.length });
}

/** A list with one entry moved (sections, options). */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
