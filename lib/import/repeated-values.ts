import { sheetRow } from "./row-errors";
import type { Sheet } from "./sheet";

export type RepeatedValue = { value: string; rows: number[] };

/**
 * The values more than one row of the sheet holds in a column, compared the way
 * the import compares them (emails: without case), each with the rows holding it
 * as the file numbers them (the header is row 1), in the file's order.
 */
export function repeatedValues(sheet: Sheet, column: number, key: (value: string) => string = (value) => value.trim().toLowerCase()): RepeatedValue[] {
  const byKey = new Map<string, RepeatedValue>();
  sheet.rows.forEach((cells, index) => {
    const cell = cells[column];
    if (!cell) return;
    const found = byKey.get(key(cell));
    if (found) found.rows.push(sheetRow(index));
    else byKey.set(key(cell), { value: cell, rows: [sheetRow(index)] });
  });
  return [...byKey.values()].filter((entry) => entry.rows.length > 1);
}
