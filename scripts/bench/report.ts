// The results as a console table and as the generated section of BENCHMARKS.md.
import fs from "node:fs";
import os from "node:os";
import type { Case } from "./cases";
import type { Measurement } from "./load";
import type { Plan } from "./plans";
import type { Seeded } from "./seed";

/**
 * The targets a run must meet (ARCHITECTURE.md §8 and the performance issues); a miss fails the run.
 * The share of the floor each case must reach, and how, is the case's own (cases.ts): the
 * lists' by requests/s under load, the schedule's by the server's CPU time per request, with
 * its p95 reported beside it rather than judged.
 */
export const BUDGET = { p95Ms: 50, planMs: 5 };

export type Result = {
  benchCase: Case;
  http: Measurement;
  sql: Measurement;
  plan: Plan;
  /** The server's CPU time per request (next start's processes, from /proc). */
  cpuMs: number;
  /** Largest share of the CPUs other processes took while either side was measured. */
  other: number;
};

/** The floor: a constant unauthenticated route of the same build, measured in the same run. */
export type Floor = { path: string; http: Measurement; cpuMs: number };

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
const floorRatioOf = (result: Result, floor: Floor) => result.http.rps / floor.http.rps;
/** The requests/s the server's CPU time per request allows, as a share of the floor's. */
const cpuRatioOf = (result: Result, floor: Floor) => floor.cpuMs / result.cpuMs;
const judgedRatio = (result: Result, floor: Floor) =>
  result.benchCase.floor.by === "cpu" ? cpuRatioOf(result, floor) : floorRatioOf(result, floor);
const judgesP95 = (result: Result) => result.benchCase.floor.by === "requests";

/** What a case misses of the targets; empty when it meets them all. */
export function misses(result: Result, floor: Floor): string[] {
  const missed: string[] = [];
  if (judgesP95(result) && !(result.http.p95 < BUDGET.p95Ms)) missed.push(`endpoint p95 ${ms(result.http.p95)} ms ≥ ${BUDGET.p95Ms} ms`);
  for (const s of result.plan.statements) {
    if (!(s.executionMs < BUDGET.planMs)) missed.push(`a statement's plan ${ms(s.executionMs)} ms ≥ ${BUDGET.planMs} ms`);
  }
  const { ratio, by } = result.benchCase.floor;
  const reached = judgedRatio(result, floor);
  if (!(reached >= ratio)) missed.push(`${reached.toFixed(2)} of the floor's requests/s ${by === "cpu" ? "by server CPU " : ""}< ${ratio}`);
  return missed;
}

export function machine(info: RunInfo) {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  return [
    `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${os.availableParallelism()} cores (nproc), ${gib} GiB RAM, ${os.type()} ${os.release()}`,
    `PostgreSQL ${info.postgres}, Node.js ${process.version}, Next.js ${info.next}`,
    `load average before the run: ${info.loadBefore.map((n) => n.toFixed(2)).join(", ")}`,
  ];
}

const yes = (ok: boolean) => (ok ? "yes" : "**no**");

function rows(results: Result[], floor: Floor) {
  return results.map((r) => {
    const ofFloor = floorRatioOf(r, floor);
    return [
      r.benchCase.name,
      ms(r.http.p50),
      ms(r.http.p95),
      rps(r.http.rps),
      ofFloor.toFixed(2),
      ms(r.cpuMs),
      cpuRatioOf(r, floor).toFixed(2),
      ms(r.plan.executionMs),
      ms(r.sql.p50),
      ms(r.sql.p95),
      rps(r.sql.rps),
      ratioOf(r).toFixed(2),
      judgesP95(r) ? yes(r.http.p95 < BUDGET.p95Ms) : "–",
      yes(r.plan.executionMs < BUDGET.planMs),
      `${yes(judgedRatio(r, floor) >= r.benchCase.floor.ratio)} (${r.benchCase.floor.ratio}${r.benchCase.floor.by === "cpu" ? " by CPU" : ""})`,
      `${(r.other * 100).toFixed(0)} %`,
    ];
  });
}

const HEADER = [
  "case",
  "endpoint p50 ms",
  "endpoint p95 ms",
  "endpoint req/s",
  "of floor",
  "server CPU ms/req",
  "of floor by CPU",
  "plan ms",
  "SQL p50 ms",
  "SQL p95 ms",
  "SQL req/s",
  "of SQL",
  `p95 < ${BUDGET.p95Ms} ms`,
  `plan < ${BUDGET.planMs} ms`,
  "of floor ≥ target",
  "other work",
];

const floorLine = (floor: Floor) =>
  `Floor (\`GET ${floor.path}\`, no session, reads nothing): p50 ${ms(floor.http.p50)} ms, p95 ${ms(floor.http.p95)} ms, ${rps(floor.http.rps)} req/s, server CPU ${ms(floor.cpuMs)} ms a request.`;

export function printTable(results: Result[], floor: Floor) {
  console.log(floorLine(floor).replace(/`/g, ""));
  const table = [HEADER, ...rows(results, floor).map((row) => row.map((cell) => cell.replace(/\*/g, "")))];
  const widths = HEADER.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

const clipped = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length.toLocaleString("en-US")} characters)` : text);

export function markdown(info: RunInfo, results: Result[], floor: Floor) {
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
    `- ${floorLine(floor)}`,
    ``,
    `| ${HEADER.join(" | ")} |`,
    `| ${HEADER.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows(results, floor).map((row) => `| ${row.join(" | ")} |`),
    ``,
    `Errors (non-2xx or failed requests): ${results.reduce((n, r) => n + r.http.errors + r.sql.errors, 0)}. ` +
      "*Other work*: the largest share of the CPUs that processes outside the benchmark (not this script, the server or PostgreSQL) took while the case was measured; figures from a case above a few per cent are pessimistic.",
    ``,
    "*Server CPU*: CPU time of `next start`'s processes over the measured seconds, per request; *of floor by CPU*: the floor's CPU per request over the case's, the requests/s the server's own work allows against the floor's. " +
      "*Plan ms*: the slowest statement of the request. The schedule's cases (`visit:`) are judged by CPU, with p95 reported and not judged; the SQL side sends all of a request's statements in turn.",
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
      ]),
    ]),
    `</details>`,
  ];
  return lines.join("\n");
}

/** Replaces one generated section of BENCHMARKS.md (`results`: the API, `web`: the pages), keeping the text around it. */
export function writeBenchmarks(file: string, section: string, name: "results" | "web" = "results") {
  const START = `<!-- bench:${name}:start -->`;
  const END = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n\n";
  const block = `${START}\n${section}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + END.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}
