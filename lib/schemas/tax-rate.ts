import { PERCENT_SCALE, percentNumber, toScaled } from "@/lib/money/decimal";
import { NEEDS_REASON, TAX_CATEGORIES, ZERO_RATED } from "@/lib/money/tax";
import { nameSchema, optionalText } from "./fields";
import { listQuerySchema } from "./list-query";
import { TAX_RATE_LIST, TAX_RATE_STATUSES } from "./price-book-values";
import { z } from "./z";

export const taxRateListQuerySchema = listQuerySchema(TAX_RATE_LIST).omit({ sharing: true });

/**
 * A percentage given as a number or decimal text with at most three decimals
 * (5.5, "5.5"), from `min` to `max` %, as a number: forms send what the schema
 * gives, so its output parses again to itself. Services keep it exactly as
 * thousandths of a percent (`toPercentMilli`).
 */
export const percentSchema = (max: number, min = 0) =>
  z
    .union([z.number(), z.string()], { error: "validation.percent.format" })
    .transform((value, ctx) => {
      const scaled = toScaled(value, PERCENT_SCALE);
      if (scaled === null) {
        ctx.addIssue({ code: "custom", message: "validation.percent.format" });
        return z.NEVER;
      }
      if (scaled < min * 1000 || scaled > max * 1000) {
        ctx.addIssue({ code: "custom", message: "validation.percent.range", params: { min, max } });
        return z.NEVER;
      }
      return percentNumber(scaled);
    })
    .meta({ description: `A percentage with at most three decimals, from ${min} to ${max}` });

/** A percentage the schema has checked, as thousandths of a percent: 5.5 → 5500. */
export const toPercentMilli = (percent: number) => toScaled(percent, PERCENT_SCALE)!;

const category = z.enum(TAX_CATEGORIES, { error: "validation.taxRate.category" });
const reason = optionalText(500);

/** Rates of a category that charges tax are above 0 %; the others are 0 %, and exempt ones say why. */
function checkRate(rate: { category?: (typeof TAX_CATEGORIES)[number]; percent?: number; exemption_reason?: string | null }, ctx: z.RefinementCtx) {
  if (!rate.category) return;
  if (ZERO_RATED.has(rate.category)) {
    if (rate.percent !== undefined && rate.percent !== 0) ctx.addIssue({ code: "custom", path: ["percent"], message: "validation.taxRate.zeroRated" });
    if (NEEDS_REASON.has(rate.category) && !rate.exemption_reason) ctx.addIssue({ code: "custom", path: ["exemption_reason"], message: "validation.taxRate.reasonRequired" });
  } else {
    if (rate.percent === undefined || rate.percent <= 0) ctx.addIssue({ code: "custom", path: ["percent"], message: "validation.taxRate.positive" });
    if (rate.exemption_reason) ctx.addIssue({ code: "custom", path: ["exemption_reason"], message: "validation.taxRate.noReason" });
  }
}

const fields = {
  name: nameSchema,
  percent: percentSchema(100).optional(),
  category,
  exemption_reason: reason,
  default: z.literal(true, { error: "validation.taxRate.defaultTrue" }).optional().meta({ description: "true makes this the default rate; the default before is one no more" }),
};

export const taxRateCreateSchema = z.strictObject(fields).superRefine(checkRate);

/** The category, rate and reason are checked together with what the rate holds already (lib/services/tax-rate.ts). */
export const taxRateUpdateSchema = z.strictObject({
  name: fields.name.optional(),
  percent: fields.percent,
  category: category.optional(),
  exemption_reason: reason,
  default: fields.default,
  status: z.enum(TAX_RATE_STATUSES, { error: "validation.taxRate.status" }).optional(),
});

/** The whole rate after a change, as the create schema checks it. */
export const taxRateWholeSchema = z
  .object({ category, percent: z.number().int().optional(), exemption_reason: z.string().nullable().optional() })
  .superRefine(checkRate);

export type TaxRateCreate = z.input<typeof taxRateCreateSchema>;
export type TaxRateUpdate = z.input<typeof taxRateUpdateSchema>;
