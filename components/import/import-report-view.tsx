"use client";
import { Alert, Stack } from "@mantine/core";
import { importCounts, rowsWithErrors, skippedRows, type ImportNouns } from "@/lib/import/import-summary";
import type { ImportReport } from "@/lib/import/row-errors";
import { ImportErrorsTable } from "./import-errors-table";

function summary(report: ImportReport, nouns: ImportNouns, skipInvalid: boolean) {
  const bad = report.skipped.length;
  if (bad > 0 && !skipInvalid) {
    return {
      color: "red",
      title: report.dryRun ? "This file would import nothing" : "Nothing was imported",
      text: `${rowsWithErrors(report)}. Fix them in the file, or choose Skip invalid rows in Configure mappings.`,
    };
  }
  const text = `${importCounts(report, nouns)}${bad > 0 ? `; ${skippedRows(report)}` : ""}.`;
  if (report.dryRun) return { color: "blue", title: "The file can be imported", text };
  return { color: "green", title: `Import of ${nouns.other} finished`, text };
}

/** What an import did (or, checked first, would do), and the rows it left out with their errors. */
export function ImportReportView({ report, nouns, skipInvalid }: { report: ImportReport; nouns: ImportNouns; skipInvalid: boolean }) {
  const { color, title, text } = summary(report, nouns, skipInvalid);
  return (
    <Stack gap="sm" role="region" aria-label="Import report">
      <Alert color={color} title={title}>
        {text}
      </Alert>
      <ImportErrorsTable problems={report.skipped} />
    </Stack>
  );
}
