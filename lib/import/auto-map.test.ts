import { describe, expect, it } from "vitest";
import { articleFields } from "@/components/import/article-fields";
import { autoMap, headerWords } from "./auto-map";
import { CUSTOMER_IMPORT_FIELDS } from "./customer-fields";
import type { ImportField } from "./fields";
import { PROJECT_IMPORT_FIELDS } from "./project-fields";

const FIELDS: ImportField[] = [
  { id: "id", label: "ID", required: true },
  { id: "title", label: "Title", required: true },
  { id: "line1", label: "Address line 1" },
  { id: "zip", label: "ZIP / postcode" },
];

/** The field each header maps to, or undefined. */
function mapped(fields: readonly ImportField[], headers: string[]) {
  const mapping = autoMap(fields, headers);
  const byColumn = Object.fromEntries(Object.entries(mapping).map(([field, column]) => [column, field]));
  return headers.map((_, column) => byColumn[column]);
}

describe("headerWords", () => {
  it("splits at punctuation, spaces and camelCase, in lower case and without accents", () => {
    expect(headerWords("E-mail Address")).toEqual(["e", "mail", "address"]);
    expect(headerWords("phoneNumber")).toEqual(["phone", "number"]);
    expect(headerWords("  Straße / Código_postal ")).toEqual(["straße", "codigo", "postal"]);
    expect(headerWords("---")).toEqual([]);
  });
});

describe("autoMap", () => {
  it("maps columns whose header is a field's label or id, ignoring case, spaces and punctuation", () => {
    expect(autoMap(FIELDS, ["title", "Id", "address-line 1", "ZIP/Postcode"])).toEqual({ title: 0, id: 1, line1: 2, zip: 3 });
    expect(autoMap(FIELDS, ["Zip", "LINE1"])).toEqual({ zip: 0, line1: 1 });
  });

  it("leaves fields without a matching header unmapped and takes the first match", () => {
    expect(autoMap(FIELDS, ["Name", "Title", "title", ""])).toEqual({ title: 1 });
  });

  it("maps customer headers from elsewhere by their usual names", () => {
    expect(mapped(CUSTOMER_IMPORT_FIELDS, ["Full Name", "E-mail", "Phone Number"])).toEqual(["name", "email", "phone"]);
    for (const header of ["e-mail address", "Email Address", "EMail", "emailAddress"]) {
      expect(mapped(CUSTOMER_IMPORT_FIELDS, [header]), header).toEqual(["email"]);
    }
    expect(mapped(CUSTOMER_IMPORT_FIELDS, ["Customer Name", "Contact email", "Mobile", "Street", "Address 2", "Postal code", "Town", "Région"])).toEqual([
      "name",
      "email",
      "phone",
      "line1",
      "line2",
      "zip",
      "city",
      "state",
    ]);
  });

  it("prefers the stronger evidence over the earlier column, and never maps a field twice", () => {
    expect(mapped(CUSTOMER_IMPORT_FIELDS, ["Telephone", "Phone"])).toEqual([undefined, "phone"]);
    expect(mapped(CUSTOMER_IMPORT_FIELDS, ["Full name", "Name"])).toEqual([undefined, "name"]);
    expect(mapped(CUSTOMER_IMPORT_FIELDS, ["Mobile", "Telephone"])).toEqual(["phone", undefined]);
    expect(Object.keys(autoMap(CUSTOMER_IMPORT_FIELDS, ["Email", "E-mail", "Email address", "Contact email"]))).toEqual(["email"]);
  });

  it("maps nothing on weak evidence", () => {
    const headers = ["Phone type", "Email opt-in", "Name 2", "Street number", "Customer number", "Contact", "Full", "Mail", "Notes", "Address line 3", ""];
    expect(autoMap(CUSTOMER_IMPORT_FIELDS, headers)).toEqual({});
    expect(autoMap(PROJECT_IMPORT_FIELDS, ["Customer number", "Customer name", "Project", "Name", "Project number"])).toEqual({});
    // The csv example's file is meant to be mapped by hand.
    const english: Record<string, string> = { "import.article.id": "ID", "import.article.title": "Title", "import.article.description": "Description", "import.article.ean": "EAN" };
    expect(autoMap(articleFields((key) => english[key] ?? key), ["Article no", "Name", "Notes", "Barcode"])).toEqual({});
  });

  it("reads decorated and aliased project headers", () => {
    expect(mapped(PROJECT_IMPORT_FIELDS, ["Project Name", "Project type", "Customer email", "Assignee", "Project status"])).toEqual([
      "title",
      "type",
      "customer",
      "owner",
      "status",
    ]);
    expect(mapped(PROJECT_IMPORT_FIELDS, ["Project customer", "Client"])).toEqual([undefined, "customer"]);
  });

  it("leaves a header that names two fields equally well to the user", () => {
    const twins: ImportField[] = [
      { id: "home", label: "Home phone", aliases: ["Phone"] },
      { id: "work", label: "Work phone", aliases: ["Phone"] },
    ];
    expect(autoMap(twins, ["Phone", "Work phone"])).toEqual({ work: 1 });
  });
});
