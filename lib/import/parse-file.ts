import { importKind, fileExtension } from "./file-kind";
import { IMPORT_LIMITS, megabytes, tooManyColumns, type ImportLimits } from "./limits";
import { parseCsv } from "./parse-csv";
import { parseXlsx } from "./parse-xlsx";
import { ImportFileError, invalidFileType, notEnoughRows, type Cell, type Sheet } from "./sheet";

/** Header names; a column without one is named by its position. */
function columnNames(header: Cell[], width: number): string[] {
  return Array.from({ length: width }, (_, index) => header[index] ?? `Column ${index + 1}`);
}

/**
 * The rows as a sheet: the first row names the columns, as many as the widest row
 * has. Rows keep their own length; a cell past a row's end is empty.
 */
export function toSheet(rows: Cell[][], limits: Pick<ImportLimits, "maxRows" | "maxColumns"> = IMPORT_LIMITS): Sheet {
  if (rows.length < 2) throw notEnoughRows();
  if (rows.length - 1 > limits.maxRows) throw new ImportFileError("too_many_rows", "import.problem.tooManyRows", { count: limits.maxRows });
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  if (width > limits.maxColumns) throw tooManyColumns(limits);
  return { columns: columnNames(rows[0], width), rows: rows.slice(1) };
}

/**
 * A .csv or .xlsx file as a sheet, the same way in the browser (for the preview)
 * and on the server (for the import itself). Limits not given are the defaults.
 */
export async function parseImportFile(name: string, bytes: Uint8Array, given: Partial<ImportLimits> = {}): Promise<Sheet> {
  const limits = { ...IMPORT_LIMITS, ...given };
  const kind = importKind(name);
  if (!kind) throw invalidFileType(fileExtension(name));
  if (bytes.byteLength > limits.maxBytes) throw new ImportFileError("too_large", "import.problem.fileTooLarge", { megabytes: megabytes(limits.maxBytes) });
  const rows = kind === "csv" ? parseCsv(new TextDecoder("utf-8").decode(bytes), limits) : await parseXlsx(bytes, limits);
  return toSheet(rows, limits);
}
