import { describe, expect, it } from "vitest";
import type { Privilege } from "@/lib/schemas/constants";
import { POST as importCustomers } from "@/app/api/api/customer/import/route";
import { POST as importProjects } from "@/app/api/api/project/import/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { expectResponsiveDuring } from "@/test/responsive";
import { xlsxWithSheet } from "@/test/xlsx";
import { cpuMs } from "@/test/cpu-time";
import { NOT_ENOUGH_ROWS } from "@/test/import-words";

const mailbox = useSmtpCatcher();

const MB = 1024 * 1024;

/** About a megabyte: a header of a million commas, then one row. */
const COMMAS = ",".repeat(1_000_000) + "\nMia Miller,mia@example.test\n";
/** A tiny workbook whose only far-away cell would have the reader fill 16384 columns of a million rows. */
const FAR_CELL = xlsxWithSheet(
  '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>',
);

const ENDPOINTS: { name: string; route: typeof importCustomers; path: string; mappings: Record<string, number>; privileges: Privilege[] }[] = [
  { name: "POST /customer/import", route: importCustomers, path: "/customer/import", mappings: { name: 0 }, privileges: ["customers_manage"] },
  // Every member may create projects, so every member reaches this one.
  { name: "POST /project/import", route: importProjects, path: "/project/import", mappings: { title: 0, type: 1 }, privileges: [] },
];

const FILES = [
  { name: "a CSV header of a million commas", file: "wide.csv", content: COMMAS, message: "The file has more than 500 columns" },
  { name: "an .xlsx with one cell at XFD1048576", file: "far.xlsx", content: new Uint8Array(FAR_CELL), message: "The file has more than 500 columns" },
];

describe.each(ENDPOINTS)("$name caps the file's shape", ({ route, path, mappings, privileges }) => {
  it.each(FILES)("refuses $name quickly, in bounded memory, without holding other requests", async ({ file, content, message }) => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId, { privileges });
    const cookie = await logInAs(staff.email);
    const body = importForm({ name: file, content }, { mappings });
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
    const started = cpuMs();
    try {
      const res = await expectResponsiveDuring(() => call(route, "POST", path, { cookie, body }), 200);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "file", message, type: "too_large" }]);
    } finally {
      clearInterval(sampler);
    }
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    expect(cpuMs() - started, "CPU ms").toBeLessThan(5_000);
    expect((heapPeak - heapBefore) / MB, "heap growth in MB").toBeLessThan(200);
  });
});

/** 8 MB of whitespace between the tags of a cell, packed to about 10 KB: the reader's XML parser took minutes over it. */
const WHITESPACE = xlsxWithSheet(`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2">${" ".repeat(8 * MB)}<v>1</v></c></row></sheetData>`);
/** 18 MB of quotes: one quoted field of escaped quotes, which papaparse takes seconds over. */
const QUOTES = '""'.repeat(9 * MB);

describe.each(ENDPOINTS)("$name reads files off the event loop", ({ route, path, mappings, privileges }) => {
  it("refuses 8 MB of whitespace between the tags of an .xlsx, saying why, without holding other requests", async () => {
    expect(WHITESPACE.length).toBeLessThan(20 * 1024);
    const org = await signUpOrganization(mailbox);
    const cookie = await logInAs((await addMember(org.organizationId, { privileges })).email);
    const body = importForm({ name: "blank.xlsx", content: new Uint8Array(WHITESPACE) }, { mappings });
    const res = await expectResponsiveDuring(() => call(route, "POST", path, { cookie, body }), 200);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: "file",
        message: "The spreadsheet has more than 262,144 characters in one place between its tags, more than any cell holds; save it again from your spreadsheet program",
        type: "unreadable",
      },
    ]);
  });

  it("reads an 18 MB CSV of quotes in a worker, without holding other requests", async () => {
    const org = await signUpOrganization(mailbox);
    const cookie = await logInAs((await addMember(org.organizationId, { privileges })).email);
    const body = importForm({ name: "quotes.csv", content: QUOTES }, { mappings });
    // Parsed on the main thread, these quotes would hold it for seconds. The form is read in a
    // parse worker too; taking the file and then the parsed rows back still costs the main
    // thread about 200 ms here, and more on a busy machine.
    const res = await expectResponsiveDuring(() => call(route, "POST", path, { cookie, body }), 500);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "file", message: NOT_ENOUGH_ROWS, type: "not_enough_rows" }]);
  });
});

describe("import mappings", () => {
  it("are checked before the file is read", async () => {
    const org = await signUpOrganization(mailbox);
    const body = importForm({ name: "wide.csv", content: COMMAS }, { mappings: { name: 600, shoeSize: 1 } });
    const res = await expectResponsiveDuring(() => call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body }), 200);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "mappings.name", message: "Files have at most 500 columns; there is no column 600" },
      { path: "mappings.shoeSize", message: "There is no field shoeSize" },
    ]);
  });
});
