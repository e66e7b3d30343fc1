/**
 * What a custom field holds, and its values as files write them. Each kind's values
 * are checked in one place (field-check.ts): by the server on every write, by the
 * project form, the workflow dialogs and editors, and the import, so they cannot
 * disagree. Nothing here loads the pattern engine, so lists and exports can use it.
 */
export const FIELD_KINDS = ["text", "number", "date", "datetime", "single_choice", "multiple_choice", "checkbox"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const CHOICE_KINDS: readonly FieldKind[] = ["single_choice", "multiple_choice"];

/** A choice's option: values name its id, so renaming the label keeps every project's choice. */
export type FieldOption = { id: number; label: string };

/** A stored value: text, a number, an ISO date or instant, an option id, option ids, or true. */
export type FieldData = string | number | boolean | number[];

/** What a value is checked against: a field definition as stored (fields saved before kinds have none and are text). */
export type KindedField = {
  title: string;
  kind?: FieldKind;
  validation?: string | null;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
  unit?: string | null;
  options?: FieldOption[];
};

export const kindOf = (field: { kind?: FieldKind }): FieldKind => field.kind ?? "text";

/** Most decimals a number field may ask for, and the largest magnitude any number field holds (exact in a double). */
export const MAX_DECIMALS = 6;
export const NUMBER_LIMIT = 1e15;

/** No value: the field is absent from the project. An unchecked checkbox is no value either. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === "" || value === false || (Array.isArray(value) && value.length === 0);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 with a time and an offset (Z or ±hh:mm): an instant, whatever zone it was typed in.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a text is a calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** An ISO instant as stored (UTC, `toISOString`), or null when the text is not one. */
export function isoInstant(text: string): string | null {
  if (!INSTANT.test(text) || !isIsoDate(text.slice(0, 10))) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Whether a number has at most `decimals` digits after the point. */
export function fitsDecimals(value: number, decimals: number): boolean {
  return Number(value.toFixed(decimals)) === value;
}

/** A number as a message or a file writes it: with a point, never grouped. */
export const numberText = (value: number) => String(value);

/** Whether two values of a field are the same: no value equals no value, choices compare as sets, instants by time. */
export function sameFieldValue(field: KindedField, a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((entry) => b.includes(entry));
  if (kindOf(field) === "datetime" && typeof a === "string" && typeof b === "string") return Date.parse(a) === Date.parse(b);
  return a === b;
}

/**
 * A value as a file writes it, which `readFieldText` reads back: text as it is,
 * numbers with a point, dates and instants in ISO 8601, option ids joined with
 * commas, a checkbox as true or false.
 */
export function fieldValueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return typeof value === "string" ? value : "";
}

const TRUE_TEXT = ["true", "yes", "1", "x"];
const FALSE_TEXT = ["false", "no", "0"];

/** An option by its id (digits) or its label (any case); the text itself when neither matches, for the check to name. */
function optionOf(field: KindedField, text: string): number | string {
  const options = field.options ?? [];
  const byId = /^\d+$/.test(text) ? options.find((option) => option.id === Number(text)) : undefined;
  const byLabel = options.find((option) => option.label.toLocaleLowerCase() === text.toLocaleLowerCase());
  return (byId ?? byLabel)?.id ?? text;
}

/**
 * A cell of a file as the value its field takes, to be checked by `checkFieldValue`:
 * numbers written with a point, options by id or label (several separated by commas),
 * a checkbox as true/false, yes/no or 1/0. What cannot be read stays text and fails the check.
 */
export function readFieldText(field: KindedField, text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return null;
  switch (kindOf(field)) {
    case "number":
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
    case "single_choice":
      return optionOf(field, trimmed);
    case "multiple_choice":
      return trimmed
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => optionOf(field, part));
    case "checkbox": {
      const lower = trimmed.toLowerCase();
      return TRUE_TEXT.includes(lower) ? true : FALSE_TEXT.includes(lower) ? false : trimmed;
    }
    default:
      return trimmed;
  }
}
