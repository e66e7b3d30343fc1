// npm run bench:web -- <database> — a cold first visit to the list screens in Chromium. See BENCHMARKS.md.
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import pg from "pg";
import { createDatabase, databaseUrl, migrateDatabase } from "./database";
import { logIn } from "./login";
import { machine, writeBenchmarks } from "./report";
import { SCHEDULE_DAY, SCHEDULE_LOCATION, seedScheduleDay } from "./schedule-day";
import { ADMIN_EMAIL, PASSWORD, seed } from "./seed";
import { build, freePort, hasBuild, start } from "./server";
import { SCRIPT_BUDGET_BYTES } from "../script-size";

/**
 * Targets: the customer list's rows within a second of a cold visit; the dispatch board's
 * Day view of a busy location shows its first visit within DAY_VIEW_RATIO times the
 * customer list's first row of the same run; no screen loads more script than
 * SCRIPT_BUDGET_BYTES, gzipped (npm run check:size checks it after a build).
 */
const FIRST_ROW_BUDGET_MS = 1000;
const TIMED_ROUTE = "/customer";
const DAY_VIEW_ROUTE = `/schedule?date=${SCHEDULE_DAY}`;
const DAY_VIEW_RATIO = 1.5;

const ROW = "tbody a[data-row-link]";
/** A visit the dispatch board's calendar has drawn (set on EventCalendar's element when it mounts). */
const CALENDAR_VISIT = '[data-testid="schedule-visit"]';
/** A visit of the day's list that comes with the page and stands in until the calendar has drawn. */
const LISTED_VISIT = '[data-testid="schedule-agenda-visit"]';
/**
 * Each screen and what shows its first item: a list's first row, the board's first card (the board
 * loads up to 5,000), the dispatch board's first visit, listed or drawn; `interactive` is what shows
 * it can be worked with (the calendar's first visit), noted beside it. The Day view is opened as the
 * administrator switched to the location of the schedule day (session "location"); the others at
 * organization level.
 */
type Screen = { route: string; item: string | null; interactive?: string; session?: "location" };
const ROUTES: Screen[] = [
  { route: "/customer", item: ROW },
  { route: "/project", item: ROW },
  { route: "/conversation", item: ROW },
  { route: "/member", item: ROW },
  { route: "/file", item: ROW },
  { route: "/dnd", item: '[data-testid="board-card"]' },
  { route: DAY_VIEW_ROUTE, item: `${LISTED_VISIT}, ${CALENDAR_VISIT}`, interactive: CALENDAR_VISIT, session: "location" },
  { route: "/", item: null },
];

type Visit = { fcp: number | null; firstRow: number | null; interactive: number | null; items: number; scriptBytes: number; scripts: number };

const USAGE = `Usage: npm run bench:web -- <database> [--runs N] [--port N] [--no-build] [--no-write]

Visits each screen cold (a new browser context: no cache, no service worker) as the
seeded administrator, in Chromium ($CHROMIUM_PATH or /usr/bin/chromium), and records
first contentful paint, when the first list row is visible, and the script the visit
loads (bytes as sent, gzipped). The database is the one \`npm run bench\` seeds. The server
listens on the first free port from --port (3400).`;

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: "string" },
      port: { type: "string" },
      "no-build": { type: "boolean", default: false },
      "no-write": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || positionals.length !== 1 || !/^[a-z_][a-z0-9_]{0,62}$/.test(positionals[0])) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const runs = Number(values.runs ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of at least 1");
  const port = Number(values.port ?? 3400);
  if (!Number.isInteger(port) || port < 1024 || port > 65_000) throw new Error("--port must be a port number from 1024 to 65000");
  return { database: positionals[0], runs, port, build: !values["no-build"], write: !values["no-write"] };
}

