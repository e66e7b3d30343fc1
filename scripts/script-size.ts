// The script budget of a screen's first visit, and the arithmetic of scripts/check-script-size.ts.
// No file or network access here: the check reads the build, this decides.

/** No screen's first visit loads more script than this, gzipped as sent (also the web benchmark's target). */
export const SCRIPT_BUDGET_BYTES = 300 * 1024;

/**
 * `next start` compresses a response only from this size on (the `compression`
 * middleware's default threshold); smaller files are sent as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** A page's key in the build's manifests ("/(shell)/customer/page") as its address ("/customer"). */
export function routeOf(page: string): string {
  const segments = page
    .split("/")
    .filter((segment) => segment !== "" && !(segment.startsWith("(") && segment.endsWith(")")));
  if (segments.at(-1) === "page") segments.pop();
  return `/${segments.join("/")}`;
}

/**
 * The script files a first visit of a page loads: the runtime every page starts
 * with, then the entry files of each segment of the page (root layout, error and
 * not-found boundaries, nested layouts, the page), each file once, in that order.
 */
export function pageScripts(rootMainFiles: readonly string[], entryJSFiles: Record<string, readonly string[]>): string[] {
  const files = new Set<string>();
  for (const file of rootMainFiles) files.add(file);
  for (const segmentFiles of Object.values(entryJSFiles)) for (const file of segmentFiles) files.add(file);
  return [...files].filter((file) => file.endsWith(".js"));
}

/**
 * The body of one response as the browser receives it: the file itself under the
 * compression threshold (sent with a Content-Length); else its gzip stream, each
 * piece the compressor gives out sent as one HTTP/1.1 chunk (size line and CRLF
 * around it, and the closing `0` chunk). Chromium's encoded body size, which the
 * web benchmark adds up, counts exactly this.
 */
export function sentBytes(rawBytes: number, gzipPieces: readonly number[]): number {
  if (rawBytes < COMPRESSION_THRESHOLD_BYTES) return rawBytes;
  const chunk = (length: number) => length.toString(16).length + 2 + length + 2;
  return gzipPieces.filter((length) => length > 0).reduce((sum, length) => sum + chunk(length), 0) + "0\r\n\r\n".length;
}

export type RouteSize = { route: string; bytes: number; files: number };

/** Each route's total from the sizes of its files (a file shared by several routes counts in each). */
export function routeSizes(routes: Record<string, readonly string[]>, sizeOf: (file: string) => number): RouteSize[] {
  return Object.entries(routes)
    .map(([route, files]) => ({ route, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0), files: files.length }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Routes above the budget: these fail the check. */
export const overBudget = (sizes: readonly RouteSize[], budget = SCRIPT_BUDGET_BYTES) => sizes.filter((size) => size.bytes > budget);

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per route, largest first, with its share of the budget; OVER when above it. */
export function sizeTable(sizes: readonly RouteSize[], budget = SCRIPT_BUDGET_BYTES): string {
  const width = Math.max(5, ...sizes.map((size) => size.route.length));
  const rows = [...sizes]
    .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route))
    .map((size) => {
      const mark = size.bytes > budget ? "  OVER" : "";
      return `${size.route.padEnd(width)}  ${kB(size.bytes).padStart(6)}  ${String(size.files).padStart(5)}  ${String(Math.round((size.bytes / budget) * 100)).padStart(3)}%${mark}`;
    });
  return [`${"route".padEnd(width)}  ${"kB".padStart(6)}  files  budget`, ...rows].join("\n");
}
