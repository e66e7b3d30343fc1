import { z } from "./z";

export const HISTORY_TYPES = ["organization", "location", "role", "member", "customer", "project_type", "project", "conversation", "file", "visit", "tax_rate", "price_item", "quote", "invoice", "payment"] as const;

export const historyQuerySchema = z.strictObject({
  type: z.enum(HISTORY_TYPES, { error: "validation.param.oneOf" }),
  id: z.uuid({ error: "validation.param.uuid" }),
});
