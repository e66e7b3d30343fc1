import { readSheet } from "read-excel-file/universal";
import { IMPORT_LIMITS, type ImportLimits } from "./limits";
import { cellText, ImportFileError, type Cell } from "./sheet";
import { NOT_AN_XLSX, workbookParts } from "./xlsx-archive";
import { scanSheet, type ErrorCell } from "./xlsx-sheet-scan";
import { checkZipArchive } from "./zip-guard";

type XlsxValue = string | number | boolean | Date | null | undefined;

const MIDNIGHT = /T00:00:00\.000Z$/;

/** A date without a time of day is shown as the day alone. */
const dateText = (date: Date) => {
  const iso = date.toISOString();
  return MIDNIGHT.test(iso) ? iso.slice(0, 10) : iso;
};

/**
 * One cell as text: shared and inline strings trimmed, numbers as written,
 * booleans as true/false, dates as ISO dates.
 */
export function xlsxCellText(value: XlsxValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateText(value);
  if (typeof value === "string") return cellText(value);
  return String(value);
}

const READ_FAILURES: Record<string, string> = {
  XLS_FILE_NOT_SUPPORTED: "import.problem.xls",
  NO_DATA: "import.problem.empty",
};

function readFailure(error: unknown): ImportFileError {
  const code = (error as { code?: string } | null)?.code;
  const message = (code && READ_FAILURES[code]) || NOT_AN_XLSX;
  return new ImportFileError("unreadable", message);
}

/** Puts the error cells' codes where the reader left them empty; its rows start at row 1 and column A. */
function placeErrorCells(data: XlsxValue[][], errorCells: ErrorCell[]) {
  for (const { row, column, code } of errorCells) {
    while (data.length < row) data.push([]);
    const cells = data[row - 1];
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = code;
  }
}

/**
 * The first sheet of an .xlsx file as rows of cells; rows with no value at all are
 * left out. The archive, the sheet's extent and its cells are checked before the
 * reader runs; error cells read as their codes (#DIV/0!).
 */
export async function parseXlsx(bytes: Uint8Array, limits: ImportLimits = IMPORT_LIMITS): Promise<Cell[][]> {
  const { entries } = checkZipArchive(bytes, limits);
  const errorCells = scanSheet(bytes, workbookParts(bytes, entries), limits);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let data: XlsxValue[][];
  try {
    data = (await readSheet(buffer)) as unknown as XlsxValue[][];
  } catch (error) {
    throw readFailure(error);
  }
  placeErrorCells(data, errorCells);
  const rows: Cell[][] = [];
  for (const row of data) {
    const cells = row.map(xlsxCellText);
    if (cells.some((cell) => cell !== null)) rows.push(cells);
  }
  return rows;
}
