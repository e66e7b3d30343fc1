import { patternAccepts } from "./field-pattern";
import { MAX_DECIMALS, NUMBER_LIMIT, fitsDecimals, isIsoDate, isoInstant, kindOf, numberText, type FieldData, type KindedField } from "./field-kinds";

export type ValueCheck = { value: FieldData } | { empty: true } | { error: string; values?: Record<string, string | number> };

const optionIds = (field: KindedField) => new Set((field.options ?? []).map((option) => option.id));

/**
 * One value against its field: the value to store (normalized: an instant in
 * UTC, option ids in the field's order), no value, or the catalogue key of what
 * is wrong with it. Messages name the field as `{field}`.
 */
export function checkFieldValue(field: KindedField, value: unknown): ValueCheck {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return { empty: true };
  switch (kindOf(field)) {
    case "text":
      if (typeof value !== "string") return { error: "validation.field.text" };
      return !field.validation || patternAccepts(field.validation, value) ? { value } : { error: "validation.field.format" };
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return { error: "validation.field.number" };
      if (field.min != null && value < field.min) return { error: "validation.field.min", values: { min: numberText(field.min) } };
      if (field.max != null && value > field.max) return { error: "validation.field.max", values: { max: numberText(field.max) } };
      if (Math.abs(value) > NUMBER_LIMIT) return { error: "validation.field.tooLarge" };
      const decimals = field.decimals ?? MAX_DECIMALS;
      if (!fitsDecimals(value, decimals)) return decimals === 0 ? { error: "validation.field.whole" } : { error: "validation.field.decimals", values: { decimals } };
      return { value };
    }
    case "date":
      return typeof value === "string" && isIsoDate(value) ? { value } : { error: "validation.field.date" };
    case "datetime": {
      const instant = typeof value === "string" ? isoInstant(value) : null;
      return instant ? { value: instant } : { error: "validation.field.dateTime" };
    }
    case "single_choice":
      return typeof value === "number" && optionIds(field).has(value) ? { value } : { error: "validation.field.choice", values: { value: String(value) } };
    case "multiple_choice": {
      if (!Array.isArray(value)) return { error: "validation.field.choices" };
      const known = optionIds(field);
      const unknown = value.find((entry) => typeof entry !== "number" || !known.has(entry));
      if (unknown !== undefined) return { error: "validation.field.choice", values: { value: String(unknown) } };
      const chosen = new Set(value as number[]);
      return { value: (field.options ?? []).map((option) => option.id).filter((id) => chosen.has(id)) };
    }
    case "checkbox":
      if (typeof value !== "boolean") return { error: "validation.field.checkbox" };
      return value ? { value } : { empty: true };
  }
}
