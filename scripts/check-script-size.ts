// npm run check:size — after `next build`: the script a first visit of each screen
// downloads, gzipped as `next start` sends it, against the budget (scripts/script-size.ts).
//
// A page loads the runtime's files (build-manifest.json: rootMainFiles) and the entry
// files of its layouts, boundaries and page (its client reference manifest: entryJSFiles).
// Not counted: the polyfills (a nomodule script modern browsers skip) and chunks loaded
// later by `import()` / next/dynamic, which a screen fetches only when it shows them.
// A dynamic component drawn on first paint would load on a first visit all the same:
// `npm run bench:web` measures the visits themselves in Chromium.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { SCRIPT_BUDGET_BYTES, kB, overBudget, pageScripts, routeOf, routeSizes, sentBytes, sizeTable } from "./script-size";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const MANIFEST = "page_client-reference-manifest.js";

function manifests(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? manifests(file) : entry.name === MANIFEST ? [file] : [];
  });
}

type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

/** The manifest file assigns itself to globalThis.__RSC_MANIFEST[page]; it is run in a context of its own. */
function readManifest(file: string): Record<string, ClientReferenceManifest> {
  const context: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  vm.runInNewContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  return context.__RSC_MANIFEST ?? {};
}

/** The pieces the gzip stream gives out, as the server's compression middleware writes them. */
function gzipPieces(file: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const pieces: number[] = [];
    const gzip = zlib.createGzip();
    gzip.on("data", (piece: Buffer) => pieces.push(piece.length));
    gzip.on("end", () => resolve(pieces));
    gzip.on("error", reject);
    fs.createReadStream(file).on("error", reject).pipe(gzip);
  });
}

async function main() {
  const buildManifest = path.join(distDir, "build-manifest.json");
  const found = manifests(path.join(distDir, "server", "app"));
  if (!fs.existsSync(buildManifest) || found.length === 0) {
    console.error(`No production build in ${distDir}/: run \`next build\` first.`);
    process.exit(2);
  }
  const { rootMainFiles } = JSON.parse(fs.readFileSync(buildManifest, "utf8")) as { rootMainFiles: string[] };

  const routes: Record<string, string[]> = {};
  for (const file of found) {
    for (const [page, manifest] of Object.entries(readManifest(file))) {
      routes[routeOf(page)] = pageScripts(rootMainFiles, manifest.entryJSFiles ?? {});
    }
  }

  const sizes = new Map<string, number>();
  for (const file of new Set(Object.values(routes).flat())) {
    const full = path.join(distDir, file);
    const raw = fs.statSync(full).size;
    sizes.set(file, sentBytes(raw, await gzipPieces(full)));
  }

  const measured = routeSizes(routes, (file) => sizes.get(file)!);
  console.log(`Script of a first visit, gzipped as sent, per route (budget ${kB(SCRIPT_BUDGET_BYTES)} kB):\n`);
  console.log(sizeTable(measured, SCRIPT_BUDGET_BYTES));

  const over = overBudget(measured, SCRIPT_BUDGET_BYTES);
  if (over.length > 0) {
    console.error(`\nSCRIPT BUDGET EXCEEDED: ${over.length} route${over.length === 1 ? "" : "s"} load more script (gzipped) than the budget:`);
    for (const route of over) {
      const largest = [...routes[route.route]].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, 5);
      console.error(`  ${route.route}: ${kB(route.bytes)} kB > ${kB(SCRIPT_BUDGET_BYTES)} kB; largest files: ${largest.map((file) => `${path.basename(file)} ${kB(sizes.get(file)!)} kB`).join(", ")}`);
    }
    console.error("Load what a screen shows only after a click with import() or next/dynamic, or move it off the screen's first load.");
    process.exit(1);
  }
  console.log(`\nEvery route is within the budget.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
