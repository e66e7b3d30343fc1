import type { z } from "zod";
import { validate } from "@/lib/client/field-errors";
import type { FormRules, Values } from "./form-config";

/** What a save sends, checked: the entity's payload rule first, then its schema (or the one that needs the values). */
export async function checkBody(rules: FormRules & { schema: z.ZodType }, body: Values, values: Values) {
  const schema = (await rules.schemaFor?.(values)) ?? rules.schema;
  return validate(schema, rules.payload?.(body, values) ?? body);
}
