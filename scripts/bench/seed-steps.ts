// What every part of the benchmark's seed does alike.
import type { PoolClient } from "pg";

export const BENCH_ORGANIZATION = "Craftdesk Bench";

/** Secondary indexes of a table (not the primary key, nor one a foreign key uses), to drop before a bulk load and build after. */
export async function secondaryIndexes(client: PoolClient, table: string) {
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
