import { Inflate } from "fflate";
import { ImportFileError } from "./sheet";
import { LongRunError, MalformedXmlError, TagScanner, tagAttributes } from "./xml-tags";
import type { ZipEntryInfo } from "./zip-guard";

export const NOT_AN_XLSX = "import.problem.notXlsx";
/** Compressed bytes inflated at a time, so no single piece of output grows large. */
const PACKED_STEP = 16 * 1024;
/**
 * The longest stretch without markup a part may have: a cell's text (at most 32,767
 * characters, each at most 7 when escaped as `_x000D_`). The reader's XML parser
 * takes minutes over megabytes of whitespace between two tags.
 */
export const MAX_RUN = 256 * 1024;

const notAnXlsx = () => new ImportFileError("unreadable", NOT_AN_XLSX);
const longRun = () => new ImportFileError("unreadable", "import.problem.longRun", { count: MAX_RUN });

/** Feeds an entry's unpacked bytes to `onData` piece by piece, never holding the whole entry. */
function readEntry(bytes: Uint8Array, entry: ZipEntryInfo, onData: (chunk: Uint8Array) => void) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeader;
  if (header + 30 > bytes.byteLength || view.getUint32(header, true) !== 0x04034b50) throw notAnXlsx();
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.packedSize;
  if (end > bytes.byteLength) throw notAnXlsx();
  if (entry.method === 0) {
    for (let at = start; at < end; at += PACKED_STEP) onData(bytes.subarray(at, Math.min(end, at + PACKED_STEP)));
    return;
  }
  if (entry.method !== 8) throw notAnXlsx();
  // The reader sizes its output from the stated size: more bytes than stated is no archive it reads.
  let inflated = 0;
  const inflate = new Inflate((chunk) => {
    inflated += chunk.byteLength;
    if (inflated > entry.size) throw notAnXlsx();
    onData(chunk);
  });
  try {
    for (let at = start; at < end; at += PACKED_STEP) inflate.push(bytes.subarray(at, Math.min(end, at + PACKED_STEP)), at + PACKED_STEP >= end);
    if (start === end) inflate.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof MalformedXmlError || error instanceof LongRunError) throw error;
    throw notAnXlsx();
  }
}

/**
 * Start tags with the wanted local names of one archive entry, as they stream by:
 * `onTag` gets the name, the tag's text (read its attributes with `tagAttributes`,
 * only where they are needed) and the scanner (to read the text that follows).
 */
export function scanEntry(bytes: Uint8Array, entry: ZipEntryInfo, wanted: string[], onTag: (name: string, text: string, scanner: TagScanner) => void) {
  const scanner: TagScanner = new TagScanner(new Set(wanted), (name, text) => onTag(name, text, scanner), MAX_RUN);
  try {
    readEntry(bytes, entry, (chunk) => scanner.push(chunk));
  } catch (error) {
    if (error instanceof MalformedXmlError) throw notAnXlsx();
    if (error instanceof LongRunError) throw longRun();
    throw error;
  }
}

/** The last entry of a name wins, as in the unzipper the reader uses. */
export const entryNamed = (entries: ZipEntryInfo[], name: string) => entries.findLast((entry) => entry.name === name);

const RELATIONSHIPS = ["http://schemas.openxmlformats.org/officeDocument/2006/relationships/", "http://purl.oclc.org/ooxml/officeDocument/relationships/"];
/** Sheet names listed in a "sheet not found" message; a workbook may have hundreds. */
const LISTED_SHEETS = 20;

const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target}`);

function requiredEntry(entries: ZipEntryInfo[], name: string): ZipEntryInfo {
  const entry = entryNamed(entries, name);
  if (!entry) throw new ImportFileError("missing_file", "import.problem.missingPart", { name });
  return entry;
}

/** The parts of a workbook the reader reads for its first sheet. */
export type WorkbookParts = { sheet: ZipEntryInfo; sharedStrings?: ZipEntryInfo; styles?: ZipEntryInfo };

/**
 * The first sheet, the shared strings and the styles, found the way read-excel-file
 * finds them: the workbook's first named sheet, through the workbook's relationships;
 * shared strings and styles at their related paths or xl/sharedStrings.xml and
 * xl/styles.xml, and optional.
 */
export function workbookParts(bytes: Uint8Array, entries: ZipEntryInfo[]): WorkbookParts {
  const workbook = requiredEntry(entries, "xl/workbook.xml");
  const relations = requiredEntry(entries, "xl/_rels/workbook.xml.rels");
  const names: string[] = [];
  let sheetCount = 0;
  let first: { name: string; relation?: string } | undefined;
  scanEntry(bytes, workbook, ["sheet"], (_, text) => {
    const attributes = tagAttributes(text);
    const name = attributes.get("name")?.at(-1);
    if (!name) return;
    first ??= { name, relation: attributes.get("id")?.at(-1) };
    sheetCount += 1;
    if (names.length < LISTED_SHEETS) names.push(name);
  });
  let sheetPath: string | undefined;
  let sharedStringsPath = "xl/sharedStrings.xml";
  let stylesPath = "xl/styles.xml";
  scanEntry(bytes, relations, ["Relationship"], (_, text) => {
    const attributes = tagAttributes(text);
    const type = attributes.get("Type")?.at(-1) ?? "";
    const target = attributes.get("Target")?.at(-1);
    const base = RELATIONSHIPS.find((prefix) => type.startsWith(prefix));
    if (!base || !target) return;
    const kind = type.slice(base.length);
    if (kind === "worksheet" && first && attributes.get("Id")?.at(-1) === first.relation) sheetPath = partPath(target);
    else if (kind === "sharedStrings") sharedStringsPath = partPath(target);
    else if (kind === "styles") stylesPath = partPath(target);
  });
  if (!first) throw new ImportFileError("sheet_not_found", "import.problem.noSheets");
  if (!sheetPath) {
    const values = { name: first.name, sheets: names.join(", "), more: sheetCount - names.length };
    throw new ImportFileError("sheet_not_found", "import.problem.firstSheet", values);
  }
  return {
    sheet: requiredEntry(entries, sheetPath),
    sharedStrings: entryNamed(entries, sharedStringsPath),
    styles: entryNamed(entries, stylesPath),
  };
}
