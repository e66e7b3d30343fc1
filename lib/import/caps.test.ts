import { describe, expect, it } from "vitest";
import { cpuMs } from "@/test/cpu-time";
import { inEnglish, worded, wordedNow } from "@/test/import-words";
import { xlsxEntries, xlsxFile, xlsxWithSheet } from "@/test/xlsx";
import { zip } from "@/test/zip";
import { checkSheet } from "./check-sheet";
import { IMPORT_LIMITS } from "./limits";
import { checkCsvShape } from "./parse-csv";
import { parseImportFile } from "./parse-file";
import { cellAddress } from "./xlsx-sheet-scan";

const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (text: string, limits = {}) => worded(parseImportFile("a.csv", bytes(text), limits));
const xlsx = (file: Buffer, limits = {}) => worded(parseImportFile("a.xlsx", new Uint8Array(file), limits));
const row = (cells: string) => `<row>${cells}</row>`;

/** Runs `work` and reports how far the heap grew and how much CPU it took. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const started = cpuMs();
  const outcome = await work().then(
    (value) => ({ value, error: undefined }),
    (error: Error) => ({ value: undefined, error }),
  );
  return { ...outcome, ms: cpuMs() - started, grewBy: process.memoryUsage().heapUsed - heap };
}

describe("column and cell caps on CSV", () => {
  it("refuses a header of a million commas before building any row", async () => {
    const text = ",".repeat(1_000_000) + "\nx\n";
    const { error, ms, grewBy } = await measured(() => csv(text));
    expect(error?.message).toBe("The file has more than 500 columns");
    expect(ms).toBeLessThan(500);
    expect(grewBy).toBeLessThan(100 * 1024 * 1024);
  });

  it("takes 500 columns, refuses 501 in the header or any later row", async () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(",");
    await expect(csv(`${line(500)}\n${line(500)}\n`)).resolves.toMatchObject({ columns: expect.arrayContaining(["c499"]) });
    await expect(csv(`${line(501)}\n${line(2)}\n`)).rejects.toThrow("The file has more than 500 columns");
    await expect(csv(`id,name\n1,a\n${line(501)}\n`)).rejects.toThrow("The file has more than 500 columns");
  });

  it("counts quoted delimiters and line breaks as text, not as columns or rows", () => {
    const limits = { maxColumns: 2, maxCells: 6 };
    expect(() => checkCsvShape('id,title\n1,"a, b, c"\n2,"x\ny,z"\n', ",", "\n", limits)).not.toThrow();
    expect(() => checkCsvShape('id,title\n1,"a ""quoted"", b"\n', ",", "\n", limits)).not.toThrow();
    expect(() => wordedNow(() => checkCsvShape('id,title\n1,"a",b\n', ",", "\n", limits))).toThrow("The file has more than 2 columns");
    expect(() => wordedNow(() => checkCsvShape("a;b\r\n1;2\r\n3;4\r\n4;5\r\n", ";", "\r\n", limits))).toThrow("The file has more than 6 cells");
  });

  it("refuses more cells than the cap across all rows", async () => {
    const text = "a,b,c\n" + "1,2,3\n".repeat(4);
    await expect(csv(text, { maxCells: 15 })).resolves.toMatchObject({ rows: expect.any(Array) });
    await expect(csv(text, { maxCells: 14 })).rejects.toThrow("The file has more than 14 cells");
  });

  it("keeps ragged rows ragged, and checks read a missing cell as empty", async () => {
    const sheet = await csv("id,name,note\n1\n2,Bea\n");
    expect(sheet.rows).toEqual([["1"], ["2", "Bea"]]);
    const check = checkSheet(sheet, [{ id: "name", label: "Name", required: true }], { name: 1 }, inEnglish);
    expect(check.invalid).toEqual([{ row: 2, errors: [{ column: "name", value: null, error: "required", message: "Name is required" }] }]);
  });
});

describe("column and cell caps on XLSX", () => {
  it("refuses one far-away cell before the reader fills the sheet", async () => {
    const file = xlsxWithSheet(`<sheetData>${row('<c r="A1" t="inlineStr"><is><t>Name</t></is></c>')}<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>`);
    const { error, ms, grewBy } = await measured(() => xlsx(file));
    expect(error?.message).toBe("The file has more than 500 columns");
    expect(ms).toBeLessThan(500);
    expect(grewBy).toBeLessThan(100 * 1024 * 1024);
    const xfd1 = xlsxWithSheet(`<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>2</v></c></row><row r="2"><c r="A2"><v>3</v></c></row></sheetData>`);
    await expect(xlsx(xfd1)).rejects.toThrow("The file has more than 500 columns");
  });

  it("refuses a sheet whose rows by columns pass the cell cap, counting numbered and unnumbered rows", async () => {
    const far = xlsxWithSheet(`<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row><row r="1048576"><c r="A1048576"><v>3</v></c></row></sheetData>`);
    await expect(xlsx(far)).rejects.toThrow("The file has more than 2,000,000 cells");
    const many = xlsxWithSheet(`<sheetData>${row('<c r="A1"><v>1</v></c><c r="B1"><v>2</v></c>')}${"<row/>".repeat(30)}</sheetData>`);
    await expect(xlsx(many, { maxCells: 40 })).rejects.toThrow("The file has more than 40 cells");
    await expect(xlsx(xlsxFile([["a", "b"], ["1", "2"]]), { maxCells: 4 })).resolves.toMatchObject({ rows: [["1", "2"]] });
  });

  it("refuses a far-away dimension", async () => {
    const file = xlsxWithSheet(`<dimension ref="A1:XFD1048576"/><sheetData>${row('<c r="A1"><v>1</v></c>')}${row('<c r="A2"><v>2</v></c>')}</sheetData>`);
    await expect(xlsx(file)).rejects.toThrow("The file has more than 500 columns");
  });

  it("is not fooled by prefixes, entities, quoted '>' or markup in comments and CDATA", async () => {
    const hidden = [
      '<x:c r="XFD1" xmlns:x="urn:x"><x:v>1</x:v></x:c>',
      '<c r="&#88;FD1"><v>1</v></c>',
      '<c t="n" note=">" r="XFD1"><v>1</v></c>',
      "<c\nr='XFD1'><v>1</v></c>",
    ];
    for (const cell of hidden) {
      const file = xlsxWithSheet(`<sheetData><row r="1"><c r="A1"><v>1</v></c>${cell}</row><row r="2"><c r="A2"><v>2</v></c></row></sheetData>`);
      await expect(xlsx(file), cell).rejects.toThrow("The file has more than 500 columns");
    }
    // A '<' inside a tag, where a reader reading in pieces could see a cell the scan does not, is refused.
    for (const trick of [`<c r="A1" x="><c r='XFD1'><v>1</v></c>"/>`, `<c r="A1" t='></c><c r="XFD1"><v>1</v></c>`]) {
      const file = xlsxWithSheet(`<sheetData><row r="1">${trick}</row></sheetData>`);
      await expect(xlsx(file), trick).rejects.toThrow(/^(The file has more than 500 columns|The file is not a valid \.xlsx spreadsheet)$/);
    }
    // A comment holding a quote must not hide the cells after it.
    const quoted = xlsxWithSheet(`<sheetData><!-- it's " here --><row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>2</v></c></row></sheetData>`);
    await expect(xlsx(quoted)).rejects.toThrow("The file has more than 500 columns");
    // Markup inside a comment is not a cell.
    const commented = xlsxWithSheet(`<sheetData><!-- <c r="XFD1"/> -->${row('<c r="A1" t="inlineStr"><is><t>Name</t></is></c>')}${row('<c r="A2" t="inlineStr"><is><t>Mia</t></is></c>')}</sheetData>`);
    await expect(xlsx(commented)).resolves.toMatchObject({ columns: ["Name"], rows: [["Mia"]] });
  });

  it("reads cell references the way the reader does", () => {
    expect(cellAddress("A1")).toEqual([1, 1]);
    expect(cellAddress("XFD1048576")).toEqual([1048576, 16384]);
    expect(cellAddress("AA12")).toEqual([12, 27]);
    expect(cellAddress("nope")).toBeNull();
  });

  it("refuses megabytes of whitespace between two tags, in the sheet or any part the reader reads, before the reader runs", async () => {
    const MB = 1024 * 1024;
    const LONG_RUN = "The spreadsheet has more than 262,144 characters in one place between its tags, more than any cell holds; save it again from your spreadsheet program";
    const between = xlsxWithSheet(`<sheetData>${row('<c r="A1" t="inlineStr"><is><t>Name</t></is></c>')}${row(`<c r="A2">${" ".repeat(8 * MB)}<v>1</v></c>`)}</sheetData>`);
    expect(between.length).toBeLessThan(20 * 1024);
    const { error, ms } = await measured(() => xlsx(between));
    expect(error?.message).toBe(LONG_RUN);
    expect(ms).toBeLessThan(1000);
    // Between rows, inside a tag, in a comment: no stretch without markup may be that long.
    const betweenRows = xlsxWithSheet(`<sheetData>${row('<c r="A1"><v>1</v></c>')}${" ".repeat(MB)}${row('<c r="A2"><v>2</v></c>')}</sheetData>`);
    await expect(xlsx(betweenRows)).rejects.toThrow(LONG_RUN);
    const inTag = xlsxWithSheet(`<sheetData><row r="1"${" ".repeat(MB)}>${'<c r="A1"><v>1</v></c>'}</row></sheetData>`);
    await expect(xlsx(inTag)).rejects.toThrow(LONG_RUN);
    const inComment = xlsxWithSheet(`<sheetData><!--${" ".repeat(MB)}-->${row('<c r="A1"><v>1</v></c>')}</sheetData>`);
    await expect(xlsx(inComment)).rejects.toThrow(LONG_RUN);
    const padded = (name: string) =>
      zip(xlsxEntries([["Name"], ["Mia"]]).map((entry) => (entry.name === name ? { ...entry, data: `${String(entry.data)}${" ".repeat(MB)}` } : entry)));
    await expect(xlsx(padded("xl/sharedStrings.xml"))).rejects.toThrow(LONG_RUN);
    await expect(xlsx(padded("xl/styles.xml"))).rejects.toThrow(LONG_RUN);
  });

  it("reads the longest text a cell holds, escaped", async () => {
    const longest = "&amp;".repeat(32_767);
    const file = xlsxWithSheet(`<sheetData>${row('<c r="A1" t="inlineStr"><is><t>Name</t></is></c>')}${row(`<c r="A2" t="inlineStr"><is><t>${longest}</t></is></c>`)}</sheetData>`);
    const sheet = await xlsx(file);
    expect(sheet.rows[0][0]).toBe("&".repeat(32_767));
  });

  it("refuses a sheet that unpacks to more than the most cells need, by its stated size, before reading it", async () => {
    const stated = zip(xlsxEntries([["Name"], ["Mia"]]).map((entry) => (entry.name === "xl/worksheets/sheet1.xml" ? { ...entry, statedSize: IMPORT_LIMITS.maxSheetBytes + 1 } : entry)));
    await expect(xlsx(stated)).rejects.toThrow("The sheet unpacks to more than 122 MB; split it into smaller files");
    // A sheet that unpacks to more than its stated size is no archive the reader reads.
    const lying = zip(xlsxEntries([["Name"], ["Mia"]]).map((entry) => (entry.name === "xl/worksheets/sheet1.xml" ? { ...entry, statedSize: 100 } : entry)));
    await expect(xlsx(lying)).rejects.toThrow("The file is not a valid .xlsx spreadsheet");
  });

  it("states the caps where the import control states its limits", () => {
    const stated = inEnglish("import.file.limits", { megabytes: 20, rows: IMPORT_LIMITS.maxRows, columns: IMPORT_LIMITS.maxColumns, cells: IMPORT_LIMITS.maxCells });
    expect(stated).toContain("500 columns");
    expect(stated).toContain("2,000,000 cells");
    expect(IMPORT_LIMITS).toMatchObject({ maxColumns: 500, maxCells: 2_000_000 });
  });
});
