/** The content type a file's bytes show, whatever its name or the browser claimed. */
export function sniffMimetype(bytes: Uint8Array): string {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(0, "BM") && bytes.length > 14) return "image/bmp";
  if (ascii(0, "%PDF-")) return "application/pdf";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "application/zip";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  if (looksLikeSvg(head)) return "image/svg+xml";
  if (!head.includes("\u0000") && !head.includes("\uFFFD")) return "text/plain";
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
