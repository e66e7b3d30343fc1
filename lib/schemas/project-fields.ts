import { checkFieldValue } from "./field-check";
import { CHOICE_KINDS, FIELD_KINDS, MAX_DECIMALS, NUMBER_LIMIT, type FieldData, type FieldKind, type FieldOption } from "./field-kinds";
import { patternProblem } from "./field-pattern";
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

export const statusSchema = z.strictObject({
  id: itemIdSchema,
  title: nameSchema,
  description: descriptionSchema,
  // Projects in this status wait for a visit: the schedule's tray lists them.
  needs_scheduling: z.boolean({ error: "validation.trueOrFalse" }).default(false),
});

const boundSchema = z
  .number({ error: "validation.field.bound" })
  .min(-NUMBER_LIMIT, { error: "validation.field.bound" })
  .max(NUMBER_LIMIT, { error: "validation.field.bound" })
  .nullish()
  .transform((value) => value ?? null);

// Commas separate the options of a multiple choice in a file, so a label cannot hold one.
const optionSchema = z.strictObject({
  id: itemIdSchema,
  label: nameSchema.max(100).refine((label) => !label.includes(","), { error: "validation.field.optionComma" }),
});

/** What each kind takes besides title, description and required; anything else on a field is refused. */
const KIND_SETTINGS: Record<FieldKind, readonly string[]> = {
  text: ["validation"],
  number: ["min", "max", "decimals", "unit"],
  date: [],
  datetime: [],
  single_choice: ["options"],
  multiple_choice: ["options"],
  checkbox: [],
};
const SETTINGS = ["validation", "min", "max", "decimals", "unit", "options"] as const;

/**
 * A custom field of a project type. `kind` is text when not given (fields saved
 * before kinds were are text). Each kind keeps only its own settings: a text's
 * validation, a number's min, max, decimals and unit, a choice's options.
 */
export const fieldDefinitionSchema = z
  .strictObject({
    id: itemIdSchema,
    title: nameSchema,
    description: descriptionSchema,
    required: z.boolean({ error: "validation.requiredFlag" }).default(false),
    kind: z.enum(FIELD_KINDS, { error: "validation.field.kind" }).default("text"),
    validation: validationSchema,
    min: boundSchema,
    max: boundSchema,
    decimals: z
      .int({ error: "validation.field.decimalsSetting" })
      .min(0, { error: "validation.field.decimalsSetting" })
      .max(MAX_DECIMALS, { error: "validation.field.decimalsSetting" })
      .nullish()
      .transform((value) => value ?? null),
    unit: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((value) => value || null),
    options: uniqueIds(z.array(optionSchema).max(200, { error: "validation.most.options" }), "Option").optional(),
  })
  .superRefine((field, ctx) => {
    const allowed = KIND_SETTINGS[field.kind];
    for (const setting of SETTINGS) {
      const given = setting === "options" ? field.options !== undefined : field[setting] !== null;
      if (given && !allowed.includes(setting)) ctx.addIssue({ code: "custom", path: [setting], message: "validation.field.notForKind", params: { setting } });
    }
    if (CHOICE_KINDS.includes(field.kind) && !field.options?.length) ctx.addIssue({ code: "custom", path: ["options"], message: "validation.field.optionsNeeded" });
    if (field.min !== null && field.max !== null && field.min > field.max) ctx.addIssue({ code: "custom", path: ["max"], message: "validation.field.maxBelowMin" });
  })
  .transform(({ id, title, description, required, kind, validation, min, max, decimals, unit, options }): FieldDefinition => {
    const base = { id, title, description, required, kind, validation };
    if (kind === "number") return { ...base, min, max, decimals, unit };
    if (CHOICE_KINDS.includes(kind)) return { ...base, options: options ?? [] };
    return base;
  });

export type ProjectStatus = z.output<typeof statusSchema>;
/** A custom field as stored; `kind` is absent on fields saved before kinds were, which are text (`kindOf`). */
export type FieldDefinition = {
  id: number;
  title: string;
  description: string;
  required: boolean;
  kind?: FieldKind;
  /** Text only: the regular expression the whole value must match. */
  validation: string | null;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
  unit?: string | null;
  options?: FieldOption[];
};
export type FieldValue = { id: number; value: FieldData };

/** A value as a request sends it; which of these a field takes is its kind's to say (field-kinds.ts). */
export const fieldDataSchema = z.union(
  [z.string().trim().max(2000), z.number(), z.boolean(), z.array(z.number()).max(200)],
  { error: "validation.field.valueType" },
);

/** Field values as a request sends them; an empty or null value means "no value". */
export const fieldValuesSchema = z
  .array(z.strictObject({ id: itemIdSchema, value: fieldDataSchema.nullable() }))
  .max(200, { error: "validation.most.fieldValues" });

/** A problem a shared check found: a catalogue key on a path, with the values it names. */
export type Issue = { path: string; message: string; values?: Record<string, string | number> };

type CheckOptions = {
  /** Field ids that must have a value. */
  required: number[];
  /** Field ids that may be given; every field of the type when absent. */
  allowed?: number[];
  prefix?: string;
};

/**
 * Field values against the type's definitions: unknown or repeated ids, values
 * their kind refuses (field-kinds.ts), required fields left empty. Paths keep the
 * request's indexes; empty values are dropped from the result, the others kept as stored.
 */
export function checkFieldValues(
  definitions: FieldDefinition[],
  values: { id: number; value: unknown }[],
  { required, allowed, prefix = "fields" }: CheckOptions,
) {
  const issues: Issue[] = [];
  const kept: FieldValue[] = [];
  const seen = new Set<number>();
  const given = new Set<number>();
  values.forEach(({ id, value }, index) => {
    const definition = definitions.find((candidate) => candidate.id === id);
    const at = (key: string) => `${prefix}.${index}.${key}`;
    if (!definition) return issues.push({ path: at("id"), message: "validation.field.unknown", values: { id: String(id) } });
    if (allowed && !allowed.includes(id)) return issues.push({ path: at("id"), message: "validation.field.notAsked", values: { field: definition.title } });
    if (seen.has(id)) return issues.push({ path: at("id"), message: "validation.field.twice", values: { field: definition.title } });
    seen.add(id);
    const checked = checkFieldValue(definition, value);
    if (!("empty" in checked)) given.add(id);
    if ("value" in checked) kept.push({ id, value: checked.value });
    else if ("error" in checked) issues.push({ path: at("value"), message: checked.error, values: { ...checked.values, field: definition.title } });
  });
  for (const id of required) {
    const definition = definitions.find((candidate) => candidate.id === id);
    if (definition && !given.has(id)) issues.push({ path: prefix, message: "validation.field.required", values: { field: definition.title } });
  }
  return { values: kept, issues };
}
