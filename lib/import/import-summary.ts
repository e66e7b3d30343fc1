import type { ImportReport } from "./row-errors";

/**
 * What the rows of an import become, one and many: customer and customers. `one` is
 * also the entity's type, which the catalogue's messages choose their nouns by
 * (`{entity, select, customer {…} project {…} other {…}}`).
 */
export type ImportNouns = { one: string; other: string };

/** A translator of the page's language: `useTranslations()` in components, `translate` elsewhere. */
export type ImportTranslate = (key: string, values?: Record<string, string | number>) => string;

/** "1 customer", "2 projects", in the translator's language. */
const items = (t: ImportTranslate, count: number, nouns: ImportNouns) => t("import.noun.items", { entity: nouns.one, count });

/**
 * What an import did, or in a dry run would do, counting only what happened:
 * "2 customers were created, 1 customer was updated, 3 rows were unchanged".
 */
export function importCounts(t: ImportTranslate, report: ImportReport, nouns: ImportNouns): string {
  const dry = report.dryRun;
  const parts = [
    report.created > 0 &&
      t(dry ? "import.summary.createdDry" : "import.summary.created", { count: report.created, items: items(t, report.created, nouns) }),
    report.updated > 0 &&
      t(dry ? "import.summary.updatedDry" : "import.summary.updated", { count: report.updated, items: items(t, report.updated, nouns) }),
    report.unchanged > 0 &&
      t(dry ? "import.summary.unchangedDry" : "import.summary.unchanged", {
        count: report.unchanged,
        items: t("import.noun.rows", { count: report.unchanged }),
      }),
  ].filter((part): part is string => Boolean(part));
  if (parts.length > 0) return parts.join(", ");
  return t(dry ? "import.summary.noneDry" : "import.summary.none", { entity: nouns.one });
}

/** The rows left out with their errors: "1 row with errors was skipped". */
export function skippedRows(t: ImportTranslate, report: ImportReport) {
  const count = report.skipped.length;
  return t(report.dryRun ? "import.summary.skippedDry" : "import.summary.skipped", { count, items: t("import.noun.rowsWithErrors", { count }) });
}

/** Why nothing was imported: "1 row of 3 has errors". */
export const rowsWithErrors = (t: ImportTranslate, report: ImportReport) =>
  t("import.summary.rowsWithErrors", { count: report.skipped.length, total: report.rows });
