import { describe, expect, it } from "vitest";
import { checkFieldValue } from "./field-check";
import { fieldValueText, readFieldText, sameFieldValue, type KindedField } from "./field-kinds";
import { fieldDefinitionSchema } from "./project-fields";

const number: KindedField = { title: "Pressure", kind: "number", min: 0, max: 10, decimals: 1, unit: "bar" };
const colors: KindedField = {
  title: "Colors",
  kind: "multiple_choice",
  options: [
    { id: 1, label: "Red" },
    { id: 2, label: "Green" },
    { id: 3, label: "Blue" },
  ],
};
const size: KindedField = { ...colors, title: "Size", kind: "single_choice" };

describe("field kinds", () => {
  it("reads a field saved without a kind as text, with its pattern", () => {
    const old: KindedField = { title: "Serial", validation: "[A-Z]{2}" };
    expect(checkFieldValue(old, "AB")).toEqual({ value: "AB" });
    expect(checkFieldValue(old, "ab")).toEqual({ error: "validation.field.format" });
    expect(checkFieldValue(old, 12)).toEqual({ error: "validation.field.text" });
  });

  it("checks numbers against min, max and decimals, and keeps 0 as a value", () => {
    expect(checkFieldValue(number, 0)).toEqual({ value: 0 });
    expect(checkFieldValue(number, 2.5)).toEqual({ value: 2.5 });
    expect(checkFieldValue(number, 2.55)).toEqual({ error: "validation.field.decimals", values: { decimals: 1 } });
    expect(checkFieldValue(number, 11)).toEqual({ error: "validation.field.max", values: { max: "10" } });
    expect(checkFieldValue(number, -1)).toEqual({ error: "validation.field.min", values: { min: "0" } });
    expect(checkFieldValue(number, "2")).toEqual({ error: "validation.field.number" });
    expect(checkFieldValue({ ...number, decimals: 0 }, 2.5)).toEqual({ error: "validation.field.whole" });
  });

  it("takes calendar dates and instants, storing instants in UTC", () => {
    const date: KindedField = { title: "Due", kind: "date" };
    expect(checkFieldValue(date, "2025-02-28")).toEqual({ value: "2025-02-28" });
    expect(checkFieldValue(date, "2025-02-30")).toEqual({ error: "validation.field.date" });
    expect(checkFieldValue(date, "28.02.2025")).toEqual({ error: "validation.field.date" });
    const at: KindedField = { title: "Visit", kind: "datetime" };
    expect(checkFieldValue(at, "2025-03-30T09:30+02:00")).toEqual({ value: "2025-03-30T07:30:00.000Z" });
    expect(checkFieldValue(at, "2025-03-30T09:30")).toEqual({ error: "validation.field.dateTime" });
  });

  it("takes options by id only, in the field's order, and a checkbox as true or no value", () => {
    expect(checkFieldValue(size, 2)).toEqual({ value: 2 });
    expect(checkFieldValue(size, 9)).toEqual({ error: "validation.field.choice", values: { value: "9" } });
    expect(checkFieldValue(colors, [3, 1])).toEqual({ value: [1, 3] });
    expect(checkFieldValue(colors, [1, 7])).toEqual({ error: "validation.field.choice", values: { value: "7" } });
    expect(checkFieldValue(colors, 1)).toEqual({ error: "validation.field.choices" });
    const box: KindedField = { title: "Checked", kind: "checkbox" };
    expect(checkFieldValue(box, true)).toEqual({ value: true });
    expect(checkFieldValue(box, false)).toEqual({ empty: true });
    expect(checkFieldValue(box, "yes")).toEqual({ error: "validation.field.checkbox" });
  });

  it("writes values as a file holds them and reads them back", () => {
    const cases: [KindedField, unknown][] = [
      [number, 2.5],
      [colors, [1, 3]],
      [size, 2],
      [{ title: "Checked", kind: "checkbox" }, true],
      [{ title: "Due", kind: "date" }, "2025-02-28"],
      [{ title: "Visit", kind: "datetime" }, "2025-03-30T07:30:00.000Z"],
      [{ title: "Notes" }, "a, b; c"],
    ];
    for (const [field, value] of cases) expect(checkFieldValue(field, readFieldText(field, fieldValueText(value)))).toEqual({ value });
    expect(readFieldText(colors, "green, Red")).toEqual([2, 1]);
    expect(readFieldText(size, "blue")).toBe(3);
    expect(readFieldText(number, "2,5")).toBe("2,5");
    expect(readFieldText({ title: "Checked", kind: "checkbox" }, "No")).toBe(false);
  });

  it("compares values as the workflows' requirements do", () => {
    expect(sameFieldValue(colors, [1, 3], [3, 1])).toBe(true);
    expect(sameFieldValue({ title: "Checked", kind: "checkbox" }, undefined, false)).toBe(true);
    expect(sameFieldValue({ title: "Visit", kind: "datetime" }, "2025-03-30T07:30:00.000Z", "2025-03-30T09:30+02:00")).toBe(true);
    expect(sameFieldValue(number, 0, "")).toBe(false);
  });

  it("keeps each kind's own settings and refuses the others", () => {
    expect(fieldDefinitionSchema.parse({ id: 1, title: "Notes" })).toEqual({
      id: 1,
      title: "Notes",
      description: "",
      required: false,
      kind: "text",
      validation: null,
    });
    expect(fieldDefinitionSchema.parse({ id: 2, title: "Pressure", kind: "number", max: 10, unit: "bar" })).toMatchObject({
      min: null,
      max: 10,
      decimals: null,
      unit: "bar",
    });
    const refused = (input: object) => fieldDefinitionSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(refused({ id: 1, title: "A", kind: "date", validation: "x" })).toEqual([["validation", "validation.field.notForKind"]]);
    expect(refused({ id: 1, title: "A", kind: "single_choice" })).toEqual([["options", "validation.field.optionsNeeded"]]);
    expect(refused({ id: 1, title: "A", kind: "number", min: 5, max: 1 })).toEqual([["max", "validation.field.maxBelowMin"]]);
    expect(refused({ id: 1, title: "A", kind: "multiple_choice", options: [{ id: 1, label: "a, b" }] })).toEqual([
      ["options.0.label", "validation.field.optionComma"],
    ]);
  });
});
