import "server-only";
import type { z } from "zod";
import type { Mapping } from "@/lib/import/fields";
import { errorCodeMessage, isErrorCode } from "@/lib/import/error-cells";
import { issueError, type RowError } from "@/lib/import/row-errors";
import type { Cell, Sheet } from "@/lib/import/sheet";
import { unstorableText } from "@/lib/server/validation";
import type { Words } from "@/lib/i18n/words";
import { issueMessage } from "@/lib/i18n/zod-issue";

/** One row's mapped values by field id; empty cells are left out, as an empty form field would be. */
export function rowInput(cells: Cell[], mapping: Mapping, lowerCase: readonly string[] = []): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [field, column] of Object.entries(mapping)) {
    const value = cells[column];
    if (value !== null && value !== undefined) input[field] = lowerCase.includes(field) ? value.toLowerCase() : value;
  }
  return input;
}

/** Where a field's values come from, for error reports: the column's header and the row's cell (the field's label when unmapped). */
export function cellOf(sheet: Sheet, mapping: Mapping, cells: Cell[], field: string, labels: Record<string, string> = {}) {
  const column = mapping[field];
  if (column === undefined) return { column: labels[field] ?? field, value: null };
  return { column: sheet.columns[column], value: cells[column] ?? null };
}

/** A failed parse of one row's input as schema errors on the file's columns, in `words`' language. */
export function zodRowErrors(error: z.ZodError, sheet: Sheet, mapping: Mapping, cells: Cell[], labels: Record<string, string>, words: Words): RowError[] {
  return error.issues.map((issue) => {
    const { column, value } = cellOf(sheet, mapping, cells, String(issue.path[0] ?? ""), labels);
    const { key, values } = issueMessage(issue);
    return issueError(issue, column, value, words(key, values));
  });
}

/**
 * Mapped cells no field takes, as errors on their columns: spreadsheet error codes
 * (#DIV/0!), and text the database could not store (U+0000, lone surrogates).
 */
export function cellValueErrors(sheet: Sheet, mapping: Mapping, cells: Cell[], labels: Record<string, string>, words: Words): RowError[] {
  return Object.keys(mapping).flatMap((field) => {
    const cell = cells[mapping[field]];
    const message = !cell ? undefined : isErrorCode(cell) ? errorCodeMessage(cell) : unstorableText(cell);
    if (!message) return [];
    const [key, values] = typeof message === "string" ? [message] : message;
    return [{ ...cellOf(sheet, mapping, cells, field, labels), error: "invalid" as const, message: words(key, values) }];
  });
}
