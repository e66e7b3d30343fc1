import type { z } from "zod";

/** The reasons of spec §5's schema errors; `unknown` is a value outside an allowed list. */
export type SchemaReason =
  | "not_a_number"
  | "invalid_number"
  | "out_of_bounds"
  | "not_a_string"
  | "not_a_boolean"
  | "not_a_date"
  | "unknown";

/**
 * What is wrong with one value: `error` and `reason` are the schema error names,
 * `type` the type the field takes where it declares one, `message` says it in words.
 */
export type RowError = {
  column: string;
  value: string | null;
  error: "required" | "invalid";
  reason?: SchemaReason;
  type?: string;
  message: string;
};

/** A row that was not imported; `row` counts like a spreadsheet, the header being row 1. */
export type RowProblems = { row: number; errors: RowError[] };

/** What an import did, or in a dry run would do. */
export type ImportReport = {
  dryRun: boolean;
  /** Data rows read from the file. */
  rows: number;
  created: number;
  updated: number;
  /** Rows that matched an existing item and would change nothing in it: nothing is written for them, not even history. */
  unchanged: number;
  skipped: RowProblems[];
};

/** Data row index (0 = first row under the header) to the row number a spreadsheet shows. */
export const sheetRow = (index: number) => index + 2;

const TYPE_REASONS: Record<string, SchemaReason> = {
  number: "not_a_number",
  int: "not_a_number",
  bigint: "not_a_number",
  string: "not_a_string",
  boolean: "not_a_boolean",
  date: "not_a_date",
};

/** A zod issue on one cell as a schema error; `message` is the issue's, in words (its key translated). */
export function issueError(issue: z.core.$ZodIssue, column: string, value: string | null, message: string): RowError {
  const base = { column, value, message };
  switch (issue.code) {
    case "invalid_type":
      if (value === null) return { ...base, error: "required" };
      return { ...base, error: "invalid", reason: TYPE_REASONS[issue.expected], type: issue.expected };
    case "too_big":
    case "too_small":
      if (issue.origin === "string" && issue.code === "too_small" && issue.minimum === 1) return { ...base, error: "required" };
      return { ...base, error: "invalid", reason: "out_of_bounds" };
    case "invalid_value":
      return { ...base, error: "invalid", reason: "unknown" };
    default:
      return { ...base, error: "invalid" };
  }
}

const REASON_TEXT: Record<SchemaReason, string> = {
  not_a_number: "Not a number",
  invalid_number: "Not a valid number",
  out_of_bounds: "Out of bounds",
  not_a_string: "Not text",
  not_a_boolean: "Not true or false",
  not_a_date: "Not a date",
  unknown: "Not one of the allowed values",
};

/** Words for an error that came without a message of its own. */
export const reasonText = (error: Pick<RowError, "error" | "reason">) =>
  error.error === "required" ? "Required" : error.reason ? REASON_TEXT[error.reason] : "Invalid";
