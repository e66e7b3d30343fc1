// The results as a console table and as the generated section of BENCHMARKS.md.
import fs from "node:fs";
import os from "node:os";
import type { Case } from "./cases";
import type { Measurement } from "./load";
import { slowestOf, type Plan, type StatementPlan } from "./plans";
import type { Seeded } from "./seed";

/** The targets a run must meet are each case's own (cases.ts `Budget`); a miss fails the run. */

export type Result = {
  benchCase: Case;
  http: Measurement;
  sql: Measurement;
  plan: Plan;
  /** The server's CPU time per request (next start's processes and its PostgreSQL backends, from /proc). */
  cpuMs: number;
  /** The part of `cpuMs` the PostgreSQL backends spent. */
  databaseCpuMs: number;
  /** Largest share of the CPUs other processes took while either side was measured. */
  other: number;
  /** The floor around the case: the mean of its measurements just before and just after. */
  floor: FloorBeside;
};

/** The floor: a constant unauthenticated route of the same build, measured in the same run. */
export type Floor = { path: string; http: Measurement; cpuMs: number };

/** The floor a case is judged against, and how far it moved across the case (0.2: the later is 20 % off the earlier). */
export type FloorBeside = { rps: number; cpuMs: number; drift: number };

/** A case whose floors before and after differ by more than this share is flagged: the machine's speed changed across it. */
export const FLOOR_DRIFT = 0.2;

export function floorBeside(before: Floor, after: Floor): FloorBeside {
  const drift = Math.max(before.cpuMs, after.cpuMs) / Math.min(before.cpuMs, after.cpuMs) - 1;
  return { rps: (before.http.rps + after.http.rps) / 2, cpuMs: (before.cpuMs + after.cpuMs) / 2, drift };
}

export type RunInfo = {
  date: Date;
  postgres: string;
  next: string;
  loadBefore: number[];
  seeded: Seeded;
  connections: number;
  duration: number;
  warmup: number;
};

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const rps = (value: number) => Math.round(value).toLocaleString("en-US");
const ratioOf = (result: Result) => result.http.rps / result.sql.rps;
const floorRatioOf = (result: Result) => result.http.rps / result.floor.rps;
/** The requests/s the server's CPU time per request allows, as a share of the floor's. */
const cpuRatioOf = (result: Result) => result.floor.cpuMs / result.cpuMs;

/** A search's p95 over its list's in the same run; undefined for other cases or without the list's case. */
function p95OfList(result: Result, results: Result[]) {
  const list = results.find((other) => other.benchCase.name === result.benchCase.listCase);
  return list ? result.http.p95 / list.http.p95 : undefined;
}

