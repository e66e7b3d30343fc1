import { describe, expect, it } from "vitest";
import { parseImportFile } from "./parse-file";
import { NOT_ENOUGH_ROWS, worded } from "@/test/import-words";

const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (text: string) => worded(parseImportFile("articles.csv", bytes(text)));

describe("CSV files", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes", async () => {
    const sheet = await csv('id,title,description\n1,"Saw, hand","A ""sharp"" one\nwith two lines"\n');
    expect(sheet.columns).toEqual(["id", "title", "description"]);
    expect(sheet.rows).toEqual([["1", "Saw, hand", 'A "sharp" one\nwith two lines']]);
  });

  it("handles CRLF rows, a byte order mark and trailing line breaks", async () => {
    const sheet = await csv("\uFEFFid,title\r\n1,Hammer\r\n2,Drill\r\n\r\n");
    expect(sheet.columns).toEqual(["id", "title"]);
    expect(sheet.rows).toEqual([
      ["1", "Hammer"],
      ["2", "Drill"],
    ]);
  });

  it("trims values, turns empty cells into null and skips rows with no value", async () => {
    const sheet = await csv("id,title,ean\n  7 ,,\n,,\n8,  Nails  ,   \n");
    expect(sheet.rows).toEqual([
      ["7", null, null],
      ["8", "Nails", null],
    ]);
  });

  it("keeps short rows short and names columns that have no header", async () => {
    const sheet = await csv("id,,title\n1,x,Saw,extra\n2\n");
    expect(sheet.columns).toEqual(["id", "Column 2", "title", "Column 4"]);
    expect(sheet.rows).toEqual([["1", "x", "Saw", "extra"], ["2"]]);
  });

  it("finds a semicolon delimiter", async () => {
    const sheet = await csv("id;title\n1;Saw, hand\n");
    expect(sheet.rows).toEqual([["1", "Saw, hand"]]);
  });

  it("takes off the apostrophe an export puts before formula-like cells", async () => {
    const sheet = await csv(`"Name","Phone","Note"\r\n"'=SUM(A1)","'+44 113 496 0000","'tis fine"\r\n`);
    expect(sheet.rows).toEqual([["=SUM(A1)", "+44 113 496 0000", "'tis fine"]]);
  });

  it("needs a header and at least one data row", async () => {
    await expect(csv("id,title\n")).rejects.toThrow(NOT_ENOUGH_ROWS);
    await expect(csv("")).rejects.toThrow(NOT_ENOUGH_ROWS);
    await expect(csv("id,title\n,\n")).rejects.toThrow(NOT_ENOUGH_ROWS);
  });

  it("refuses a quote that is never closed", async () => {
    await expect(csv('id,title\n1,"Saw\n2,Drill\n')).rejects.toThrow("The file has a quote that is never closed");
  });

  it("refuses more rows than the limit", async () => {
    const limits = { maxBytes: 1_000_000, maxRows: 2, maxUnpackedBytes: 1_000_000, maxEntries: 10 };
    await expect(parseImportFile("a.csv", bytes("id\n1\n2\n"), limits)).resolves.toMatchObject({ rows: [["1"], ["2"]] });
    await expect(worded(parseImportFile("a.csv", bytes("id\n1\n2\n3\n"), limits))).rejects.toThrow("The file has more than 2 rows");
  });
});

describe("file types", () => {
  it("accepts .csv and .xlsx only, whatever the case, and names the refused extension", async () => {
    await expect(parseImportFile("ARTICLES.CSV", bytes("a\n1\n"))).resolves.toMatchObject({ columns: ["a"] });
    await expect(worded(parseImportFile("articles.pdf", bytes("a\n1\n")))).rejects.toThrow('Invalid file type "pdf"');
    await expect(worded(parseImportFile("articles.xls", bytes("a\n1\n")))).rejects.toThrow('Invalid file type "xls"');
    await expect(worded(parseImportFile("articles", bytes("a\n1\n")))).rejects.toThrow('Invalid file type ""');
  });

  it("refuses files over the size limit", async () => {
    const limits = { maxBytes: 10, maxRows: 100, maxUnpackedBytes: 1_000, maxEntries: 10 };
    await expect(worded(parseImportFile("a.csv", bytes("id\n1234567890\n"), limits))).rejects.toThrow("Files may be at most 0 MB");
  });
});
