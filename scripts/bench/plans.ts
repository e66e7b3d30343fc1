// EXPLAIN ANALYZE of each case's SQL, as the database runs it with the case's parameters.
import type { Pool } from "pg";
import type { Case } from "./cases";

export type Plan = { name: string; text: string; executionMs: number };

async function explainOnce(pool: Pool, benchCase: Case): Promise<Plan> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers) ${benchCase.sql.text}`,
    benchCase.sql.params,
  );
  const text = rows.map((row) => row["QUERY PLAN"]).join("\n");
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  return { name: benchCase.name, text, executionMs };
}

/** The median of a few runs, alone on the database: the statement's own time, not its wait behind 15 others. */
export async function explain(pool: Pool, benchCase: Case, runs = 5): Promise<Plan> {
  const plans: Plan[] = [];
  for (let run = 0; run < runs; run += 1) plans.push(await explainOnce(pool, benchCase));
  plans.sort((a, b) => a.executionMs - b.executionMs);
  return plans[Math.floor((plans.length - 1) / 2)];
}
