import type { MessageValues } from "@/lib/i18n/zod-issue";

/** A cell as the mapping control and the import see it: trimmed text, or null when empty. */
export type Cell = string | null;

/**
 * A parsed file: the header row's names and the data rows below it. A row may be
 * shorter than the header; a cell past its end is empty (read it as `row[i] ?? null`).
 */
export type Sheet = { columns: string[]; rows: Cell[][] };

export type ImportFileProblem =
  | "invalid_type"
  | "not_enough_rows"
  | "too_many_rows"
  | "too_large"
  | "unreadable"
  // Spreadsheet errors of spec §8.
  | "unsupported_cell_value"
  | "invalid_shared_string_index"
  | "sheet_not_found"
  | "missing_file";

/**
 * A file the control or the import cannot use. `message` is the catalogue key of
 * what the user is shown, with `values` for its placeholders: the browser words it
 * in the page's language, the server in the request's.
 */
export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    key: string,
    readonly values: MessageValues = {},
  ) {
    super(key);
    this.name = "ImportFileError";
  }
}

export const notEnoughRows = () => new ImportFileError("not_enough_rows", "import.problem.notEnoughRows");

export const invalidFileType = (extension: string) => new ImportFileError("invalid_type", "import.file.invalidType", { extension });

/** Trimmed text; empty becomes null. */
export function cellText(value: string | null | undefined): Cell {
  const text = value?.trim();
  return text ? text : null;
}
