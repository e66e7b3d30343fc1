// The script budget of a screen's first visit, and the arithmetic of scripts/check-script-size.ts.
// No file or network access here: the check reads the build, this decides.

/** No screen's first visit loads more script than this, gzipped as sent (also the web benchmark's target). */
export const SCRIPT_BUDGET_BYTES = 300 * 1024;

/**
 * Routes known to load more than the budget, each held to what it loaded when this
 * check came in (rounded up to a whole kB, and 2 kB for small changes) until it is
 * cut: reported, not failed, and not to grow. Delete an entry once its route is within the budget (the check
 * says so). The list screens, the board and the start page have none. What these
 * load beyond the shell is mostly their forms' validation: zod (about 54 kB), on
 * project and project type screens re2js (about 46 kB), on customer and organization
 * forms the phone number library (about 29 kB).
 */
export const OVER_BUDGET_ALLOWED: Record<string, number> = {
  "/conversation/[id]": 348 * 1024,
  "/conversation/[id]/details": 367 * 1024,
  "/conversation/[id]/history": 363 * 1024,
  "/customer/[id]": 369 * 1024,
  "/customer/[id]/history": 337 * 1024,
  "/customer/new": 349 * 1024,
  "/location/[id]": 351 * 1024,
  "/location/[id]/history": 336 * 1024,
  "/location/new": 319 * 1024,
  "/member/[id]": 364 * 1024,
  "/member/[id]/history": 358 * 1024,
  "/member/[id]/security": 357 * 1024,
  "/member/new": 332 * 1024,
  "/organization": 357 * 1024,
  "/project/[id]": 419 * 1024,
  "/project/[id]/history": 411 * 1024,
  "/project/new": 410 * 1024,
  "/project_type/[id]": 426 * 1024,
  "/project_type/[id]/fields": 426 * 1024,
  "/project_type/[id]/history": 422 * 1024,
  "/project_type/[id]/workflows": 426 * 1024,
  "/project_type/new": 375 * 1024,
  "/role/[id]": 358 * 1024,
  "/role/[id]/history": 355 * 1024,
  "/role/[id]/members": 360 * 1024,
  "/role/new": 326 * 1024,
  "/settings": 325 * 1024,
  "/settings/notifications": 322 * 1024,
  "/settings/tokens": 318 * 1024,
};

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

/** The most a route may load: the budget, or its allowance while it is known to be over. */
export const limitOf = (route: string, budget = SCRIPT_BUDGET_BYTES, allowed: Record<string, number> = {}) => allowed[route] ?? budget;

/** Routes above their limit: these fail the check. */
export const overBudget = (sizes: readonly RouteSize[], budget = SCRIPT_BUDGET_BYTES, allowed: Record<string, number> = {}) =>
  sizes.filter((size) => size.bytes > limitOf(size.route, budget, allowed));

/** Allowances no longer needed (the route is within the budget) or naming no route: to be deleted. */
export const staleAllowances = (sizes: readonly RouteSize[], budget = SCRIPT_BUDGET_BYTES, allowed: Record<string, number> = {}) =>
  Object.keys(allowed).filter((route) => {
    const size = sizes.find((candidate) => candidate.route === route);
    return !size || size.bytes <= budget;
  });

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per route, largest first, with its share of the budget; over it, OVER, or the allowance it is held to. */
export function sizeTable(sizes: readonly RouteSize[], budget = SCRIPT_BUDGET_BYTES, allowed: Record<string, number> = {}): string {
  const width = Math.max(5, ...sizes.map((size) => size.route.length));
  const rows = [...sizes]
    .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route))
    .map((size) => {
      const limit = limitOf(size.route, budget, allowed);
      const mark = size.bytes > limit ? "  OVER" : size.bytes > budget ? `  over, allowed up to ${kB(limit)}` : "";
      return `${size.route.padEnd(width)}  ${kB(size.bytes).padStart(6)}  ${String(size.files).padStart(5)}  ${String(Math.round((size.bytes / budget) * 100)).padStart(3)}%${mark}`;
    });
  return [`${"route".padEnd(width)}  ${"kB".padStart(6)}  files  budget`, ...rows].join("\n");
}
