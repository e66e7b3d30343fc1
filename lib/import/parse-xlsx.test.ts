import { describe, expect, it } from "vitest";
import { xlsxEntries, xlsxFile, xlsxWithSheet, xlsxWithWorkbook } from "@/test/xlsx";
import { zip } from "@/test/zip";
import { IMPORT_LIMITS } from "./limits";
import { parseImportFile } from "./parse-file";
import { ImportFileError } from "./sheet";
import { inEnglish, NOT_ENOUGH_ROWS, worded, wordedNow } from "@/test/import-words";
import { checkZipArchive } from "./zip-guard";

const xlsx = (file: Buffer, limits = IMPORT_LIMITS) => worded(parseImportFile("sheet.xlsx", new Uint8Array(file), limits));

describe("XLSX files", () => {
  it("reads shared strings, inline strings, booleans, dates, numbers and error cells from the first sheet", async () => {
    const sheet = await xlsx(
      xlsxFile([
        ["Name", { inline: "Code" }, "Active", "Since", "Amount", "Ratio"],
        ["  Mia Miller  ", { inline: " A-7 " }, true, { date: new Date("2024-03-01T00:00:00Z") }, 1250.5, { error: "#DIV/0!" }],
        ["Noah Smith", { inline: "B-8" }, false, { date: new Date("2023-12-24T00:00:00Z") }, -3, 0.25],
      ]),
    );
    expect(sheet.columns).toEqual(["Name", "Code", "Active", "Since", "Amount", "Ratio"]);
    expect(sheet.rows).toEqual([
      ["Mia Miller", "A-7", "true", "2024-03-01", "1250.5", "#DIV/0!"],
      ["Noah Smith", "B-8", "false", "2023-12-24", "-3", "0.25"],
    ]);
  });

  it("treats empty cells and gaps as null and leaves out empty rows", async () => {
    const sheet = await xlsx(xlsxFile([["a", "b", "c"], [null, "x", null], [null, null, null], ["1", null, { inline: "  " }]]));
    expect(sheet.rows).toEqual([
      [null, "x", null],
      ["1", null, null],
    ]);
  });

  it("needs a header and at least one data row", async () => {
    await expect(xlsx(xlsxFile([["Name", "Email"]]))).rejects.toThrow(NOT_ENOUGH_ROWS);
  });

  it("refuses a file that is not a zip archive", async () => {
    await expect(xlsx(Buffer.from("Name,Email\nMia,mia@example.test\n"))).rejects.toThrow("The file is not a valid .xlsx spreadsheet");
  });
});

describe("error cells", () => {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Total</t></is></c></row>';
  const errorRow = (row: number, value: string) => `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Row ${row}</t></is></c><c r="B${row}" t="e"><f>X</f><v>${value}</v></c></row>`;

  it("read as the code the spreadsheet shows, written as text or as a number", async () => {
    const codes = ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!"];
    const numbers: [string, string][] = [["0", "#NULL!"], ["7", "#DIV/0!"], ["15", "#VALUE!"], ["23", "#REF!"], ["29", "#NAME?"], ["36", "#NUM!"], ["42", "#N/A"], ["43", "#GETTING_DATA"], ["99", "#ERROR_99"]];
    const values = [...codes.map((code) => [code, code]), ...numbers];
    const body = values.map(([stored], index) => errorRow(index + 2, stored)).join("");
    const sheet = await xlsx(xlsxWithSheet(`<sheetData>${header}${body}</sheetData>`));
    expect(sheet.rows.map((row) => row[1])).toEqual(values.map(([, shown]) => shown));
  });

  it("keep a row that has nothing else, past the last row and column the reader fills", async () => {
    const onlyError = '<row r="4"><c r="C4" t="e"><v>#REF!</v></c></row>';
    const sheet = await xlsx(xlsxWithSheet(`<sheetData>${header}<row r="2"><c r="A2" t="inlineStr"><is><t>Mia</t></is></c></row>${onlyError}</sheetData>`));
    expect(sheet.columns).toEqual(["Name", "Total", "Column 3"]);
    expect(sheet.rows).toEqual([["Mia", null], [null, null, "#REF!"]]);
  });

  it("an error cell without a stored value is empty", async () => {
    const sheet = await xlsx(xlsxWithSheet(`<sheetData>${header}<row r="2"><c r="A2" t="inlineStr"><is><t>Mia</t></is></c><c r="B2" t="e"><f>X</f></c></row></sheetData>`));
    expect(sheet.rows).toEqual([["Mia", null]]);
  });
});

