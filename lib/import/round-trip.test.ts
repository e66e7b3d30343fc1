import { describe, expect, it } from "vitest";
import { customerBrowse } from "@/components/customer/customer-browse";
import { projectBrowse } from "@/components/project/project-browse";
import { toCsv } from "@/lib/client/csv";
import { CUSTOMER_IMPORT_FIELDS } from "./customer-fields";
import { autoMap } from "./auto-map";
import type { ImportField } from "./fields";
import { parseImportFile } from "./parse-file";
import { PROJECT_IMPORT_FIELDS } from "./project-fields";

function expectSelfMapping(fields: readonly ImportField[], headers: string[]) {
  const mapping = autoMap(fields, headers);
  expect(Object.keys(mapping).sort()).toEqual(fields.map((field) => field.id).sort());
  for (const field of fields) expect(headers[mapping[field.id]]).toBe(field.label);
}

describe("exported lists map themselves", () => {
  it("maps every customer import field onto the customer list's CSV export", () => {
    expectSelfMapping(CUSTOMER_IMPORT_FIELDS, customerBrowse.csv.map((column) => column.header));
  });

  it("maps every project import field onto the project list's CSV export", () => {
    expectSelfMapping(PROJECT_IMPORT_FIELDS, projectBrowse.csv.map((column) => column.header));
  });

  it("reads back what the CSV export writes, cell for cell", async () => {
    const rows = [
      ["Mia Miller", "+44 113 496 0000", 'The "big" yard, Leeds', "line 1\r\nline 2", "=1+2", "-5", null],
      ["Noah", "@home", "", "ünïcödé", "'quoted", 12, true],
    ];
    const text = "\uFEFF" + toCsv(["Name", "Phone", "Yard", "Notes", "Formula", "Number", "Flag"], rows);
    const sheet = await parseImportFile("customers.csv", new TextEncoder().encode(text));
    expect(sheet.rows).toEqual([
      ["Mia Miller", "+44 113 496 0000", 'The "big" yard, Leeds', "line 1\r\nline 2", "=1+2", "-5", null],
      ["Noah", "@home", null, "ünïcödé", "'quoted", "12", "true"],
    ]);
  });
});
