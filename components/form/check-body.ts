import { useEffect } from "react";
import type { z } from "zod";
import { validate } from "@/lib/client/field-errors";
import type { SessionView } from "@/lib/client/use-session";
import type { FormRules, SchemaLoader, Values } from "./form-config";

type Rules = FormRules & { schema: SchemaLoader<z.ZodType> };

/** What a save sends, checked: the entity's payload rule first, then its schema (or the one that needs the values). */
export async function checkBody(rules: Rules, body: Values, values: Values, session: SessionView | undefined) {
  const schema = (await rules.schemaFor?.(values, session)) ?? (await rules.schema());
  return validate(schema, rules.payload?.(body, values) ?? body);
}

/** Fetches the schema once the form is first changed, so a save does not wait for it; a failure shows at the save. */
export function useSchemaOnChange(rules: Rules, dirty: boolean) {
  useEffect(() => {
    if (dirty) rules.schema().catch(() => undefined);
  }, [rules, dirty]);
}
