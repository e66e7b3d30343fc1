import { Inflate } from "fflate";
import { tooManyCells, tooManyColumns, type ImportLimits } from "./limits";
import { ImportFileError } from "./sheet";
import { TagScanner, MalformedXmlError, tagAttributes } from "./xml-tags";
import type { ZipEntryInfo } from "./zip-guard";

const NOT_AN_XLSX = "The file is not a valid .xlsx spreadsheet";
const WORKSHEET = ["http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet", "http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet"];
/** Compressed bytes inflated at a time, so no single piece of output grows large. */
const PACKED_STEP = 16 * 1024;

/** Row and column of a cell reference, 1-based, computed exactly as read-excel-file does (so "a1" or "A1e9" count as it counts them). */
export function cellAddress(reference: string): [row: number, column: number] | null {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      const row = Number(reference.slice(i));
      return Number.isNaN(row) ? null : [row, column];
    }
    column = column * 26 + code - 64;
  }
  return null;
}

/** Feeds an entry's unpacked bytes to `onData` piece by piece, never holding the whole entry. */
function readEntry(bytes: Uint8Array, entry: ZipEntryInfo, onData: (chunk: Uint8Array) => void) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeader;
  if (header + 30 > bytes.byteLength || view.getUint32(header, true) !== 0x04034b50) throw new ImportFileError("unreadable", NOT_AN_XLSX);
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.packedSize;
  if (end > bytes.byteLength) throw new ImportFileError("unreadable", NOT_AN_XLSX);
  if (entry.method === 0) {
    for (let at = start; at < end; at += PACKED_STEP) onData(bytes.subarray(at, Math.min(end, at + PACKED_STEP)));
    return;
  }
  if (entry.method !== 8) throw new ImportFileError("unreadable", NOT_AN_XLSX);
  const inflate = new Inflate((chunk) => onData(chunk));
  try {
    for (let at = start; at < end; at += PACKED_STEP) inflate.push(bytes.subarray(at, Math.min(end, at + PACKED_STEP)), at + PACKED_STEP >= end);
    if (start === end) inflate.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof MalformedXmlError) throw error;
    throw new ImportFileError("unreadable", NOT_AN_XLSX);
  }
}

/** Start tags with the wanted local names of one archive entry, as (name, attributes). */
function scanEntry(bytes: Uint8Array, entry: ZipEntryInfo, wanted: string[], onTag: (name: string, attributes: Map<string, string[]>) => void) {
  const scanner = new TagScanner(new Set(wanted), (name, text) => onTag(name, tagAttributes(text)));
  try {
    readEntry(bytes, entry, (chunk) => scanner.push(chunk));
  } catch (error) {
    if (error instanceof MalformedXmlError) throw new ImportFileError("unreadable", NOT_AN_XLSX);
    throw error;
  }
}

/** The last entry of a name wins, as in the unzipper the reader uses. */
const entryNamed = (entries: ZipEntryInfo[], name: string) => entries.findLast((entry) => entry.name === name);

/** The entry read-excel-file reads as the first sheet: the workbook's first named sheet, through the workbook's relationships. */
function firstSheet(bytes: Uint8Array, entries: ZipEntryInfo[]): ZipEntryInfo | undefined {
  const workbook = entryNamed(entries, "xl/workbook.xml");
  const relations = entryNamed(entries, "xl/_rels/workbook.xml.rels");
  if (!workbook || !relations) return undefined;
  let relationId: string | undefined;
  let seen = false;
  scanEntry(bytes, workbook, ["sheet"], (_, attributes) => {
    if (seen || !attributes.get("name")) return;
    seen = true;
    relationId = attributes.get("id")?.at(-1);
  });
  let target: string | undefined;
  scanEntry(bytes, relations, ["Relationship"], (_, attributes) => {
    const type = attributes.get("Type")?.at(-1);
    if (attributes.get("Id")?.at(-1) === relationId && type && WORKSHEET.includes(type)) target = attributes.get("Target")?.at(-1);
  });
  if (!target) return undefined;
  return entryNamed(entries, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
}

/**
 * Refuses a sheet wider than the column cap, or larger than the cell cap, before
 * read-excel-file reads it: the reader fills every row up to the rightmost cell and
 * every row up to the last, so one far-away cell (XFD1048576) would have it
 * allocate billions of cells. Counted from the `<dimension ref>`, every row number
 * and every cell reference, on the unpacked sheet as it streams by.
 */
export function checkSheetExtent(bytes: Uint8Array, entries: ZipEntryInfo[], limits: Pick<ImportLimits, "maxColumns" | "maxCells">) {
  const sheet = firstSheet(bytes, entries);
  // Without a sheet the reader would find, every part that could hold one is checked.
  const parts = sheet ? [sheet] : entries.filter((entry) => entry.name.endsWith(".xml"));
  for (const part of parts) {
    let rows = 0;
    let columns = 0;
    const grow = (row: number, column: number) => {
      if (column > limits.maxColumns) throw new ImportFileError("too_large", tooManyColumns(limits));
      columns = Math.max(columns, column);
      rows = Math.max(rows, row);
      if (rows * Math.max(columns, 1) > limits.maxCells) throw new ImportFileError("too_large", tooManyCells(limits));
    };
    const reference = (value: string) => {
      const address = cellAddress(value);
      if (address) grow(address[0], address[1]);
    };
    scanEntry(bytes, part, ["dimension", "row", "c"], (name, attributes) => {
      if (name === "dimension") for (const ref of attributes.get("ref") ?? []) ref.split(":").forEach(reference);
      else if (name === "c") (attributes.get("r") ?? []).forEach(reference);
      else {
        // A row without a number follows the one before it.
        const numbers = (attributes.get("r") ?? []).map(Number).filter((number) => number > 0);
        grow(numbers.length > 0 ? Math.max(...numbers) : rows + 1, 0);
      }
    });
  }
}
