// npm run bench -- <database> — the list endpoints against the same SQL (ARCHITECTURE.md §8). See BENCHMARKS.md.
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { POSTGRES_SESSION_OPTIONS } from "@/db/client";
import type { SessionContext } from "@/lib/server/session";
import { buildCases, type Case, type Who } from "./cases";
import { createDatabase, databaseUrl, dropDatabase, migrateDatabase, serverVersion } from "./database";
import { measureHttp, measureSql } from "./load";
import { otherShare, serverCpu, snapshot, waitForQuiet } from "./machine";
import { getJson, logIn } from "./login";
import { parseOptions, type Options } from "./options";
import { explain } from "./plans";
import { compareWithPrevious, FLOOR_DRIFT, floorBeside, markdown, misses, printTable, writeBenchmarks, type Floor, type Result } from "./report";
import { ADMIN_EMAIL, PASSWORD, seed, STAFF_EMAIL, type Seeded } from "./seed";
import { benchSecret, build, freePort, hasBuild, SERVER_APPLICATION_NAME, start, type Server } from "./server";

function sessionsOf(seeded: Seeded): Record<Who, SessionContext> {
  // Lists read neither the session id nor the role.
  const base = { sessionId: "", roleId: "", organizationId: seeded.organizationId };
  return {
    organization: { ...base, memberId: seeded.adminId, locationId: null, memberLocationId: null, privileges: new Set(["admin"]) },
    location: {
      ...base,
      memberId: seeded.staffId,
      locationId: seeded.staffLocationId,
      memberLocationId: seeded.staffLocationId,
      privileges: new Set(),
    },
  };
}

/** Both sides must return the same page: the endpoint's items are the rows the captured SQL returns. */
async function checkSameAnswer(pool: pg.Pool, server: Server, cookie: string, benchCase: Case) {
  const body = await getJson(server.origin, benchCase.path, cookie);
  // A page the database writes as JSON names each row's id as pageId (lib/server/page.ts).
  const { rows } = await pool.query<{ pageId: string }>(benchCase.sql.text, benchCase.sql.params);
  const expected = rows.slice(0, body.items.length).map((row) => row.pageId);
  if (body.items.length === 0 || JSON.stringify(body.items.map((item) => item.id)) !== JSON.stringify(expected)) {
    throw new Error(`${benchCase.name}: the endpoint and the captured SQL return different rows`);
  }
}

const BUSY = 0.1;

/** The PostgreSQL backends of the server's pool. */
const serverBackends = (pool: pg.Pool) => async () =>
  (await pool.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [SERVER_APPLICATION_NAME])).rows.map((row) => row.pid);

type Measured = Omit<Result, "floor">;

async function measureCase(options: Options, pool: pg.Pool, server: Server, benchCase: Case, cookie: string): Promise<Measured> {
  const url = `${server.origin}${benchCase.path}`;
  if (options.quietWait) await waitForQuiet(server.group, BUSY, options.quietWait);
  if (options.warmup) await measureHttp(url, cookie, options.connections, options.warmup);
  const httpStart = snapshot(server.group);
  const cpuSpent = await serverCpu(server.group, serverBackends(pool));
  const http = await measureHttp(url, cookie, options.connections, options.duration);
  const cpu = await cpuSpent();
  const cpuMs = cpu.totalMs / (http.requests + http.errors);
  const databaseCpuMs = cpu.databaseMs / (http.requests + http.errors);
  const httpOther = otherShare(httpStart, snapshot(server.group));
  if (options.warmup) await measureSql(pool, benchCase.statements, options.connections, options.warmup);
  const sqlStart = snapshot(server.group);
  const sql = await measureSql(pool, benchCase.statements, options.connections, options.duration);
  const sqlOther = otherShare(sqlStart, snapshot(server.group));
  const plan = await explain(pool, benchCase);
  console.log(
    `  endpoint p50 ${http.p50.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms, ${http.rps.toFixed(0)} req/s; ` +
      `SQL p50 ${sql.p50.toFixed(2)} ms, p95 ${sql.p95.toFixed(2)} ms, ${sql.rps.toFixed(0)} req/s; ` +
      `ratio ${(http.rps / sql.rps).toFixed(2)}; server CPU ${cpuMs.toFixed(2)} ms/request (PostgreSQL ${databaseCpuMs.toFixed(2)}); plan ${plan.executionMs} ms ` +
      `(${plan.statements.map((s) => (s.keptMs === undefined ? s.executionMs : `${s.executionMs}, kept ${s.keptMs}`)).join(" + ")}), planning ${plan.planningMs.toFixed(3)} ms; ` +
      `other work ${(httpOther * 100).toFixed(0)} % / ${(sqlOther * 100).toFixed(0)} % of the CPUs`,
  );
  return { benchCase, http, sql, plan, cpuMs, databaseCpuMs, other: Math.max(httpOther, sqlOther) };
}

/** Seconds of load on a server just started before anything is measured. */
const SETTLE_SECONDS = 15;

/** What the same build answers when it does no work of ours: the most an endpoint could reach on this machine. */
const FLOOR_PATH = "/api/api/health";

async function measureFloor(options: Options, pool: pg.Pool, server: Server): Promise<Floor> {
  const url = `${server.origin}${FLOOR_PATH}`;
  if (options.quietWait) await waitForQuiet(server.group, BUSY, options.quietWait);
  if (options.warmup) await measureHttp(url, null, options.connections, options.warmup);
  const cpuSpent = await serverCpu(server.group, serverBackends(pool));
  const http = await measureHttp(url, null, options.connections, options.duration);
  const cpuMs = (await cpuSpent()).totalMs / http.requests;
  if (http.requests === 0 || http.errors > 0) throw new Error(`The floor answered ${http.errors} errors`);
  console.log(`  floor: p50 ${http.p50.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms, ${http.rps.toFixed(0)} req/s, server CPU ${cpuMs.toFixed(2)} ms/request`);
  return { path: FLOOR_PATH, http, cpuMs };
}

