import { errorCodeMessage, isErrorCode } from "./error-cells";
import type { ImportField, Mapping } from "./fields";
import { sheetRow, type RowError, type RowProblems } from "./row-errors";
import type { Sheet } from "./sheet";
import type { Words } from "@/lib/i18n/words";

type Problem = Omit<RowError, "column" | "value" | "type">;

/** A field with the checks its values must pass, for validating a whole file in the browser. */
export type CheckedField = ImportField & {
  type?: "string" | "number" | "integer" | "boolean" | "date";
  oneOf?: readonly string[];
  /** The field takes a list: its cell holds the values separated by commas (spec §9), each checked on its own. */
  list?: boolean;
  /** A further check of a present value; returns the problem, or null when the value is fine. */
  check?: (value: string) => Problem | null;
};

export type SheetCheck = { rows: number; valid: number; invalid: RowProblems[] };

const BOOLEANS = new Set(["true", "false", "1", "0", "yes", "no"]);

function typeProblem(field: CheckedField, value: string, words: Words): Problem | null {
  const named = { field: field.label };
  switch (field.type) {
    case "number":
    case "integer": {
      const number = Number(value);
      if (!Number.isFinite(number)) return { error: "invalid", reason: "not_a_number", message: words("import.row.number", named) };
      if (field.type === "integer" && !Number.isInteger(number)) {
        return { error: "invalid", reason: "invalid_number", message: words("import.row.wholeNumber", named) };
      }
      return null;
    }
    case "boolean":
      return BOOLEANS.has(value.toLowerCase()) ? null : { error: "invalid", reason: "not_a_boolean", message: words("import.row.boolean", named) };
    case "date":
      return Number.isNaN(Date.parse(value)) ? { error: "invalid", reason: "not_a_date", message: words("import.row.date", named) } : null;
    default:
      return null;
  }
}

/** A list field's cell as its values: split on commas, each trimmed, empty ones left out. */
export const listValues = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function valueProblem(field: CheckedField, value: string | null, words: Words): Problem | null {
  const items = value === null ? [] : field.list ? listValues(value) : [value];
  if (items.length === 0) return field.required ? { error: "required", message: words("import.row.required", { field: field.label }) } : null;
  if (value !== null && isErrorCode(value)) return { error: "invalid", message: words(...errorCodeMessage(value)) };
  for (const item of items) {
    const problem = itemProblem(field, item, words);
    if (problem) return field.list ? { ...problem, message: words("import.row.listItem", { item, problem: problem.message }) } : problem;
  }
  return null;
}

function itemProblem(field: CheckedField, value: string, words: Words): Problem | null {
  const typed = typeProblem(field, value, words);
  if (typed) return typed;
  if (field.oneOf && !field.oneOf.includes(value)) {
    return { error: "invalid", reason: "unknown", message: words("import.row.oneOf", { field: field.label, options: field.oneOf.join(", ") }) };
  }
  return field.check?.(value) ?? null;
}

/** Every row of the file against the mapped fields' checks, the problems in `words`' language. */
export function checkSheet(sheet: Sheet, fields: readonly CheckedField[], mapping: Mapping, words: Words): SheetCheck {
  const invalid: RowProblems[] = [];
  sheet.rows.forEach((cells, index) => {
    const errors: RowError[] = [];
    for (const field of fields) {
      const column = mapping[field.id];
      if (column === undefined) continue;
      const value = cells[column] ?? null;
      const problem = valueProblem(field, value, words);
      if (problem) errors.push({ column: sheet.columns[column], value, ...problem, ...(field.type && { type: field.type }) });
    }
    if (errors.length > 0) invalid.push({ row: sheetRow(index), errors });
  });
  return { rows: sheet.rows.length, valid: sheet.rows.length - invalid.length, invalid };
}
