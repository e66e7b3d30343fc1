import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Many rows travel as one JSON parameter that Postgres unpacks with
 * jsonb_to_recordset: on the embedded database this is several times faster than
 * a multi-row VALUES list with a parameter per cell.
 */
export type Recordset = { columns: AnyPgColumn[]; source: SQL };

/** The table's columns for the given row keys, in the given order. */
export function tableColumns(table: PgTable, keys: readonly string[]): AnyPgColumn[] {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  return keys.map((key) => {
    if (!all[key]) throw new Error(`No column ${key}`);
    return all[key];
  });
}

/** `jsonb_to_recordset($json) as <alias>(col type, …)` for rows given by row key; a missing value reads as null. */
export function recordset(columns: AnyPgColumn[], keys: readonly string[], rows: Record<string, unknown>[], alias = "r"): Recordset {
  const records = rows.map((row) => Object.fromEntries(keys.map((key, index) => [columns[index].name, row[key] ?? null])));
  const definitions = columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`);
  return {
    columns,
    source: sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as ${sql.identifier(alias)}(${sql.join(definitions, sql`, `)})`,
  };
}

export const columnList = (columns: AnyPgColumn[], prefix?: string) =>
  sql.join(
    columns.map((column) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(column.name)}` : sql.identifier(column.name))),
    sql`, `,
  );
