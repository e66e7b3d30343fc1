import { CHOICE_KINDS, type FieldKind } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";

/** Each kind's label, for the kind choice and the field info popup. */
export const KIND_LABELS: Record<FieldKind, string> = {
  text: "projectType.fields.kinds.text",
  number: "projectType.fields.kinds.number",
  date: "projectType.fields.kinds.date",
  datetime: "projectType.fields.kinds.datetime",
  single_choice: "projectType.fields.kinds.single_choice",
  multiple_choice: "projectType.fields.kinds.multiple_choice",
  checkbox: "projectType.fields.kinds.checkbox",
};

/** A field of another kind keeps its title, description and required flag, and takes that kind's settings, empty; choices keep their options. */
export function withKind(field: FieldDefinition, kind: FieldKind): FieldDefinition {
  const base = { id: field.id, title: field.title, description: field.description, required: field.required, kind, validation: null };
  if (kind === "number") return { ...base, min: null, max: null, decimals: null, unit: null };
  if (CHOICE_KINDS.includes(kind)) return { ...base, options: field.options?.length ? field.options : [{ id: 1, label: "" }] };
  return base;
}
