import { FORMULA_START } from "@/lib/import/formula-escape";

/** CSV text for exports: RFC 4180 quoting, CRLF rows, and cells neutralised against spreadsheet formulas (the import undoes it). */
export type CsvCell = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvCell): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = value.toISOString();
  // A plain decimal (an amount written as text to keep its cents) is a number, not a formula.
  else if (typeof value === "string") text = FORMULA_START.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  // Numbers and booleans cannot carry a formula, so a negative number stays a number.
  else text = String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Saves the text as a file in the browser; the byte order mark makes spreadsheet apps read it as UTF-8. */
export function downloadCsv(filename: string, text: string) {
  const blob = new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
