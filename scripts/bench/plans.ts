// EXPLAIN ANALYZE of each case's SQL, as the database runs it with the case's parameters.
import { escapeLiteral, type Pool, type PoolClient } from "pg";
import type { Case, Statement } from "./cases";

/**
 * A statement's plan and times. `planningMs` is reported beside `executionMs`: a search is
 * planned on every run (lib/server/page-sql.ts `namedRows`), and every statement is until
 * PostgreSQL keeps one plan for a named statement. `keptMs`: a named statement's execution
 * by the plan PostgreSQL may keep for every value after five runs (the generic plan), which
 * can differ from the plan made for the case's values; undefined for one sent unnamed.
 */
export type StatementPlan = { statement: Statement; text: string; executionMs: number; planningMs: number; keptMs?: number; keptText?: string };
/** A case's plans, one per statement of the request; `executionMs` is the slowest statement's by either plan, `planningMs` all of them together. */
export type Plan = { name: string; statements: StatementPlan[]; executionMs: number; planningMs: number };

const timesOf = (text: string) => ({
  executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN),
  planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN),
});

const planText = (rows: { "QUERY PLAN": string }[]) => rows.map((row) => row["QUERY PLAN"]).join("\n");

/** `EXPLAIN (ANALYZE, BUFFERS)` of `what` run `runs` times; the median run by execution time. */
async function medianExplain(client: PoolClient, what: string, params: unknown[], runs: number) {
  const explained = [];
  for (let run = 0; run < runs; run += 1) {
    const text = planText((await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${what}`, params)).rows);
    explained.push({ text, ...timesOf(text) });
  }
  explained.sort((a, b) => a.executionMs - b.executionMs);
  return explained[Math.floor((explained.length - 1) / 2)];
}

/** A parameter as SQL text, printed as node-postgres sends it (an array as an array literal, an object as JSON). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return escapeLiteral(`{${value.map((item) => (item === null ? "NULL" : `"${String(item).replace(/["\\]/g, "\\$&")}"`)).join(",")}}`);
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  return escapeLiteral(typeof value === "object" ? JSON.stringify(value) : String(value));
}

/** A named statement by its generic plan: prepared by SQL with the case's values as literals, run with `force_generic_plan`. */
async function explainKept(client: PoolClient, statement: Statement, runs: number) {
  const values = statement.params.map(literalOf);
  await client.query(`prepare bench_kept as ${statement.text}`);
  try {
    await client.query("set plan_cache_mode = force_generic_plan");
    return await medianExplain(client, `execute bench_kept${values.length ? `(${values.join(", ")})` : ""}`, [], runs);
  } finally {
    await client.query("reset plan_cache_mode");
    await client.query("deallocate bench_kept");
  }
}

/** The median of a few runs of each statement, alone on the database: the statement's own time, not its wait behind 15 others. */
export async function explain(pool: Pool, benchCase: Case, runs = 5): Promise<Plan> {
  const client = await pool.connect();
  try {
    const statements: StatementPlan[] = [];
    for (const statement of benchCase.statements) {
      const chosen = await medianExplain(client, statement.text, statement.params, runs);
      const kept = statement.name ? await explainKept(client, statement, runs) : undefined;
      statements.push({ statement, ...chosen, keptMs: kept?.executionMs, keptText: kept?.text });
    }
    return {
      name: benchCase.name,
      statements,
      executionMs: Math.max(...statements.map(slowestOf)),
      planningMs: statements.reduce((sum, s) => sum + s.planningMs, 0),
    };
  } finally {
    client.release();
  }
}

/** A statement's execution by the slower of its two plans: PostgreSQL may run either. */
export const slowestOf = (s: StatementPlan) => Math.max(s.executionMs, s.keptMs ?? 0);
