"use client";
import { Alert, Stack } from "@mantine/core";
import type { ImportReport } from "@/lib/import/row-errors";
import { ImportErrorsTable } from "./import-errors-table";

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

function summary(report: ImportReport, noun: string, skipInvalid: boolean) {
  const bad = report.skipped.length;
  const counts = `${report.created.toLocaleString("en-US")} to create, ${report.updated.toLocaleString("en-US")} to update`;
  if (bad > 0 && !skipInvalid) {
    return {
      color: "red",
      title: report.dryRun ? "This file would import nothing" : "Nothing was imported",
      text: `${plural(bad, "row")} of ${report.rows.toLocaleString("en-US")} ${bad === 1 ? "has" : "have"} errors. Fix them in the file, or choose Skip invalid rows in Configure mappings.`,
    };
  }
  const skipped = bad > 0 ? `; ${plural(bad, "row")} with errors ${report.dryRun ? "would be" : bad === 1 ? "was" : "were"} skipped` : "";
  if (report.dryRun) return { color: "blue", title: "The file can be imported", text: `${counts}${skipped}.` };
  return {
    color: "green",
    title: `Import of ${noun} finished`,
    text: `${report.created.toLocaleString("en-US")} created, ${report.updated.toLocaleString("en-US")} updated${skipped}.`,
  };
}

/** What an import did (or, checked first, would do), and the rows it left out with their errors. */
export function ImportReportView({ report, noun, skipInvalid }: { report: ImportReport; noun: string; skipInvalid: boolean }) {
  const { color, title, text } = summary(report, noun, skipInvalid);
  return (
    <Stack gap="sm" role="region" aria-label="Import report">
      <Alert color={color} title={title}>
        {text}
      </Alert>
      <ImportErrorsTable problems={report.skipped} />
    </Stack>
  );
}
