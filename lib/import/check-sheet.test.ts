import { describe, expect, it } from "vitest";
import { checkSheet, type CheckedField } from "./check-sheet";

const FIELDS: CheckedField[] = [
  { id: "id", label: "ID", required: true },
  { id: "qty", label: "Quantity", type: "integer" },
  { id: "price", label: "Price", type: "number" },
  { id: "active", label: "Active", type: "boolean" },
  { id: "since", label: "Since", type: "date" },
  { id: "unit", label: "Unit", oneOf: ["pc", "kg"] },
];

describe("checkSheet", () => {
  it("reports each bad value with spec §5's schema error names, counting rows like a spreadsheet", () => {
    const sheet = {
      columns: ["Article", "Qty", "Price", "Active", "Since", "Unit"],
      rows: [
        ["A1", "2", "9.5", "true", "2024-01-02", "pc"],
        [null, "2.5", "cheap", "maybe", "someday", "box"],
        ["A3", null, null, null, null, null],
      ],
    };
    const mapping = { id: 0, qty: 1, price: 2, active: 3, since: 4, unit: 5 };
    const result = checkSheet(sheet, FIELDS, mapping);
    expect(result).toMatchObject({ rows: 3, valid: 2 });
    expect(result.invalid).toHaveLength(1);
    expect(result.invalid[0].row).toBe(3);
    expect(result.invalid[0].errors.map(({ column, value, error, reason }) => ({ column, value, error, reason }))).toEqual([
      { column: "Article", value: null, error: "required", reason: undefined },
      { column: "Qty", value: "2.5", error: "invalid", reason: "invalid_number" },
      { column: "Price", value: "cheap", error: "invalid", reason: "not_a_number" },
      { column: "Active", value: "maybe", error: "invalid", reason: "not_a_boolean" },
      { column: "Since", value: "someday", error: "invalid", reason: "not_a_date" },
      { column: "Unit", value: "box", error: "invalid", reason: "unknown" },
    ]);
  });

  it("checks only mapped fields and runs a field's own check", () => {
    const fields: CheckedField[] = [
      { id: "code", label: "Code", check: (value) => (value.startsWith("X") ? null : { error: "invalid", message: "Codes start with X" }) },
      ...FIELDS,
    ];
    const result = checkSheet({ columns: ["c"], rows: [["X1"], ["Y2"]] }, fields, { code: 0 });
    expect(result.valid).toBe(1);
    expect(result.invalid).toEqual([{ row: 3, errors: [{ column: "c", value: "Y2", error: "invalid", message: "Codes start with X" }] }]);
  });
});
