import { nameSchema, optionalText } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { PRICE_ITEM_LIST, PRICE_ITEM_STATUSES, PRICE_UNITS } from "./price-book-values";
import { percentSchema } from "./tax-rate";
import { z } from "./z";

/** Minor units of the organization's currency; larger than any price a trade shop charges, well within exact integers. */
export const MAX_AMOUNT = 999_999_999_999;

export const amountSchema = z
  .number({ error: "validation.amount.format" })
  .int({ error: "validation.amount.format" })
  .min(0, { error: "validation.amount.negative" })
  .max(MAX_AMOUNT, { error: "validation.amount.tooLarge" })
  .meta({ description: "An amount in minor units of the organization's currency (cents): 12.50 EUR is 1250" });

export const priceItemListQuerySchema = listQuerySchema(PRICE_ITEM_LIST)
  .omit({ sharing: true })
  .extend({ category: listParam(z.string().trim().max(100, { error: "validation.param.maxLength" })).optional() });

const fields = {
  name: nameSchema,
  description: optionalText(2000),
  unit: z.enum(PRICE_UNITS, { error: "validation.priceItem.unit" }),
  unit_price: amountSchema.optional(),
  unit_cost: amountSchema.nullable().optional(),
  // A markup between -100 % (given away) and 10,000 %.
  markup: percentSchema(10_000, -100)
    .optional()
    .meta({ description: "Percent over unit_cost; the price follows from it (given with unit_price, the two must agree)" }),
  tax_rate: z.uuid({ error: "validation.priceItem.taxRate" }).optional(),
  category: optionalText(100),
};

export const priceItemCreateSchema = z.strictObject(fields).superRefine((item, ctx) => {
  if (item.unit_price === undefined && item.markup === undefined) ctx.addIssue({ code: "custom", path: ["unit_price"], message: "validation.required" });
  if (item.markup !== undefined && (item.unit_cost === undefined || item.unit_cost === null)) {
    ctx.addIssue({ code: "custom", path: ["unit_cost"], message: "validation.priceItem.markupNeedsCost" });
  }
});

export const priceItemUpdateSchema = z.strictObject({
  name: fields.name.optional(),
  description: fields.description,
  unit: fields.unit.optional(),
  unit_price: fields.unit_price,
  unit_cost: fields.unit_cost,
  markup: fields.markup,
  tax_rate: fields.tax_rate,
  category: fields.category,
  status: z.enum(PRICE_ITEM_STATUSES, { error: "validation.priceItem.status" }).optional(),
});

export type PriceItemCreate = z.input<typeof priceItemCreateSchema>;
export type PriceItemUpdate = z.input<typeof priceItemUpdateSchema>;
