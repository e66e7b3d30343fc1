// EXPLAIN ANALYZE of each case's SQL, as the database runs it with the case's parameters.
import type { Pool } from "pg";
import type { Case, Statement } from "./cases";

/**
 * A statement's plan and times. `planningMs` is reported beside `executionMs`: a search is
 * planned on every run (lib/server/page-sql.ts `namedRows`), and every statement is until
 * PostgreSQL keeps one plan for a named statement.
 */
export type StatementPlan = { statement: Statement; text: string; executionMs: number; planningMs: number };
/** A case's plans, one per statement of the request; `executionMs` is the slowest statement's, `planningMs` all of them together. */
export type Plan = { name: string; statements: StatementPlan[]; executionMs: number; planningMs: number };

async function explainOnce(pool: Pool, statement: Statement): Promise<StatementPlan> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.text}`, statement.params);
  const text = rows.map((row) => row["QUERY PLAN"]).join("\n");
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  const planningMs = Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  return { statement, text, executionMs, planningMs };
}

/** The median of a few runs of each statement, alone on the database: the statement's own time, not its wait behind 15 others. */
export async function explain(pool: Pool, benchCase: Case, runs = 5): Promise<Plan> {
  const statements: StatementPlan[] = [];
  for (const statement of benchCase.statements) {
    const plans: StatementPlan[] = [];
    for (let run = 0; run < runs; run += 1) plans.push(await explainOnce(pool, statement));
    plans.sort((a, b) => a.executionMs - b.executionMs);
    statements.push(plans[Math.floor((plans.length - 1) / 2)]);
  }
  return {
    name: benchCase.name,
    statements,
    executionMs: Math.max(...statements.map((s) => s.executionMs)),
    planningMs: statements.reduce((sum, s) => sum + s.planningMs, 0),
  };
}
