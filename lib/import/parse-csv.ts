import Papa from "papaparse";
import { unescapeFormula } from "./formula-escape";
import { cellText, ImportFileError, type Cell } from "./sheet";

/**
 * CSV text into rows of cells. papaparse handles quoted commas, quotes and line
 * breaks, and finds the delimiter (comma, semicolon, tab); a leading byte order
 * mark is dropped, values are trimmed, empty cells become null, and rows with no
 * value at all are left out.
 */
export function parseCsv(text: string): Cell[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const broken = result.errors.find((error) => error.code === "MissingQuotes");
  if (broken) {
    const row = (broken.row ?? 0) + 1;
    throw new ImportFileError("unreadable", `The file has a quote that is never closed (row ${row})`);
  }
  const rows: Cell[][] = [];
  for (const record of result.data) {
    const cells = record.map((value) => {
      const text = cellText(value);
      return text === null ? null : unescapeFormula(text);
    });
    if (cells.some((cell) => cell !== null)) rows.push(cells);
  }
  return rows;
}