/** What a case misses of its targets; empty when it meets them all. */
export function misses(result: Result, results: Result[]): string[] {
  const { budget } = result.benchCase;
  const missed: string[] = [];
  for (const s of result.plan.statements) {
    if (!(slowestOf(s) < budget.planMs)) missed.push(`a statement's plan ${ms(slowestOf(s))} ms${keptSlower(s) ? " (the plan kept for every value)" : ""} ≥ ${budget.planMs} ms`);
  }
  const byCpu = cpuRatioOf(result);
  if (!(byCpu >= budget.cpu)) missed.push(`${byCpu.toFixed(2)} of the floor's requests/s by server CPU < ${budget.cpu}`);
  const byRequests = floorRatioOf(result);
  if (budget.requests !== undefined && !(byRequests >= budget.requests)) missed.push(`${byRequests.toFixed(2)} of the floor's requests/s under load < ${budget.requests}`);
  const ofList = p95OfList(result, results);
  if (budget.p95OfList !== undefined && !(ofList !== undefined && ofList < budget.p95OfList)) {
    missed.push(`p95 ${ofList === undefined ? "not compared (the list's case did not run)" : `${ofList.toFixed(1)}× its list's`} ≥ ${budget.p95OfList}×`);
  }
  return missed;
}

/** The hardware a run measured: runs are compared only on the same. */
export function hardware() {
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.availableParallelism()} cores (nproc), ${gib} GiB RAM`;
}

export function machine(info: RunInfo) {
  return [
    `${hardware()}, ${os.type()} ${os.release()}`,
    `PostgreSQL ${info.postgres}, Node.js ${process.version}, Next.js ${info.next}`,
    `load average before the run: ${info.loadBefore.map((n) => n.toFixed(2)).join(", ")}`,
  ];
}

const yes = (ok: boolean) => (ok ? "yes" : "**no**");

function rows(results: Result[]) {
  return results.map((r) => {
    const { budget } = r.benchCase;
    const ofList = p95OfList(r, results);
    const ofFloor = floorRatioOf(r);
    const byCpu = cpuRatioOf(r);
    const kept = r.plan.statements.flatMap((s) => (s.keptMs === undefined ? [] : [s.keptMs]));
    return [
      r.benchCase.name,
      ms(r.http.p50),
      ms(r.http.p95),
      ofList === undefined ? "–" : `${ofList.toFixed(1)}×`,
      rps(r.http.rps),
      ofFloor.toFixed(2),
      ms(r.cpuMs),
      ms(r.databaseCpuMs),
      `${ms(r.floor.cpuMs)}${r.floor.drift > FLOOR_DRIFT ? ` (moved ${(r.floor.drift * 100).toFixed(0)} %)` : ""}`,
      byCpu.toFixed(2),
      ms(Math.max(...r.plan.statements.map((s) => s.executionMs))),
      kept.length ? ms(Math.max(...kept)) : "–",
      ms(r.plan.planningMs),
      ms(r.sql.p50),
      ms(r.sql.p95),
      rps(r.sql.rps),
      ratioOf(r).toFixed(2),
      `${yes(r.plan.statements.every((s) => slowestOf(s) < budget.planMs))} (${budget.planMs})`,
      `${yes(byCpu >= budget.cpu)} (${budget.cpu})`,
      budget.requests === undefined ? "–" : `${yes(ofFloor >= budget.requests)} (${budget.requests})`,
      budget.p95OfList === undefined ? "–" : `${yes(ofList !== undefined && ofList < budget.p95OfList)} (${budget.p95OfList}×)`,
      `${(r.other * 100).toFixed(0)} %`,
    ];
  });
}

const HEADER = [
  "case",
  "endpoint p50 ms",
  "endpoint p95 ms",
  "p95 of its list",
  "endpoint req/s",
  "of floor",
  "server CPU ms/req",
  "of it PostgreSQL ms",
  "floor's server CPU ms/req",
  "of floor by CPU",
  "plan ms",
  "kept plan ms",
  "planning ms",
  "SQL p50 ms",
  "SQL p95 ms",
  "SQL req/s",
  "of SQL",
  "plan < target",
  "of floor by CPU ≥ target",
  "of floor ≥ target",
  "p95 of its list < target",
  "other work",
];

const range = (values: number[], format: (value: number) => string) => {
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
};

const floorLine = (floors: Floor[]) =>
  `Floor (\`GET ${floors[0].path}\`, no session, reads nothing), measured ${floors.length} times: before the first case and after each, and each case judged against the mean of the two around it: ` +
  `p50 ${range(floors.map((f) => f.http.p50), ms)} ms, p95 ${range(floors.map((f) => f.http.p95), ms)} ms, ${range(floors.map((f) => f.http.rps), rps)} req/s, server CPU ${range(floors.map((f) => f.cpuMs), ms)} ms a request.`;

export function printTable(results: Result[], floors: Floor[]) {
  console.log(floorLine(floors).replace(/`/g, ""));
  const table = [HEADER, ...rows(results).map((row) => row.map((cell) => cell.replace(/\*/g, "")))];
  const widths = HEADER.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

const clipped = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length.toLocaleString("en-US")} characters)` : text);

export function markdown(info: RunInfo, results: Result[], floors: Floor[]) {
  const { seeded } = info;
  const size = seeded.size;
  const seed =
    seeded.seconds === null ? "seeded by an earlier run" : `seeded by this run in ${seeded.seconds.toFixed(0)} s`;
  const lines = [
    `## Latest run`,
    ``,
    `- Date: ${info.date.toISOString().replace("T", " ").slice(0, 16)} UTC`,
    ...machine(info).map((line) => `- ${line}`),
    `- Data: 1 organization, ${size.locations} locations, ${size.customers.toLocaleString("en-US")} customers, ${size.projects.toLocaleString("en-US")} projects, ${size.visits.toLocaleString("en-US")} visits (${seed})`,
    `- Load: ${info.connections} connections, ${info.duration} s per case and side after ${info.warmup} s of warm-up. Endpoint: autocannon against \`next start\` (database pool of ${info.connections}). SQL: the statement and parameters the endpoint sends, through a \`pg\` pool of ${info.connections}.`,
    `- ${floorLine(floors)}`,
    ``,
    `| ${HEADER.join(" | ")} |`,
    `| ${HEADER.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows(results).map((row) => `| ${row.join(" | ")} |`),
    ``,
    `Errors (non-2xx or failed requests): ${results.reduce((n, r) => n + r.http.errors + r.sql.errors, 0)}. ` +
      "*Other work*: the largest share of the CPUs that processes outside the benchmark (not this script, the server or PostgreSQL) took while the case was measured; figures from a case above a few per cent are pessimistic.",
    ``,
    "*Server CPU*: CPU time of `next start`'s processes and of the PostgreSQL backends serving its pool, over the measured seconds, per request; *floor's server CPU*: the floor's, the mean of its measurements just before and just after the case (marked when they differ by more than 20 %: the machine's speed changed across the case); *of floor by CPU*: the floor's CPU per request over the case's, the requests/s the server's own work allows against the floor's (the load generator shares the cores, so requests/s under load understates it). " +
      "*Plan ms*: the slowest statement of the request by its execution time; *kept plan ms*: the same for a named statement's generic plan, which PostgreSQL may keep for every value after five runs (the statement's budget holds for both plans, and a kept plan markedly slower is shown under the plans below); *planning ms*: the time the request's statements take to be planned for the case's values, which a search pays on every request and a named statement until PostgreSQL keeps one plan for it, reported and not judged. Targets: lists 0.6 of the floor by CPU and statements under 5 ms; searches 0.4 by CPU and under load, statements under 2.5 ms and p95 under twice their list's; the schedule's cases (`visit:`) 0.5 by CPU and statements under 5 ms. p95 is otherwise reported, not judged; the SQL side sends all of a request's statements in turn.",
    ``,
    `<details><summary>SQL and query plans of this run (EXPLAIN ANALYZE, BUFFERS; the median of 5 runs after the measurement)</summary>`,
    ``,
    ...results.flatMap((r) => [
      `#### ${r.benchCase.name}`,
      ``,
      `\`GET ${r.benchCase.path}\``,
      ``,
      ...r.plan.statements.flatMap((s) => [
        "```sql",
        s.statement.text,
        `-- parameters: ${clipped(JSON.stringify(s.statement.params))}`,
        "```",
        "",
        "```",
        s.text,
        "```",
        "",
        ...(keptSlower(s) ? ["The plan kept for every value (generic), slower here:", "", "```", s.keptText!, "```", ""] : []),
      ]),
    ]),
    `</details>`,
  ];
  return lines.join("\n");
}

/** A kept plan worth showing: it runs markedly slower than the plan made for the case's values. */
const keptSlower = (s: StatementPlan) => s.keptMs !== undefined && s.keptText !== undefined && s.keptMs > 1.5 * s.executionMs && s.keptMs - s.executionMs > 0.2;

const SECTION_START = (name: string) => `<!-- bench:${name}:start -->`;
const SECTION_END = (name: string) => `<!-- bench:${name}:end -->`;

/**
 * This run's ratios beside those of the run BENCHMARKS.md holds, by case: only when that
 * run measured the same hardware. Absolute times are never compared, as this machine's
 * speed varies from day to day; the ratios are each within their own run.
 */
export function compareWithPrevious(file: string, results: Result[]): string[] {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const section = text.slice(text.indexOf(SECTION_START("results")), text.indexOf(SECTION_END("results")));
  const table = section.split("\n").filter((line) => line.startsWith("| "));
  const header = table[0]?.split("|").map((cell) => cell.trim());
  const column = header?.indexOf("of floor by CPU") ?? -1;
  if (!header || column < 0) return ["No earlier run in BENCHMARKS.md to compare with."];
  const previousMachine = /^- (.+ cores \(nproc\), [\d.]+ GiB RAM)/m.exec(section)?.[1];
  if (previousMachine !== hardware()) {
    return [`The earlier run in BENCHMARKS.md measured other hardware (${previousMachine ?? "not named"}); not compared.`];
  }
  const before = new Map(table.slice(2).map((line) => line.split("|").map((cell) => cell.trim())).map((cells) => [cells[1], cells[column]]));
  return [
    "Of the floor by server CPU, the earlier run in BENCHMARKS.md (same hardware) → this run:",
    ...results.map((r) => `  ${r.benchCase.name}: ${before.get(r.benchCase.name) ?? "–"} → ${cpuRatioOf(r).toFixed(2)}`),
  ];
}

/** Replaces one generated section of BENCHMARKS.md (`results`: the API, `web`: the pages), keeping the text around it. */
export function writeBenchmarks(file: string, section: string, name: "results" | "web" = "results") {
  const START = SECTION_START(name);
  const END = SECTION_END(name);
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n\n";
  const block = `${START}\n${section}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + END.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}
