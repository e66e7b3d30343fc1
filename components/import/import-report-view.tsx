"use client";
import { Alert, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { importCounts, rowsWithErrors, skippedRows, type ImportNouns, type ImportTranslate } from "@/lib/import/import-summary";
import type { ImportReport } from "@/lib/import/row-errors";
import { ImportErrorsTable } from "./import-errors-table";

function summary(t: ImportTranslate, report: ImportReport, nouns: ImportNouns, skipInvalid: boolean) {
  const bad = report.skipped.length;
  if (bad > 0 && !skipInvalid) {
    return {
      color: "red",
      title: t(report.dryRun ? "import.report.wouldImportNothing" : "import.report.importedNothing"),
      text: t("import.report.fix", { errors: rowsWithErrors(t, report) }),
    };
  }
  const counts = importCounts(t, report, nouns);
  const text = bad > 0 ? t("import.report.withSkipped", { counts, skipped: skippedRows(t, report) }) : t("import.report.counts", { counts });
  if (report.dryRun) return { color: "blue", title: t("import.report.canImport"), text };
  return { color: "green", title: t("import.report.finished", { entity: nouns.one }), text };
}

/** What an import did (or, checked first, would do), and the rows it left out with their errors. */
export function ImportReportView({ report, nouns, skipInvalid }: { report: ImportReport; nouns: ImportNouns; skipInvalid: boolean }) {
  const t = useTranslations();
  const { color, title, text } = summary(t, report, nouns, skipInvalid);
  return (
    <Stack gap="sm" role="region" aria-label={t("import.report.label")}>
      <Alert color={color} title={title}>
        {text}
      </Alert>
      <ImportErrorsTable problems={report.skipped} />
    </Stack>
  );
}
