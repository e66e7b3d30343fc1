import { patternAccepts, patternProblem } from "./field-pattern";
import { nameSchema } from "./fields";
import { ITEM_ID_MAX } from "./item-ids";
import { z } from "./z";

/** Ids of statuses, fields and workflows inside a project type. */
export const itemIdSchema = z
  .int({ error: "validation.wholeNumber" })
  .positive({ error: "validation.positiveWholeNumber" })
  .max(ITEM_ID_MAX, { error: "validation.max" });

export const descriptionSchema = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => value ?? "");

export const fieldValueTextSchema = z.string().trim().max(2000);

/** Lists whose items carry an `id` that must be unique within the list. */
export function uniqueIds<T extends z.ZodType<{ id: number }[]>>(list: T, label: string) {
  return list.superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: "validation.idTwice", params: { label, id: String(item.id) } });
      seen.add(item.id);
    });
  });
}

const validationSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((value) => value || null)
  .superRefine((value, ctx) => {
    const problem = value && patternProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const statusSchema = z.strictObject({ id: itemIdSchema, title: nameSchema, description: descriptionSchema });

export const fieldDefinitionSchema = z.strictObject({
  id: itemIdSchema,
  title: nameSchema,
  description: descriptionSchema,
  required: z.boolean({ error: "validation.requiredFlag" }).default(false),
  validation: validationSchema,
});

export type ProjectStatus = z.output<typeof statusSchema>;
export type FieldDefinition = z.output<typeof fieldDefinitionSchema>;
export type FieldValue = { id: number; value: string };

/** Field values as a request sends them; an empty or null value means "no value". */
export const fieldValuesSchema = z
  .array(z.strictObject({ id: itemIdSchema, value: fieldValueTextSchema.nullable() }))
  .max(200, { error: "validation.most.fieldValues" });

/** A problem a shared check found: a catalogue key on a path, with the values it names. */
export type Issue = { path: string; message: string; values?: Record<string, string | number> };

export const valueMatches = (definition: FieldDefinition, value: string) =>
  !definition.validation || patternAccepts(definition.validation, value);

type CheckOptions = {
  /** Field ids that must have a value. */
  required: number[];
  /** Field ids that may be given; every field of the type when absent. */
  allowed?: number[];
  prefix?: string;
};

/**
 * Field values against the type's definitions: unknown or repeated ids, values
 * that do not match their validation, required fields left empty. Paths keep the
 * request's indexes; empty values are dropped from the result.
 */
export function checkFieldValues(
  definitions: FieldDefinition[],
  values: { id: number; value: string | null }[],
  { required, allowed, prefix = "fields" }: CheckOptions,
) {
  const issues: Issue[] = [];
  const kept: FieldValue[] = [];
  const seen = new Set<number>();
  values.forEach(({ id, value }, index) => {
    const definition = definitions.find((candidate) => candidate.id === id);
    const at = (key: string) => `${prefix}.${index}.${key}`;
    if (!definition) return issues.push({ path: at("id"), message: "validation.field.unknown", values: { id: String(id) } });
    if (allowed && !allowed.includes(id)) return issues.push({ path: at("id"), message: "validation.field.notAsked", values: { field: definition.title } });
    if (seen.has(id)) return issues.push({ path: at("id"), message: "validation.field.twice", values: { field: definition.title } });
    seen.add(id);
    if (!value) return;
    if (valueMatches(definition, value)) kept.push({ id, value });
    else issues.push({ path: at("value"), message: "validation.field.format", values: { field: definition.title } });
  });
  for (const id of required) {
    const definition = definitions.find((candidate) => candidate.id === id);
    const given = values.some((entry) => entry.id === id && entry.value);
    if (definition && !given) issues.push({ path: prefix, message: "validation.field.required", values: { field: definition.title } });
  }
  return { values: kept, issues };
}
