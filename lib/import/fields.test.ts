import { describe, expect, it } from "vitest";
import { fieldsOnColumn, unmappedRequired, type ImportField } from "./fields";

const FIELDS: ImportField[] = [
  { id: "id", label: "ID", required: true },
  { id: "title", label: "Title", required: true },
  { id: "line1", label: "Address line 1" },
  { id: "zip", label: "ZIP / postcode" },
];

describe("mapping state", () => {
  it("lists required fields not mapped yet and the fields on a column", () => {
    expect(unmappedRequired(FIELDS, { title: 0 }).map((field) => field.id)).toEqual(["id"]);
    expect(unmappedRequired(FIELDS, { title: 0, id: 0 })).toEqual([]);
    expect(fieldsOnColumn(FIELDS, { title: 0, id: 0, zip: 1 }, 0).map((field) => field.id)).toEqual(["id", "title"]);
  });
});
