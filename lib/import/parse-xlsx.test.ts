import { describe, expect, it } from "vitest";
import { xlsxEntries, xlsxFile } from "@/test/xlsx";
import { zip } from "@/test/zip";
import { IMPORT_LIMITS } from "./limits";
import { parseImportFile } from "./parse-file";
import { NOT_ENOUGH_ROWS } from "./sheet";
import { checkZipArchive } from "./zip-guard";

const xlsx = (file: Buffer, limits = IMPORT_LIMITS) => parseImportFile("sheet.xlsx", new Uint8Array(file), limits);

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
      ["Mia Miller", "A-7", "true", "2024-03-01", "1250.5", null],
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
    expect(() => checkZipArchive(new Uint8Array(zip(xlsxEntries(rows, many))), { maxUnpackedBytes: 1e9, maxEntries: 10 })).toThrow(
      "The spreadsheet has more than 10 parts",
    );
  });
});