/** One cold visit: times are milliseconds from navigation start, read in the page itself. */
async function visit(browser: Browser, origin: string, cookie: string, { route, item, interactive }: Screen): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split(";")[0].split("=");
  await context.addCookies([{ name, value, url: origin }]);
  // Noted by the page when the first row can be seen, without waiting for a round trip to this script:
  // not while it waits hidden in the response for a script to move it in (a suspense boundary's
  // content), nor while it is drawn out of sight.
  if (item) {
    // As text: the script runner names nested functions with a helper the page does not have.
    await context.addInitScript(`(() => {
      const selector = ${JSON.stringify(item)}, ready = ${JSON.stringify(interactive ?? "")};
      const shown = (query) => Array.from(document.querySelectorAll(query)).some((found) => found.checkVisibility({ visibilityProperty: true }));
      new MutationObserver((_, observer) => {
        if (window.__firstRow === undefined && shown(selector)) window.__firstRow = performance.now();
        if (window.__interactive === undefined && ready && shown(ready)) window.__interactive = performance.now();
        if (window.__firstRow !== undefined && (!ready || window.__interactive !== undefined)) observer.disconnect();
        // Attributes too: the dispatch board marks a visit (data-testid) once the calendar has added it, and shows it by a class.
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-testid", "hidden", "class"] });
    })();`);
  }
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(`${origin}${route}`, { waitUntil: "networkidle" });
  // On a busy machine the rows may be drawn after the network is idle.
  if (item) await page.locator(interactive ?? item).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  const items = item ? await page.locator(interactive ?? item).count() : 0;
  const times = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    firstRow: (window as unknown as { __firstRow?: number }).__firstRow ?? null,
    interactive: (window as unknown as { __interactive?: number }).__interactive ?? null,
  }));
  const sizes = await Promise.all(scripts);
  await context.close();
  return {
    fcp: times.fcp,
    firstRow: items > 0 ? times.firstRow : null,
    interactive: items > 0 ? times.interactive : null,
    items,
    scriptBytes: sizes.reduce((a, b) => a + b, 0),
    scripts: sizes.length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const msText = (value: number) => (Number.isNaN(value) ? "–" : `${Math.round(value)}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ratioText = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "–");

/** Switches a session to a location, as the location menu does. */
async function switchLocation(origin: string, cookie: string, locationId: string) {
  const res = await fetch(`${origin}/api/api/session`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Origin: origin, cookie },
    body: JSON.stringify({ location: locationId }),
  });
  if (res.status !== 200) throw new Error(`Switching to location ${locationId} failed: ${res.status} ${await res.text()}`);
}

async function main() {
  const options = parse();
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
  const url = databaseUrl(serverUrl, options.database);
  await createDatabase(serverUrl, options.database, false);
  await migrateDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const seeded = await seed(pool, { locations: 40, customers: 200_000, projects: 1_000_000, visits: 2_000_000, quotes: 300_000, invoices: 500_000, priceItems: 5_000 });
  const day = await seedScheduleDay(pool, seeded.organizationId);
  await pool.end();
  if (options.build || !hasBuild()) build();
  const server = await start(url, await freePort(options.port), 16);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const { cookie } = await logIn(server.origin, ADMIN_EMAIL, PASSWORD);
    const atLocation = await logIn(server.origin, ADMIN_EMAIL, PASSWORD);
    await switchLocation(server.origin, atLocation.cookie, day.locationId);
    const cookieOf = (screen: Screen) => (screen.session === "location" ? atLocation.cookie : cookie);
    // A first visit of each screen compiles nothing (a production build) but warms the server's own caches.
    for (const screen of ROUTES) await visit(browser, server.origin, cookieOf(screen), screen);
    const rows: { route: string; fcp: number; firstRow: number; interactive: number; items: number; scriptBytes: number; scripts: number }[] = [];
    for (const screen of ROUTES) {
      const { route } = screen;
      const visits: Visit[] = [];
      for (let run = 0; run < options.runs; run += 1) visits.push(await visit(browser, server.origin, cookieOf(screen), screen));
      const firstRows = visits.map((v) => v.firstRow).filter((v): v is number => v !== null);
      const interactive = visits.map((v) => v.interactive).filter((v): v is number => v !== null);
      const row = {
        route,
        fcp: median(visits.map((v) => v.fcp ?? NaN).filter((v) => !Number.isNaN(v))),
        firstRow: firstRows.length === visits.length ? median(firstRows) : NaN,
        interactive: screen.interactive && interactive.length === visits.length ? median(interactive) : NaN,
        items: Math.min(...visits.map((v) => v.items)),
        scriptBytes: Math.max(...visits.map((v) => v.scriptBytes)),
        scripts: Math.max(...visits.map((v) => v.scripts)),
      };
      rows.push(row);
      console.log(
        `${route}: first paint ${msText(row.fcp)} ms, first item ${msText(row.firstRow)} ms${screen.interactive ? ` (drawn to work with at ${msText(row.interactive)} ms)` : ""}, ${row.items} items shown, script ${kb(row.scriptBytes)} kB in ${row.scripts} files`,
      );
    }

    const missed: string[] = [];
    const timed = rows.find((row) => row.route === TIMED_ROUTE)!;
    if (!(timed.firstRow <= FIRST_ROW_BUDGET_MS)) missed.push(`${TIMED_ROUTE}: first row at ${msText(timed.firstRow)} ms > ${FIRST_ROW_BUDGET_MS} ms`);
    const dayView = rows.find((row) => row.route === DAY_VIEW_ROUTE)!;
    const ratio = dayView.firstRow / timed.firstRow;
    if (!(ratio <= DAY_VIEW_RATIO)) {
      missed.push(`${DAY_VIEW_ROUTE}: first visit at ${msText(dayView.firstRow)} ms, ${ratioText(ratio)} × ${TIMED_ROUTE}'s first row > ${DAY_VIEW_RATIO} ×`);
    }
    console.log(`${DAY_VIEW_ROUTE}: first visit at ${ratioText(ratio)} × ${TIMED_ROUTE}'s first row (target ≤ ${DAY_VIEW_RATIO} ×), in the calendar at ${ratioText(dayView.interactive / timed.firstRow)} ×`);
    for (const row of rows) {
      if (row.scriptBytes > SCRIPT_BUDGET_BYTES) missed.push(`${row.route}: ${kb(row.scriptBytes)} kB of script > ${kb(SCRIPT_BUDGET_BYTES)} kB`);
    }
    const info = { date: new Date(), postgres: "", next: "", loadBefore: os.loadavg(), seeded, connections: 0, duration: 0, warmup: 0 };
    const section = [
      "## Latest web run",
      "",
      `- Date: ${info.date.toISOString().replace("T", " ").slice(0, 16)} UTC`,
      `- ${machine(info)[0]}`,
      `- Chromium against \`next start\` on localhost, logged in as the seeded administrator; ${options.runs} cold visits per screen (a new browser context each), medians; script is the largest of the visits, as sent (gzipped).`,
      `- Day view: the dispatch board on ${day.day} as the administrator switched to ${SCHEDULE_LOCATION}, ${day.members} active members and ${day.visits} visits that day; its first item is the first visit in view, in the day's list that comes with the page or in the calendar; the calendar drew its first visit (the board to work with) at ${msText(dayView.interactive)} ms, ${ratioText(dayView.interactive / timed.firstRow)} × \`${TIMED_ROUTE}\`'s first row.`,
      `- Targets: the first row of \`${TIMED_ROUTE}\` within ${FIRST_ROW_BUDGET_MS} ms; the Day view's first visit within ${DAY_VIEW_RATIO} × \`${TIMED_ROUTE}\`'s first row of the same run (${ratioText(ratio)} ×); at most ${kb(SCRIPT_BUDGET_BYTES)} kB of script on any screen.`,
      "",
      `| screen | first contentful paint ms | first item visible ms | × \`${TIMED_ROUTE}\` | items shown | script kB (gzip) | script files |`,
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(
        (row) =>
          `| \`${row.route}\` | ${msText(row.fcp)} | ${msText(row.firstRow)} | ${ratioText(row.firstRow / timed.firstRow)} | ${row.items} | ${kb(row.scriptBytes)} | ${row.scripts} |`,
      ),
      "",
      missed.length ? `Missed: ${missed.join("; ")}.` : "Every target met.",
    ].join("\n");
    if (options.write) {
      writeBenchmarks("BENCHMARKS.md", section, "web");
      console.log("Wrote BENCHMARKS.md.");
    }
    if (missed.length > 0) {
      console.error(`\nTARGETS MISSED (${missed.length}):\n${missed.map((line) => `  - ${line}`).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
