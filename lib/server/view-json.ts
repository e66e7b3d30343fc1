import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/** Stands for a column's value while a view is read once to learn which column each field shows. */
class ColumnMark {
  constructor(readonly key: string) {}

  /**
   * A view that computes a field from columns (a markup from price and cost) does its
   * arithmetic on marks: as 1 it runs without throwing, and `computed` gives the field.
   */
  valueOf() {
    return 1;
  }
}

/** A timestamp as JSON.stringify prints a Date: UTC, milliseconds, "Z". */
function printedAsDate(column: AnyPgColumn): SQL {
  const withTimezone = (column as unknown as { withTimezone?: boolean }).withTimezone;
  const utc = withTimezone ? sql`(${column} at time zone 'UTC')` : sql`${column}`;
  return sql`to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const columnJson = (column: AnyPgColumn): SQL => (column.columnType === "PgTimestamp" ? printedAsDate(column) : sql`${column}`);

// Field names come from the views' own code; only plain names are written into SQL as they are.
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const derived = new WeakMap<(row: never) => unknown, SQL | null>();

/**
 * The view of a row as SQL that builds the same JSON object, field for field and
 * in the same order, or null when the view cannot be written so. The view is read
 * once with a mark for each column: a field that shows a column as it is becomes
 * that column; a field the view computes must be named in `computed` with its
 * SQL, else the view stays in JavaScript. Tests compare both forms per entity.
 */
export function viewJson<Row>(table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL> = {}): SQL | null {
  if (derived.has(view)) return derived.get(view)!;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const probe = Object.fromEntries(Object.keys(columns).map((key) => [key, new ColumnMark(key)]));
  let json: SQL | null = null;
  try {
    const shown = view(probe as Row);
    const pairs: SQL[] = [];
    for (const [field, value] of Object.entries(shown as Record<string, unknown>)) {
      const fieldValue = computed[field] ?? (value instanceof ColumnMark ? columnJson(columns[value.key]) : null);
      if (!fieldValue || !FIELD_NAME.test(field)) throw new Error(`${field} cannot be written in SQL`);
      pairs.push(sql`${fieldValue} as ${sql.raw(`"${field}"`)}`);
    }
    // row_to_json prints the fields without the spaces json_build_object puts around each
    // colon and after each comma: a tenth of a list page's bytes.
    if (pairs.length > 0) json = sql`(select row_to_json(__view) from (select ${sql.join(pairs, sql`, `)}) __view)::text`;
  } catch {
    json = null;
  }
  derived.set(view, json);
  return json;
}
