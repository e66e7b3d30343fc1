/**
 * Containers whose bytes do not say which document they hold (a .docx and an
 * .xlsx are both zip archives): the name's extension picks among documents
 * only, so a name can never turn bytes into something a browser would run.
 */
const ZIP_DOCUMENTS: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};
const OLE_DOCUMENTS: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
const TEXT_DOCUMENTS: Record<string, string> = { csv: "text/csv" };

/** ISO base media (MP4, QuickTime, HEIC) by the brand after `ftyp`. */
function isoMediaType(brand: string): string {
  if (brand === "qt  ") return "video/quicktime";
  if (/^(heic|heix|hevc|heim|heis)$/.test(brand)) return "image/heic";
  if (brand === "mif1" || brand === "msf1") return "image/heif";
  if (brand === "avif") return "image/avif";
  if (brand.startsWith("3g")) return "video/3gpp";
  if (brand.startsWith("M4A")) return "audio/mp4";
  return "video/mp4";
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

/** The content type a file's bytes show, whatever the browser claimed; the name only tells documents of one container apart. */
export function sniffMimetype(bytes: Uint8Array, name = ""): string {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  const extension = extensionOf(name);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(0, "RIFF") && ascii(8, "AVI ")) return "video/x-msvideo";
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return "audio/wav";
  if (ascii(0, "BM") && bytes.length > 14) return "image/bmp";
  if (ascii(4, "ftyp")) return isoMediaType(String.fromCharCode(...bytes.subarray(8, 12)));
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return "video/webm";
  if (ascii(0, "OggS")) return "audio/ogg";
  if (ascii(0, "ID3")) return "audio/mpeg";
  if (ascii(0, "%PDF-")) return "application/pdf";
  if (ascii(0, "{\\rtf")) return "application/rtf";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return ZIP_DOCUMENTS[extension] ?? "application/zip";
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return OLE_DOCUMENTS[extension] ?? "application/x-ole-storage";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  if (looksLikeSvg(head)) return "image/svg+xml";
  if (!head.includes("\u0000") && !head.includes("\uFFFD")) return TEXT_DOCUMENTS[extension] ?? "text/plain";
  return "application/octet-stream";
}

const SPACE = /\s/;

/**
 * Whether the text opens with an `<svg` root element, after an optional byte order mark,
 * processing instructions (the XML declaration), comments, a DOCTYPE and whitespace.
 * One forward scan with indexOf: a backtracking pattern over repeated comments took
 * seconds on a few hundred bytes and held every other request meanwhile.
 */
export function looksLikeSvg(head: string): boolean {
  let at = head.startsWith("\uFEFF") ? 1 : 0;
  const opens = (text: string) => head.slice(at, at + text.length).toLowerCase() === text;
  /** Moves past `close`, searched from `from`; false when it never comes. */
  const skipPast = (close: string, from: number) => {
    const end = head.indexOf(close, from);
    if (end < 0) return false;
    at = end + close.length;
    return true;
  };
  let doctype = false;
  for (;;) {
    while (at < head.length && SPACE.test(head[at])) at++;
    if (opens("<?")) {
      if (!skipPast("?>", at + 2)) return false;
    } else if (opens("<!--")) {
      if (!skipPast("-->", at + 4)) return false;
    } else if (!doctype && opens("<!doctype svg")) {
      doctype = true;
      const close = head.indexOf(">", at);
      const subset = head.indexOf("[", at);
      // An internal subset ([<!ENTITY ...>]) holds '>' of its own.
      if (subset >= 0 && (close < 0 || subset < close)) {
        if (!skipPast("]", subset) || !skipPast(">", at)) return false;
      } else if (!skipPast(">", at)) return false;
    } else break;
  }
  if (!opens("<svg")) return false;
  const next = head.charAt(at + 4);
  return next === ">" || next === "/" || (next !== "" && SPACE.test(next));
}

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/svg+xml", "image/bmp"];
