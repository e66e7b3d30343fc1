import { QUANTITY_SCALE, toScaled } from "@/lib/money/decimal";
import { nameSchema, optionalText } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { PRICE_UNITS } from "./price-book-values";
import { amountSchema } from "./price-item";
import { QUOTE_LIMITS, QUOTE_LIST } from "./quote-values";
import { percentSchema } from "./tax-rate";
import { z } from "./z";

/**
 * A quote as the API reads it (issue 38, the readable form): quantities and percentages
 * as numbers of at most three decimals, amounts as integers in minor units. The service
 * (lib/services/quote-content.ts) turns it into the stored content (quote-content.ts),
 * filling lines from the price book and copying their tax rates.
 */

/** The most of one line's quantity: a million units, in thousandths well within exact integers. */
export const MAX_QUANTITY = 1_000_000;

export const quantitySchema = z
  .union([z.number(), z.string()], { error: "validation.quote.quantityNumber" })
  .transform((value, ctx) => {
    const scaled = toScaled(value, QUANTITY_SCALE);
    if (scaled === null || scaled < 0 || scaled > MAX_QUANTITY * 1000) {
      ctx.addIssue({ code: "custom", message: "validation.quote.quantity", params: { max: MAX_QUANTITY } });
      return z.NEVER;
    }
    return scaled / 1000;
  })
  .meta({ description: `A quantity with at most three decimals, from 0 to ${MAX_QUANTITY}` });

/** Ids of options, sections and lines: short texts the editor makes, unique in the quote. */
export const partIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "validation.quote.partId" })
  .meta({ description: "Letters, digits, - and _, at most 40; unique within the quote. Made by the server when left out." });

const text = optionalText(QUOTE_LIMITS.text);

/** A discount or a deposit: a percentage, or an amount in minor units; null for none. */
const percentOrAmount = (error: string) =>
  z
    .union([z.strictObject({ percent: percentSchema(100) }), z.strictObject({ amount: amountSchema })], { error })
    .nullable()
    .optional();

export const quoteLineSchema = z.strictObject({
  id: partIdSchema.optional(),
  price_item: z.uuid({ error: "validation.quote.priceItem" }).nullable().optional(),
  name: z.string().trim().normalize("NFC").max(200).optional(),
  description: text,
  quantity: quantitySchema,
  unit: z.enum(PRICE_UNITS, { error: "validation.priceItem.unit" }).optional(),
  unit_price: amountSchema.optional(),
  unit_cost: amountSchema.nullable().optional(),
  discount: percentOrAmount("validation.quote.discount"),
  tax_rate: z.uuid({ error: "validation.priceItem.taxRate" }).optional(),
  optional: z.boolean().default(false),
  selected: z.boolean().default(true),
});

export const quoteSectionSchema = z.strictObject({
  id: partIdSchema.optional(),
  title: z.string().trim().normalize("NFC").max(200).default(""),
  lines: z.array(quoteLineSchema).max(QUOTE_LIMITS.lines),
});

export const quoteOptionSchema = z.strictObject({
  id: partIdSchema.optional(),
  name: nameSchema,
  description: text,
  sections: z.array(quoteSectionSchema).min(1).max(QUOTE_LIMITS.sections),
});

/** Every id given once in the whole quote; lines counted over all options at most QUOTE_LIMITS.lines. */
const checkOptions = (options: z.output<typeof quoteOptionSchema>[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  let lines = 0;
  const check = (id: string | undefined, path: (string | number)[]) => {
    if (id === undefined) return;
    if (seen.has(id)) ctx.addIssue({ code: "custom", path, message: "validation.quote.idTwice", params: { id } });
    seen.add(id);
  };
  options.forEach((option, o) => {
    check(option.id, ["options", o, "id"]);
    option.sections.forEach((section, s) => {
      check(section.id, ["options", o, "sections", s, "id"]);
      section.lines.forEach((line, l) => {
        lines += 1;
        check(line.id, ["options", o, "sections", s, "lines", l, "id"]);
      });
    });
  });
  if (lines > QUOTE_LIMITS.lines) ctx.addIssue({ code: "custom", path: ["options"], message: "validation.quote.lines", params: { max: QUOTE_LIMITS.lines } });
};

const options = z.array(quoteOptionSchema).min(1).max(QUOTE_LIMITS.options);

const reference = (error: string) => z.uuid({ error }).nullable().optional();

const fields = {
  site: reference("validation.param.id"),
  project: reference("validation.param.id"),
  project_type: reference("validation.param.id"),
  owner: z.uuid({ error: "validation.param.id" }).optional(),
  title: nameSchema,
  introduction: text,
  terms: text,
  internal_notes: text,
  valid_until: z.iso.date().nullable().optional(),
  deposit: percentOrAmount("validation.quote.deposit"),
  options,
};

export const quoteCreateSchema = z
  .strictObject({ customer: z.uuid({ error: "validation.param.id" }), ...fields })
  .superRefine((quote, ctx) => checkOptions(quote.options, ctx));

export const quoteUpdateSchema = z
  .strictObject({ ...fields, title: fields.title.optional(), options: options.optional() })
  .superRefine((quote, ctx) => quote.options && checkOptions(quote.options, ctx));

const uuids = listParam(z.uuid({ error: "validation.param.uuid" })).optional();

const quoteListQuery = listQuerySchema(QUOTE_LIST).extend({ customer: uuids, project: uuids });

/** The quotes list; its search is also read as `q`. Both at once are refused rather than one silently winning. */
export const quoteListQuerySchema = z
  .preprocess((query, ctx) => {
    if (typeof query !== "object" || query === null || !("q" in query)) return query;
    const { q, ...rest } = query as Record<string, unknown>;
    if ("search" in rest) {
      ctx.addIssue({ code: "custom", path: ["q"], message: "validation.quote.searchTwice" });
      return rest;
    }
    return { ...rest, search: q };
  }, quoteListQuery)
  .meta({ "x-aliases": { q: "search" } });

export const QUOTE_CHANNELS = ["email", "sms"] as const;

export const quoteSendSchema = z.strictObject({
  channel: z.enum(QUOTE_CHANNELS, { error: "validation.quote.channel" }),
  /** An email address or phone number other than the customer's own. */
  to: z.string().trim().max(320).optional(),
  subject: z.string().trim().max(500).optional(),
  message: z.string().trim().max(QUOTE_LIMITS.text).optional(),
});

export const quotePdfQuerySchema = z.strictObject({
  revision: z.coerce.number({ error: "validation.param.number" }).int({ error: "validation.param.wholeNumber" }).min(1).max(10_000).optional(),
});

export type QuoteCreate = z.input<typeof quoteCreateSchema>;
export type QuoteUpdate = z.input<typeof quoteUpdateSchema>;
export type QuoteLineInput = z.output<typeof quoteLineSchema>;
export type QuoteOptionInput = z.output<typeof quoteOptionSchema>;
