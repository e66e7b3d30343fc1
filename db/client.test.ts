import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, it } from "vitest";
import { getDb } from "@/db/client";

const serverUrl = process.env.DATABASE_URL;

it.runIf(Boolean(serverUrl))("outlives the server ending the pool's idle connections: the next queries open others", async () => {
  const db = await getDb();
  // Several queries at once hold as many of the pool's connections.
  const backends = async () => {
    const pid = async () => (await db.execute(sql`select pg_backend_pid() as pid from pg_sleep(0.05)`)) as unknown as { rows: { pid: number }[] };
    const results = await Promise.all(Array.from({ length: 4 }, pid));
    return new Set(results.map((result) => Number(result.rows[0].pid)));
  };
  const before = await backends();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [[...before]]);
  } finally {
    await admin.end();
  }
  // Each ended connection reaches the pool as an idle client's error.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = await backends();
  expect(after.size).toBeGreaterThan(0);
  expect([...after].filter((pid) => before.has(pid))).toEqual([]);
});
