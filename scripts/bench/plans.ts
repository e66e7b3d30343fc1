// EXPLAIN ANALYZE of each case's SQL, as the database runs it with the case's parameters.
import type { Pool } from "pg";
import type { Case } from "./cases";

export type Plan = { name: string; text: string; executionMs: number };

export async function explain(pool: Pool, benchCase: Case): Promise<Plan> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers) ${benchCase.sql.text}`,
    benchCase.sql.params,
  );
  const text = rows.map((row) => row["QUERY PLAN"]).join("\n");
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  return { name: benchCase.name, text, executionMs };
}
