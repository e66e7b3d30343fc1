// What every part of the benchmark's seed does alike.
import type { Pool, PoolClient } from "pg";

export const BENCH_ORGANIZATION = "Craftdesk Bench";

/** Secondary indexes of a table (not the primary key, nor one a foreign key uses), to drop before a bulk load and build after. */
async function secondaryIndexes(client: PoolClient, table: string) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     join pg_class c on c.relname = i.indexname
     join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = $1 and not x.indisprimary
       -- An index a foreign key of another table stands on stays.
       and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`,
    [table],
  );
  return rows;
}

export const step = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
};

/**
 * One transaction of set-based loading. Generated rows reference rows generated with
 * them, so foreign keys and triggers are off (`session_replication_role`) and `work`
 * checks or writes what they would; the tables' secondary indexes are dropped first and
 * rebuilt from their own definitions after, then `analyze` is vacuumed and analyzed.
 * `seed` makes `random()` repeat from one seed to the next.
 */
export async function bulkLoad(
  pool: Pool,
  load: { tables: string[]; seed: number; analyze: string[] },
  work: (client: PoolClient) => Promise<void>,
) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local maintenance_work_mem = '512MB'");
    await client.query("set local work_mem = '256MB'");
    await client.query("set local session_replication_role = replica");
    await client.query("select setseed($1)", [load.seed]);
    const dropped: { name: string; definition: string }[] = [];
    await step(`dropped secondary indexes of ${load.tables.join(", ")} for the bulk load`, async () => {
      for (const table of load.tables) {
        for (const index of await secondaryIndexes(client, table)) {
          dropped.push(index);
          await client.query(`drop index "${index.name}"`);
        }
      }
    });
    await work(client);
    await step(`rebuilt ${dropped.length} indexes`, async () => {
      for (const index of dropped) await client.query(index.definition);
    });
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await step("vacuum analyze", () => pool.query(`vacuum analyze ${load.analyze.join(", ")}`));
}
