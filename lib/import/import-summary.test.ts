import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import deDE from "../../messages/de-DE.json";
import enUS from "../../messages/en-US.json";
import { importCounts, rowsWithErrors, skippedRows, type ImportTranslate } from "./import-summary";
import type { ImportReport } from "./row-errors";

const translator = (locale: string, messages: typeof enUS): ImportTranslate => {
  const t = createTranslator({ locale, messages });
  return (key, values) => t(key as never, values as never);
};
const en = translator("en-US", enUS);
const de = translator("de-DE", deDE);

const CUSTOMERS = { one: "customer", other: "customers" };
const PROJECTS = { one: "project", other: "projects" };
const report = (counts: Partial<ImportReport> & { bad?: number }): ImportReport => {
  const { bad = 0, ...rest } = counts;
  const skipped = Array.from({ length: bad }, (_, index) => ({ row: index + 2, errors: [] }));
  return { dryRun: false, rows: 10, created: 0, updated: 0, unchanged: 0, skipped, ...rest };
};

describe("import summary", () => {
  it("says one and many apart, with the locale's digits", () => {
    expect(en("import.noun.rows", { count: 1 })).toBe("1 row");
    expect(en("import.noun.rows", { count: 0 })).toBe("0 rows");
    expect(en("import.noun.rows", { count: 1200 })).toBe("1,200 rows");
    expect(de("import.noun.rows", { count: 1200 })).toBe("1.200 Zeilen");
  });

  it("counts only what happened, each in its own number", () => {
    expect(importCounts(en, report({ created: 1, updated: 2, unchanged: 1 }), CUSTOMERS)).toBe(
      "1 customer was created, 2 customers were updated, 1 row was unchanged",
    );
    expect(importCounts(en, report({ created: 2, updated: 1, unchanged: 3 }), CUSTOMERS)).toBe(
      "2 customers were created, 1 customer was updated, 3 rows were unchanged",
    );
    expect(importCounts(en, report({ unchanged: 3 }), CUSTOMERS)).toBe("3 rows were unchanged");
    expect(importCounts(en, report({}), CUSTOMERS)).toBe("No customers were created or updated");
    expect(importCounts(en, report({ created: 1 }), PROJECTS)).toBe("1 project was created");
  });

  it("says what a dry run would do", () => {
    expect(importCounts(en, report({ dryRun: true, created: 1, unchanged: 2 }), CUSTOMERS)).toBe("1 customer would be created, 2 rows would be unchanged");
    expect(importCounts(en, report({ dryRun: true }), CUSTOMERS)).toBe("No customers would be created or updated");
    expect(skippedRows(en, report({ dryRun: true, bad: 1 }))).toBe("1 row with errors would be skipped");
  });

  it("counts the rows with errors", () => {
    expect(skippedRows(en, report({ bad: 1 }))).toBe("1 row with errors was skipped");
    expect(skippedRows(en, report({ bad: 2 }))).toBe("2 rows with errors were skipped");
    expect(rowsWithErrors(en, report({ bad: 1, rows: 3 }))).toBe("1 row of 3 has errors");
    expect(rowsWithErrors(en, report({ bad: 2, rows: 3 }))).toBe("2 rows of 3 have errors");
  });

  it("speaks German in German, with its own plurals", () => {
    expect(importCounts(de, report({ created: 1, updated: 2, unchanged: 3 }), CUSTOMERS)).toBe(
      "1 Kunde wurde angelegt, 2 Kunden wurden aktualisiert, 3 Zeilen blieben unverändert",
    );
    expect(importCounts(de, report({ dryRun: true, created: 2 }), PROJECTS)).toBe("2 Aufträge würden angelegt");
    expect(importCounts(de, report({}), PROJECTS)).toBe("Es wurden keine Aufträge angelegt oder aktualisiert");
    expect(skippedRows(de, report({ bad: 1 }))).toBe("1 fehlerhafte Zeile wurde übersprungen");
    expect(rowsWithErrors(de, report({ bad: 2, rows: 1500 }))).toBe("2 von 1.500 Zeilen sind fehlerhaft");
  });
});
