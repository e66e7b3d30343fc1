import { describe, expect, it } from "vitest";
import { inEnglish } from "@/test/import-words";
import { checkSheet, listValues, type CheckedField } from "./check-sheet";

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
    const result = checkSheet(sheet, FIELDS, mapping, inEnglish);
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
    const result = checkSheet({ columns: ["c"], rows: [["X1"], ["Y2"]] }, fields, { code: 0 }, inEnglish);
    expect(result.valid).toBe(1);
    expect(result.invalid).toEqual([{ row: 3, errors: [{ column: "c", value: "Y2", error: "invalid", message: "Codes start with X" }] }]);
  });

  it("refuses a spreadsheet error code in a mapped cell and names the type a field takes", () => {
    const sheet = { columns: ["Article", "Price"], rows: [["A1", "#DIV/0!"], ["#N/A", "2"], ["A3", "cheap"]] };
    const result = checkSheet(sheet, FIELDS, { id: 0, price: 1 }, inEnglish);
    expect(result.invalid).toEqual([
      { row: 2, errors: [{ column: "Price", value: "#DIV/0!", error: "invalid", type: "number", message: "The cell holds the spreadsheet error #DIV/0!" }] },
      { row: 3, errors: [{ column: "Article", value: "#N/A", error: "invalid", message: "The cell holds the spreadsheet error #N/A" }] },
      { row: 4, errors: [{ column: "Price", value: "cheap", error: "invalid", reason: "not_a_number", type: "number", message: "Price must be a number" }] },
    ]);
  });

  it("splits a list field's cell on commas and checks each value", () => {
    const fields: CheckedField[] = [{ id: "codes", label: "Codes", type: "integer", list: true, required: true }];
    const sheet = { columns: ["Codes"], rows: [["1, 2,3"], ["4,, 5 ,"], ["6, seven, 8"], [" , "], ["9"]] };
    expect(listValues("1, 2,3")).toEqual(["1", "2", "3"]);
    expect(listValues("4,, 5 ,")).toEqual(["4", "5"]);
    const result = checkSheet(sheet, fields, { codes: 0 }, inEnglish);
    expect(result.valid).toBe(3);
    expect(result.invalid).toEqual([
      { row: 4, errors: [{ column: "Codes", value: "6, seven, 8", error: "invalid", reason: "not_a_number", type: "integer", message: "seven: Codes must be a number" }] },
      { row: 5, errors: [{ column: "Codes", value: " , ", error: "required", type: "integer", message: "Codes is required" }] },
    ]);
  });
});
