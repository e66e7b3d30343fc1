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

/** A file the control or the import cannot use, with the message shown to the user. */
export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    message: string,
  ) {
    super(message);
    this.name = "ImportFileError";
  }
}

/** Spec §5 spells it this way. */
export const NOT_ENOUGH_ROWS = "Filed to parse file, not enough rows";

export const invalidFileType = (extension: string) => `Invalid file type "${extension}"`;

/** Trimmed text; empty becomes null. */
export function cellText(value: string | null | undefined): Cell {
  const text = value?.trim();
  return text ? text : null;
}
