import { PRICE_UNITS } from "./price-book-values";
import { amountSchema } from "./price-item";
import { quantitySchema } from "./quote";
import { optionalText } from "./fields";
import { z } from "./z";

/**
 * What was used on a visit, as the API reads it: time worked (a member's minutes, priced by
 * the price item for an hour of work) or a material (a price item or free text, a quantity
 * of at most three decimals). What is left out is taken from the price item, as a quote's
 * lines take it (lib/services/quote-content.ts).
 */

export const VISIT_ITEM_KINDS = ["time", "material"] as const;
export type VisitItemKind = (typeof VISIT_ITEM_KINDS)[number];

/** The most minutes of one time entry: a day. */
export const VISIT_ITEM_MAX_MINUTES = 24 * 60;

/** At most this many entries on one visit. */
export const VISIT_ITEM_MAX = 200;

const minutesSchema = z
  .number({ error: "validation.visitItem.minutes" })
  .int({ error: "validation.visitItem.minutes" })
  .min(1, { error: "validation.visitItem.minutes" })
  .max(VISIT_ITEM_MAX_MINUTES, { error: "validation.visitItem.minutes" })
  .meta({ description: `Minutes worked, 1 to ${VISIT_ITEM_MAX_MINUTES}` });

const itemFields = {
  /** Time: who worked (the caller when left out). */
  member: z.uuid({ error: "validation.visitItem.member" }).optional(),
  minutes: minutesSchema.optional(),
  price_item: z.uuid({ error: "validation.quote.priceItem" }).nullable().optional(),
  name: z.string().trim().normalize("NFC").max(200).optional(),
  description: optionalText(2000),
  quantity: quantitySchema.optional(),
  unit: z.enum(PRICE_UNITS, { error: "validation.priceItem.unit" }).optional(),
  unit_price: amountSchema.optional(),
  tax_rate: z.uuid({ error: "validation.priceItem.taxRate" }).optional(),
};

export const visitItemCreateSchema = z
  .strictObject({ kind: z.enum(VISIT_ITEM_KINDS, { error: "validation.visitItem.kind" }), ...itemFields })
  .superRefine((value, ctx) => {
    if (value.kind === "time") {
      if (value.minutes === undefined) ctx.addIssue({ code: "custom", path: ["minutes"], message: "validation.visitItem.minutes" });
      if (value.quantity !== undefined) ctx.addIssue({ code: "custom", path: ["quantity"], message: "validation.visitItem.timeInMinutes" });
    } else {
      if (value.quantity === undefined) ctx.addIssue({ code: "custom", path: ["quantity"], message: "validation.required" });
      if (value.minutes !== undefined) ctx.addIssue({ code: "custom", path: ["minutes"], message: "validation.visitItem.materialQuantity" });
      if (value.member !== undefined) ctx.addIssue({ code: "custom", path: ["member"], message: "validation.visitItem.materialQuantity" });
    }
  });

/** Any of the fields; the kind stays. */
export const visitItemUpdateSchema = z.strictObject(itemFields);
