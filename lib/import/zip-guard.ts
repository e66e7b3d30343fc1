import { IMPORT_LIMITS, megabytes, type ImportLimits } from "./limits";
import { ImportFileError } from "./sheet";

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const NOT_A_ZIP = "import.problem.notXlsx";

type Directory = { entries: number; offset: number; size: number };

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  // The record sits at the very end, after an optional comment of up to 65535 bytes.
  for (let at = last; at >= Math.max(0, last - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ImportFileError("unreadable", NOT_A_ZIP);
}

function readDirectory(view: DataView): Directory {
  const end = findEndOfDirectory(view);
  const classic = { entries: view.getUint16(end + 10, true), size: view.getUint32(end + 12, true), offset: view.getUint32(end + 16, true) };
  const usesZip64 = classic.entries === 0xffff || classic.size === 0xffffffff || classic.offset === 0xffffffff;
  if (!usesZip64) return classic;
  const locator = end - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw new ImportFileError("unreadable", NOT_A_ZIP);
  const record = Number(view.getBigUint64(locator + 8, true));
  if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) {
    throw new ImportFileError("unreadable", NOT_A_ZIP);
  }
  return {
    entries: Number(view.getBigUint64(record + 32, true)),
    size: Number(view.getBigUint64(record + 40, true)),
    offset: Number(view.getBigUint64(record + 48, true)),
  };
}

/** An entry of the archive's central directory. */
export type ZipEntryInfo = { name: string; method: number; packedSize: number; size: number; localHeader: number };

/**
 * Refuses a zip bomb before anything is unpacked: the central directory states
 * each entry's unpacked size, and the unzipper sizes its output from those very
 * numbers, so their sum bounds what unpacking can take. An entry too large to
 * state its size in 32 bits is far past any limit.
 */
export function checkZipArchive(bytes: Uint8Array, limits: Pick<ImportLimits, "maxUnpackedBytes" | "maxEntries"> = IMPORT_LIMITS) {
  if (bytes.byteLength < 22) throw new ImportFileError("unreadable", NOT_A_ZIP);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = readDirectory(view);
  if (directory.entries > limits.maxEntries) {
    throw new ImportFileError("too_large", "import.problem.tooManyParts", { count: limits.maxEntries });
  }
  if (directory.offset + directory.size > bytes.byteLength) throw new ImportFileError("unreadable", NOT_A_ZIP);
  const tooLarge = () => new ImportFileError("too_large", "import.problem.unpacksTooLarge", { megabytes: megabytes(limits.maxUnpackedBytes) });
  const names = new TextDecoder("utf-8");
  const entries: ZipEntryInfo[] = [];
  let at = directory.offset;
  let unpacked = 0;
  for (let index = 0; index < directory.entries; index += 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ImportFileError("unreadable", NOT_A_ZIP);
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) throw tooLarge();
    unpacked += size;
    if (unpacked > limits.maxUnpackedBytes) throw tooLarge();
    const nameLength = view.getUint16(at + 28, true);
    if (at + 46 + nameLength > bytes.byteLength) throw new ImportFileError("unreadable", NOT_A_ZIP);
    entries.push({
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      packedSize: view.getUint32(at + 20, true),
      size,
      localHeader: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return { entries, unpackedBytes: unpacked };
}
