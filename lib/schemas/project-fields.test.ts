import { describe, expect, it } from "vitest";
import { fieldPattern } from "./field-pattern";
import { nextItemId } from "./item-ids";
import { checkFieldValues, type FieldDefinition } from "./project-fields";

const serial: FieldDefinition = { id: 1, title: "Serial number", description: "", required: true, validation: "[A-Z]{2}\\d{4}" };

describe("project field rules", () => {
  it("gives new items the smallest unused positive id", () => {
    expect(nextItemId([])).toBe(1);
    expect(nextItemId([{ id: 1 }, { id: 3 }])).toBe(2);
    expect(nextItemId([{ id: 2 }, { id: 1 }])).toBe(3);
  });

  it("matches a validation against the whole value and refuses texts that only compile wrapped", () => {
    expect(fieldPattern("[A-Z]{2}\\d{4}").test("AB1234")).toBe(true);
    expect(fieldPattern("[A-Z]{2}\\d{4}").test("xAB1234")).toBe(false);
    expect(fieldPattern("a|b").test("ab")).toBe(false);
    expect(() => fieldPattern("a)|(b")).toThrow();
  });

  it("checks values, keeps the request's indexes and drops empty ones", () => {
    const notes: FieldDefinition = { id: 2, title: "Notes", description: "", required: false, validation: null };
    const result = checkFieldValues([serial, notes], [{ id: 2, value: "" }, { id: 1, value: "AB1234" }, { id: 1, value: "CD1234" }], {
      required: [1],
    });
    expect(result.values).toEqual([{ id: 1, value: "AB1234" }]);
    expect(result.issues).toEqual([{ path: "fields.2.id", message: "validation.field.twice", values: { field: "Serial number" } }]);
  });
});
