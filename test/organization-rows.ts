import fs from "node:fs";
import path from "node:path";
import { getTableColumns, inArray, is, sql, type SQL } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema/index";
import { dataDir } from "@/lib/server/env";

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
  out.storedFiles = organizationIds.flatMap((org) => {
    const dir = path.join(dataDir(), "files", org);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).sort().map((name) => `${org}/${name}:${fs.statSync(path.join(dir, name)).size}`);
  });
  return out;
}
