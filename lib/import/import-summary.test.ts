import { describe, expect, it } from "vitest";
import { counted, importCounts, rowsWithErrors, skippedRows } from "./import-summary";
import type { ImportReport } from "./row-errors";

const CUSTOMERS = { one: "customer", other: "customers" };
const report = (counts: Partial<ImportReport> & { bad?: number }): ImportReport => {
  const { bad = 0, ...rest } = counts;
  const skipped = Array.from({ length: bad }, (_, index) => ({ row: index + 2, errors: [] }));
  return { dryRun: false, rows: 10, created: 0, updated: 0, unchanged: 0, skipped, ...rest };
};

describe("import summary", () => {
  it("says one and many apart", () => {
    expect(counted(1, "row", "rows")).toBe("1 row");
    expect(counted(0, "row", "rows")).toBe("0 rows");
    expect(counted(1200, "row", "rows")).toBe("1,200 rows");
  });

  it("counts only what happened, each in its own number", () => {
    expect(importCounts(report({ created: 1, updated: 2, unchanged: 1 }), CUSTOMERS)).toBe(
      "1 customer was created, 2 customers were updated, 1 row was unchanged",
    );
    expect(importCounts(report({ created: 2, updated: 1, unchanged: 3 }), CUSTOMERS)).toBe(
      "2 customers were created, 1 customer was updated, 3 rows were unchanged",
    );
    expect(importCounts(report({ unchanged: 3 }), CUSTOMERS)).toBe("3 rows were unchanged");
    expect(importCounts(report({}), CUSTOMERS)).toBe("No customers were created or updated");
  });

  it("says what a dry run would do", () => {
    expect(importCounts(report({ dryRun: true, created: 1, unchanged: 2 }), CUSTOMERS)).toBe("1 customer would be created, 2 rows would be unchanged");
    expect(importCounts(report({ dryRun: true }), CUSTOMERS)).toBe("No customers would be created or updated");
    expect(skippedRows(report({ dryRun: true, bad: 1 }))).toBe("1 row with errors would be skipped");
  });

  it("counts the rows with errors", () => {
    expect(skippedRows(report({ bad: 1 }))).toBe("1 row with errors was skipped");
    expect(skippedRows(report({ bad: 2 }))).toBe("2 rows with errors were skipped");
    expect(rowsWithErrors(report({ bad: 1, rows: 3 }))).toBe("1 row of 3 has errors");
    expect(rowsWithErrors(report({ bad: 2, rows: 3 }))).toBe("2 rows of 3 have errors");
  });
});
