import type { ImportReport } from "./row-errors";

/** What the rows of an import become, one and many: customer and customers. */
export type ImportNouns = { one: string; other: string };

/** "1 row", "2 rows", "1,200 rows". */
export const counted = (count: number, one: string, other: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : other}`;

const ROWS: ImportNouns = { one: "row", other: "rows" };

function phrase(report: ImportReport, count: number, nouns: ImportNouns, done: string) {
  const verb = report.dryRun ? "would be" : count === 1 ? "was" : "were";
  return `${counted(count, nouns.one, nouns.other)} ${verb} ${done}`;
}

/**
 * What an import did, or in a dry run would do, counting only what happened:
 * "2 customers were created, 1 customer was updated, 3 rows were unchanged".
 */
export function importCounts(report: ImportReport, nouns: ImportNouns): string {
  const parts = [
    report.created > 0 && phrase(report, report.created, nouns, "created"),
    report.updated > 0 && phrase(report, report.updated, nouns, "updated"),
    report.unchanged > 0 && phrase(report, report.unchanged, ROWS, "unchanged"),
  ].filter((part): part is string => Boolean(part));
  if (parts.length > 0) return parts.join(", ");
  return `No ${nouns.other} ${report.dryRun ? "would be" : "were"} created or updated`;
}

/** The rows left out with their errors: "1 row with errors was skipped". */
export const skippedRows = (report: ImportReport) => phrase(report, report.skipped.length, { one: "row with errors", other: "rows with errors" }, "skipped");

/** Why nothing was imported: "1 row of 3 has errors". */
export const rowsWithErrors = (report: ImportReport) =>
  `${counted(report.skipped.length, "row", "rows")} of ${report.rows.toLocaleString("en-US")} ${report.skipped.length === 1 ? "has" : "have"} errors`;
