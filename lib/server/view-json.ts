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

/**
 * A field's value as JSON text, as `to_json` (and `row_to_json`) prints it. The kinds
 * whose text needs no escaping are printed by a cast, which costs PostgreSQL a fraction
 * of `to_json`'s character-by-character escaping: a uuid's text in quotes, a number's or
 * a boolean's text, a json value's own text, a timestamp as a Date prints.
 */
export function valueJson(value: SQL, column?: AnyPgColumn): SQL {
  switch (column?.columnType) {
    case "PgUUID":
      return sql`'"' || ${value}::text || '"'`;
    case "PgTimestamp":
      return sql`'"' || ${printedAsDate(column)} || '"'`;
    case "PgInteger":
    case "PgSmallInt":
    case "PgBigInt53":
    case "PgBoolean":
    case "PgJson":
    case "PgJsonb":
      return sql`${value}::text`;
    default:
      return sql`to_json(${value})::text`;
  }
}

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
    const parts: SQL[] = [];
    for (const [field, value] of Object.entries(shown as Record<string, unknown>)) {
      const fieldValue = Object.hasOwn(computed, field) ? valueJson(computed[field]) : value instanceof ColumnMark ? valueJson(sql`${columns[value.key]}`, columns[value.key]) : null;
      if (!fieldValue || !FIELD_NAME.test(field)) throw new Error(`${field} cannot be written in SQL`);
      // The field's name is a plain name (FIELD_NAME): it needs no escaping, in JSON nor in SQL.
      parts.push(sql`${sql.raw(`'${parts.length === 0 ? "{" : ","}"${field}":'`)} || coalesce(${fieldValue}, 'null')`);
    }
    // The object is written as text, field after field, without spaces (as JSON.stringify
    // and row_to_json print it): joining texts costs PostgreSQL about a third less than
    // building a record per row for row_to_json did (BENCHMARKS.md).
    if (parts.length > 0) json = sql`(${sql.join(parts, sql` || `)} || '}')`;
  } catch {
    json = null;
  }
  derived.set(view, json);
  return json;
}
