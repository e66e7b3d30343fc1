import { zip, type ZipEntry } from "./zip";

/**
 * A cell of a test spreadsheet. Plain strings go to the shared strings table;
 * `inline` writes an inline string, `error` an error cell, `date` a number with a
 * date format, booleans a 1/0 boolean cell.
 */
export type XlsxCell = string | number | boolean | null | { inline: string } | { error: string } | { date: Date };

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, the 1900 date system's serial number. */
const serial = (date: Date) => (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;

function cellXml(cell: XlsxCell, ref: string, shared: string[]): string {
  if (cell === null) return "";
  if (typeof cell === "string") {
    let index = shared.indexOf(cell);
    if (index < 0) index = shared.push(cell) - 1;
    return `<c r="${ref}" t="s"><v>${index}</v></c>`;
  }
  if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === "boolean") return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if ("inline" in cell) return `<c r="${ref}" t="inlineStr"><is><t>${escape(cell.inline)}</t></is></c>`;
  if ("error" in cell) return `<c r="${ref}" t="e"><f>1/0</f><v>${escape(cell.error)}</v></c>`;
  // Style 1 is numFmtId 14, the built-in short date.
  return `<c r="${ref}" s="1"><v>${serial(cell.date)}</v></c>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The zip entries of a one-sheet workbook; `extra` entries are appended (e.g. to pad an archive). */
export function xlsxEntries(rows: XlsxCell[][], extra: ZipEntry[] = []): ZipEntry[] {
  const shared: string[] = [];
  const sheetRows = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, shared)).join("")}</row>`)
    .join("");
  return [
    {
      name: "[Content_Types].xml",
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Customers" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: "xl/worksheets/sheet1.xml", data: `${XML}<worksheet xmlns="${MAIN}"><sheetData>${sheetRows}</sheetData></worksheet>` },
    {
      name: "xl/sharedStrings.xml",
      data: `${XML}<sst xmlns="${MAIN}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`).join("")}</sst>`,
    },
    {
      name: "xl/styles.xml",
      data: `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    },
    ...extra,
  ];
}

/** A one-sheet .xlsx file. */
export const xlsxFile = (rows: XlsxCell[][]) => zip(xlsxEntries(rows));

/**
 * A one-sheet .xlsx whose worksheet is the given XML (`<sheetData>` and what
 * surrounds it), for sheets the row builder cannot express.
 */
export function xlsxWithSheet(worksheetBody: string): Buffer {
  const entries = xlsxEntries([["Name"]]).map((entry) =>
    entry.name === "xl/worksheets/sheet1.xml" ? { ...entry, data: `${XML}<worksheet xmlns="${MAIN}">${worksheetBody}</worksheet>` } : entry,
  );
  return zip(entries);
}

/** A one-sheet .xlsx whose workbook lists the given `<sheet>` tags, for workbooks whose sheets are not what they say. */
export function xlsxWithWorkbook(sheets: string): Buffer {
  const entries = xlsxEntries([["Name"], ["Mia"]]).map((entry) =>
    entry.name === "xl/workbook.xml" ? { ...entry, data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets}</sheets></workbook>` } : entry,
  );
  return zip(entries);
}
