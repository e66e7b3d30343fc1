import type { MessageValues } from "@/lib/i18n/zod-issue";
import { errorCellText } from "./error-cells";
import { megabytes, tooManyCells, tooManyColumns, type ImportLimits } from "./limits";
import { ImportFileError } from "./sheet";
import { scanEntry, type WorkbookParts } from "./xlsx-archive";
import { tagAttributes } from "./xml-tags";
import type { ZipEntryInfo } from "./zip-guard";

/** Row and column of a cell reference, 1-based, computed exactly as read-excel-file does (so "a1" or "A1e9" count as it counts them). */
export function cellAddress(reference: string): [row: number, column: number] | null {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      const row = Number(reference.slice(i));
      return Number.isNaN(row) ? null : [row, column];
    }
    column = column * 26 + code - 64;
  }
  return null;
}

/** An error cell, which read-excel-file reads as empty: where it is (1-based) and its code ("#DIV/0!"). */
export type ErrorCell = { row: number; column: number; code: string };

/** Longest value checked in full: no number, index or error code is longer. */
const MAX_VALUE = 64;

/** Cell types of the spec (§5): "n" (number, date by its style) is the default. */
const CELL_TYPES = new Set(["n", "s", "str", "inlineStr", "b", "e", "d"]);

type CellTag = { reference: string; type: string };

const unsupported = (key: string, values: MessageValues) => new ImportFileError("unsupported_cell_value", key, values);

function countSharedStrings(bytes: Uint8Array, entry: ZipEntryInfo | undefined): number {
  let count = 0;
  if (entry) scanEntry(bytes, entry, ["si"], () => (count += 1));
  return count;
}

/** Refuses a value the reader could not read, saying what is wrong; returns the code of an error cell. */
function checkValue(cell: CellTag, value: string, sharedStrings: number): string | null {
  const where = { cell: cell.reference || "none", value: value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value };
  // An empty value reads as an empty cell, whatever the type.
  if (value === "") return null;
  switch (cell.type) {
    case "s": {
      const index = Number(value);
      if (Number.isInteger(index) && index >= 0 && index < sharedStrings) return null;
      throw new ImportFileError("invalid_shared_string_index", "import.problem.sharedString", { ...where, count: sharedStrings });
    }
    case "b":
      if (value === "0" || value === "1") return null;
      throw unsupported("import.problem.boolean", where);
    case "n":
      if (!Number.isNaN(Number(value))) return null;
      throw unsupported("import.problem.number", where);
    case "d":
      if (!Number.isNaN(new Date(value).getTime())) return null;
      throw unsupported("import.problem.date", where);
    case "e": {
      const code = errorCellText(value);
      if (code) return code;
      throw unsupported("import.problem.errorCode", where);
    }
    default:
      return null;
  }
}

/**
 * One pass over the first sheet as it streams by, before read-excel-file reads it:
 * - refuses a sheet that unpacks to more than a sheet of the most cells needs, and
 *   a stretch of text between tags longer than any cell's (in every part the
 *   reader reads, the styles too);
 * - refuses a sheet wider than the column cap, or larger than the cell cap: the
 *   reader fills every row up to the rightmost cell and every row up to the last,
 *   so one far-away cell (XFD1048576) would have it allocate billions of cells.
 *   Counted from the `<dimension ref>`, every row number and every cell reference;
 * - refuses a cell the reader cannot read (an unknown type, a value its type does
 *   not allow, a shared string that does not exist), naming the cell;
 * - collects the error cells, which the reader reads as empty.
 */
export function scanSheet(bytes: Uint8Array, parts: WorkbookParts, limits: Pick<ImportLimits, "maxColumns" | "maxCells" | "maxSheetBytes">): ErrorCell[] {
  if (parts.sheet.size > limits.maxSheetBytes) {
    throw new ImportFileError("too_large", "import.problem.sheetTooLarge", { megabytes: megabytes(limits.maxSheetBytes) });
  }
  if (parts.styles) scanEntry(bytes, parts.styles, [], () => {});
  const sharedStrings = countSharedStrings(bytes, parts.sharedStrings);
  const errorCells: ErrorCell[] = [];
  let rows = 0;
  let columns = 0;
  const grow = (row: number, column: number) => {
    if (column > limits.maxColumns) throw tooManyColumns(limits);
    columns = Math.max(columns, column);
    rows = Math.max(rows, row);
    if (rows * Math.max(columns, 1) > limits.maxCells) throw tooManyCells(limits);
  };
  const reference = (value: string) => {
    const address = cellAddress(value);
    if (address) grow(address[0], address[1]);
  };
  let cell: CellTag | null = null;
  scanEntry(bytes, parts.sheet, ["dimension", "row", "c", "v"], (name, text, scanner) => {
    if (name === "v") {
      if (!cell) return;
      const owner: CellTag = cell;
      cell = null;
      // <v/> holds nothing.
      if (text.trimEnd().endsWith("/")) return;
      scanner.captureText(MAX_VALUE, (value) => {
        const code = checkValue(owner, value, sharedStrings);
        const address = code && cellAddress(owner.reference);
        if (address) errorCells.push({ row: address[0], column: address[1], code });
      });
      return;
    }
    const attributes = tagAttributes(text);
    if (name === "dimension") {
      for (const ref of attributes.get("ref") ?? []) ref.split(":").forEach(reference);
    } else if (name === "row") {
      // A row without a number follows the one before it.
      const numbers = (attributes.get("r") ?? []).map(Number).filter((number) => number > 0);
      grow(numbers.length > 0 ? Math.max(...numbers) : rows + 1, 0);
      cell = null;
    } else if (name === "c") {
      const references = attributes.get("r") ?? [];
      references.forEach(reference);
      cell = { reference: references.at(-1) ?? "", type: attributes.get("t")?.at(-1) || "n" };
      if (!CELL_TYPES.has(cell.type)) throw unsupported("import.problem.cellType", { cell: cell.reference || "none", type: cell.type.slice(0, MAX_VALUE) });
    }
  });
  return errorCells;
}
