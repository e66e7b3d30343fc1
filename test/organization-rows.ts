import fs from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, inArray, is, sql, type SQL } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema/index";
import { dataDir } from "@/lib/server/env";
import { isDeepStrictEqual } from "node:util";

type Scoped = { name: string; table: PgTable; scope: AnyPgColumn; order: AnyPgColumn; keys: Map<string, string> };

/** Every table that belongs to an organization: by its id (the organization itself) or its organization_id. */
const scopedTables: Scoped[] = Object.entries(schema).flatMap(([name, table]) => {
  if (!is(table, PgTable)) return [];
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const scope = name === "organization" ? columns.id : columns.organizationId;
  if (!scope) return [];
  const keys = new Map(Object.entries(columns).map(([key, column]) => [column.name, key]));
  return [{ name, table, scope, order: columns.id ?? Object.values(columns)[0], keys }];
});

/**
 * Every row of every table scoped to the given organizations, ordered, as JSON
 * under the schema's property names, plus the stored files' names and sizes:
 * compare two of these to prove a request wrote nothing. One statement reads all
 * tables, as the fuzz and isolation tests take one before and after each request.
 */
export async function organizationRows(organizationIds: string[]) {
  const db = await getDb();
  const selects: SQL[] = scopedTables.map(
    ({ name, table, scope, order }) =>
      sql`(select coalesce(json_agg(${table} order by ${order}), '[]'::json) from ${table} where ${inArray(scope, organizationIds)}) as ${sql.identifier(name)}`,
  );
  const { rows } = (await db.execute(sql`select ${sql.join(selects, sql`, `)}`)) as unknown as { rows: Record<string, unknown>[] };
  const out: Record<string, unknown[]> = {};
  for (const { name, keys } of scopedTables) {
    const value = rows[0][name];
    const tableRows = (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>[];
    out[name] = tableRows.map((row) => Object.fromEntries(Object.entries(row).map(([column, cell]) => [keys.get(column) ?? column, cell])));
  }
  out.storedFiles = storedFiles(organizationIds);
  return out;
}

/** The stored files' names and sizes of the given organizations. */
function storedFiles(organizationIds: string[]): string[] {
  return organizationIds.flatMap((org) => {
    const dir = path.join(dataDir(), "files", org);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).sort().map((name) => `${org}/${name}:${fs.statSync(path.join(dir, name)).size}`);
  });
}

/**
 * On a file's own embedded database, every row written to an organization's tables
 * is logged by a trigger (inside the writing transaction, so a rolled-back write
 * leaves no entry): reading the log costs far less than reading every row before
 * and after each request. A shared server database keeps its triggers as migrated,
 * so there the rows themselves are compared.
 */
const writeLogs = new WeakMap<object, Promise<void>>();
async function installWriteLog(): Promise<void> {
  // Once per database: test files of one worker each open their own.
  const db = await getDb();
  const installed = writeLogs.get(db);
  if (installed) return installed;
  const installing = (async () => {
    await db.execute(sql.raw(`create table if not exists test_write_log (seq bigserial primary key, table_name text not null, operation text not null, organization_id uuid)`));
    await db.execute(sql.raw(`
      create or replace function test_log_write() returns trigger language plpgsql as $$
      declare written jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
      begin
        insert into test_write_log (table_name, operation, organization_id) values (tg_table_name, lower(tg_op), (written ->> tg_argv[0])::uuid);
        return null;
      end $$;`));
    for (const { table, scope } of scopedTables) {
      const name = getTableName(table);
      await db.execute(
        sql.raw(`create or replace trigger test_log_write after insert or update or delete on "${name}" for each row execute function test_log_write('${scope.name}')`),
      );
    }
  })();
  writeLogs.set(db, installing);
  return installing;
}

/**
 * Starts watching the given organizations' rows and stored files; the function it
 * returns lists what was written since (e.g. "insert customer"), empty when nothing was.
 */
export async function watchWrites(organizationIds: string[]): Promise<() => Promise<string[]>> {
  if (process.env.DATABASE_URL) {
    const before = await organizationRows(organizationIds);
    return async () => {
      const after = await organizationRows(organizationIds);
      return Object.keys(after)
        .filter((name) => !isDeepStrictEqual(after[name], before[name]))
        .map((name) => `write ${name}`);
    };
  }
  await installWriteLog();
  const db = await getDb();
  const files = storedFiles(organizationIds);
  const { rows } = (await db.execute(sql`select coalesce(max(seq), 0)::text as mark from test_write_log`)) as unknown as { rows: { mark: string }[] };
  const mark = rows[0].mark;
  return async () => {
    const written = (await db.execute(
      sql`select distinct operation || ' ' || table_name as write from test_write_log where seq > ${mark}::bigint and organization_id in (${sql.join(organizationIds.map((id) => sql`${id}::uuid`), sql`, `)}) order by 1`,
    )) as unknown as { rows: { write: string }[] };
    return [...written.rows.map((row) => row.write), ...(isDeepStrictEqual(storedFiles(organizationIds), files) ? [] : ["stored files"])];
  };
}