/**
 * Each case is judged against the floor measured just before and just after it: this
 * machine's speed drifts within a run (twofold within an hour has been seen), and a floor
 * measured once would move every later ratio with it.
 */
async function runCases(options: Options, pool: pg.Pool, server: Server, seeded: Seeded, cases: Case[]) {
  const admin = await logIn(server.origin, ADMIN_EMAIL, PASSWORD);
  const staff = await logIn(server.origin, STAFF_EMAIL, PASSWORD);
  if (admin.locationId !== null) throw new Error("The admin session should work at organization level");
  if (staff.locationId !== seeded.staffLocationId) throw new Error("The staff session should work at its location");
  const cookies: Record<Who, string> = { organization: admin.cookie, location: staff.cookie };

  const results: Result[] = [];
  const floors: Floor[] = [];
  // A server just started still finishes its start-up work: measured then, the first floor cost 1.8 times the next one.
  console.log(`\nwarming the server up: ${SETTLE_SECONDS} s against GET ${FLOOR_PATH}`);
  await measureHttp(`${server.origin}${FLOOR_PATH}`, null, options.connections, SETTLE_SECONDS);
  console.log(`\nfloor  (GET ${FLOOR_PATH}, no session), before the first case and after each`);
  let floorBefore = await measureFloor(options, pool, server);
  floors.push(floorBefore);
  for (const benchCase of cases) {
    const cookie = cookies[benchCase.who];
    await checkSameAnswer(pool, server, cookie, benchCase);
    console.log(`\n${benchCase.name}  (GET ${benchCase.path})`);
    // A measurement during which other work took a noticeable share of the CPUs is
    // repeated; the one least disturbed is kept.
    let best: Measured | undefined;
    for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
      const result = await measureCase(options, pool, server, benchCase, cookie);
      if (!best || result.other < best.other) best = result;
      if (best.other < BUSY) break;
      if (attempt < options.attempts) console.log("  disturbed by other work; measuring again");
    }
    const floorAfter = await measureFloor(options, pool, server);
    floors.push(floorAfter);
    const floor = floorBeside(floorBefore, floorAfter);
    if (floor.drift > FLOOR_DRIFT) console.warn(`  the floor moved ${(floor.drift * 100).toFixed(0)} % across this case: the machine's speed changed`);
    results.push({ ...best!, floor });
    floorBefore = floorAfter;
  }
  return { results, floors };
}

function nextVersion() {
  return (JSON.parse(fs.readFileSync("node_modules/next/package.json", "utf8")) as { version: string }).version;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const loadBefore = os.loadavg();
  const url = databaseUrl(options.serverUrl, options.database);
  await createDatabase(options.serverUrl, options.database, options.fresh);
  const migrated = await migrateDatabase(url);
  // The SQL side and the plans run with the app's own connection settings.
  const pool = new pg.Pool({ connectionString: url, max: options.connections, options: POSTGRES_SESSION_OPTIONS });
  let server: Server | undefined;
  try {
    const seeded = await seed(pool, options);
    if (migrated > 0 && seeded.seconds === null) {
      // New migrations may have built indexes or changed statistics targets on seeded tables.
      console.log(`Applied ${migrated} new migration(s); analyzing the seeded tables.`);
      await pool.query("vacuum analyze customer, project, visit, visit_member, time_off, quote, invoice, payment, price_item");
    }
    if (options.seedOnly) return;
    benchSecret();
    const cases = (await buildCases(pool, sessionsOf(seeded), seeded)).filter((c) => !options.only || options.only.some((text) => c.name.includes(text)));
    if (cases.length === 0) throw new Error(`No case matches ${options.only?.join(", ")}`);
    if (options.explain) {
      for (const c of cases) {
        const plan = await explain(pool, c);
        console.log(`\n## ${c.name}\nGET ${c.path}`);
        for (const s of plan.statements) {
          console.log(`${s.statement.text}\n-- ${JSON.stringify(s.statement.params).slice(0, 2000)}\n${s.text}\n`);
          if (s.keptText) console.log(`-- the plan kept for every value (generic):\n${s.keptText}\n`);
        }
      }
      return;
    }
    if (options.build || !hasBuild()) build();
    if (loadBefore[0] > 0.5) {
      console.warn(`Load average is ${loadBefore[0].toFixed(2)}: other work on this machine will show in the figures.`);
    }
    server = await start(url, await freePort(options.port), options.connections);
    console.log(`Server at ${server.origin}.`);
    const { results, floors } = await runCases(options, pool, server, seeded, cases);
    const info = {
      date: new Date(),
      postgres: await serverVersion(pool),
      next: nextVersion(),
      loadBefore,
      seeded,
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
    };
    console.log("");
    printTable(results, floors);
    console.log(`\n${compareWithPrevious("BENCHMARKS.md", results).join("\n")}`);
    if (options.write) {
      writeBenchmarks("BENCHMARKS.md", markdown(info, results, floors));
      console.log("\nWrote BENCHMARKS.md.");
    }
    const missed = results.flatMap((result) => misses(result, results).map((miss) => `${result.benchCase.name}: ${miss}`));
    if (missed.length > 0) {
      console.error(`\nTARGETS MISSED (${missed.length}):\n${missed.map((line) => `  - ${line}`).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await pool.end();
    if (options.drop) await dropDatabase(options.serverUrl, options.database);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