describe("spreadsheet errors (spec §8)", () => {
  const problem = async (file: Buffer) => {
    const error = await parseImportFile("sheet.xlsx", new Uint8Array(file)).then(
      () => null,
      (caught: unknown) => caught as ImportFileError,
    );
    expect(error).toBeInstanceOf(ImportFileError);
    return { problem: error!.problem, message: inEnglish(error!.message, error!.values) };
  };
  const withCell = (cell: string) => xlsxWithSheet(`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2">${cell}</row></sheetData>`);
  const replace = (name: string, data: string | null) =>
    zip(xlsxEntries([["Name"], ["Mia"]]).flatMap((entry) => (entry.name !== name ? [entry] : data === null ? [] : [{ ...entry, data }])));

  it("names an unsupported cell value and where it is", async () => {
    expect(await problem(withCell('<c r="B2" t="b"><v>2</v></c>'))).toEqual({ problem: "unsupported_cell_value", message: 'Cell B2 holds "2" where true or false (1 or 0) belongs' });
    expect(await problem(withCell('<c r="C2"><v>twelve</v></c>'))).toEqual({ problem: "unsupported_cell_value", message: 'Cell C2 holds "twelve" where a number belongs' });
    expect(await problem(withCell('<c r="A2" t="d"><v>someday</v></c>'))).toEqual({ problem: "unsupported_cell_value", message: 'Cell A2 holds "someday" where a date belongs' });
    expect(await problem(withCell('<c r="A2" t="x"><v>1</v></c>'))).toEqual({ problem: "unsupported_cell_value", message: 'Cell A2 has the unknown type "x"' });
    expect(await problem(withCell('<c r="A2" t="e"><v>oops</v></c>'))).toEqual({ problem: "unsupported_cell_value", message: 'Cell A2 holds "oops", which is no spreadsheet error code' });
    const long = await problem(withCell(`<c r="A2"><v>${"9x".repeat(200)}</v></c>`));
    expect(long.message).toBe(`Cell A2 holds "${"9x".repeat(32)}…" where a number belongs`);
  });

  it("names a shared string index the file does not have", async () => {
    // The row builder writes "Name" and "Mia" as the two shared strings.
    const entries = xlsxEntries([["Name"], ["Mia"]]).map((entry) =>
      entry.name === "xl/worksheets/sheet1.xml" ? { ...entry, data: String(entry.data).replace("<v>1</v>", "<v>5</v>") } : entry,
    );
    expect(await problem(zip(entries))).toEqual({ problem: "invalid_shared_string_index", message: "Cell A2 refers to shared string 5, but the file has 2 shared strings" });
    expect(await problem(replace("xl/sharedStrings.xml", null))).toEqual({
      problem: "invalid_shared_string_index",
      message: "Cell A1 refers to shared string 0, but the file has 0 shared strings",
    });
  });

  it("names the sheets when the first one cannot be read", async () => {
    expect(await problem(xlsxWithWorkbook(""))).toEqual({ problem: "sheet_not_found", message: "The workbook has no sheets" });
    const chartFirst = xlsxWithWorkbook('<sheet name="Chart 1" sheetId="2" r:id="rId9"/><sheet name="Customers" sheetId="1" r:id="rId1"/>');
    expect(await problem(chartFirst)).toEqual({
      problem: "sheet_not_found",
      message: 'The first sheet, "Chart 1", is not a worksheet or is missing. Available sheets: Chart 1, Customers',
    });
  });

  it("names a required part missing from the archive", async () => {
    expect(await problem(replace("xl/worksheets/sheet1.xml", null))).toEqual({ problem: "missing_file", message: 'The spreadsheet is missing its part "xl/worksheets/sheet1.xml"' });
    expect(await problem(replace("xl/workbook.xml", null))).toEqual({ problem: "missing_file", message: 'The spreadsheet is missing its part "xl/workbook.xml"' });
    expect(await problem(replace("xl/_rels/workbook.xml.rels", null))).toEqual({ problem: "missing_file", message: 'The spreadsheet is missing its part "xl/_rels/workbook.xml.rels"' });
  });
});

describe("zip bomb protection", () => {
  const rows = [["Name"], ["Mia"]];

  it("refuses a crafted archive whose stated unpacked size exceeds the limit, before unpacking", async () => {
    const bomb = zip(xlsxEntries(rows, [{ name: "xl/media/pad.xml", data: "<x/>", statedSize: IMPORT_LIMITS.maxUnpackedBytes + 1 }]));
    expect(bomb.length).toBeLessThan(10_000);
    await expect(xlsx(bomb)).rejects.toThrow("The spreadsheet unpacks to more than 200 MB");
  });

  it("refuses an archive that really unpacks past the limit", async () => {
    const limits = { ...IMPORT_LIMITS, maxUnpackedBytes: 1024 * 1024 };
    const padding = { name: "xl/padding.xml", data: new Uint8Array(2 * 1024 * 1024) };
    const file = zip(xlsxEntries(rows, [padding]));
    expect(file.length).toBeLessThan(20_000);
    await expect(xlsx(file, limits)).rejects.toThrow("The spreadsheet unpacks to more than 1 MB");
    await expect(xlsx(zip(xlsxEntries(rows)), limits)).resolves.toMatchObject({ rows: [["Mia"]] });
  });

  it("refuses an archive with too many entries", async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({ name: `xl/extra${index}.xml`, data: "<x/>" }));
    expect(() => wordedNow(() => checkZipArchive(new Uint8Array(zip(xlsxEntries(rows, many))), { maxUnpackedBytes: 1e9, maxEntries: 10 }))).toThrow(
      "The spreadsheet has more than 10 parts",
    );
  });
});
