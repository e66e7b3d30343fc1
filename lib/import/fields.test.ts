import { describe, expect, it } from "vitest";
import { autoMap, fieldsOnColumn, unmappedRequired, type ImportField } from "./fields";

const FIELDS: ImportField[] = [
  { id: "id", label: "ID", required: true },
  { id: "title", label: "Title", required: true },
  { id: "line1", label: "Address line 1" },
  { id: "zip", label: "ZIP / postcode" },
];

describe("autoMap", () => {
  it("maps columns whose header is a field's label or id, ignoring case, spaces and punctuation", () => {
    expect(autoMap(FIELDS, ["title", "Id", "address-line 1", "ZIP/Postcode"])).toEqual({ title: 0, id: 1, line1: 2, zip: 3 });
    expect(autoMap(FIELDS, ["Zip", "LINE1"])).toEqual({ zip: 0, line1: 1 });
  });

  it("leaves fields without a matching header unmapped and takes the first match", () => {
    expect(autoMap(FIELDS, ["Name", "Title", "title", ""])).toEqual({ title: 1 });
  });
});

describe("mapping state", () => {
  it("lists required fields not mapped yet and the fields on a column", () => {
    expect(unmappedRequired(FIELDS, { title: 0 }).map((field) => field.id)).toEqual(["id"]);
    expect(unmappedRequired(FIELDS, { title: 0, id: 0 })).toEqual([]);
    expect(fieldsOnColumn(FIELDS, { title: 0, id: 0, zip: 1 }, 0).map((field) => field.id)).toEqual(["id", "title"]);
  });
});
