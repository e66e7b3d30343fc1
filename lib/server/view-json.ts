import "server-only";
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import { PgDialect, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";

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

/**
 * SQL of a computed field that reads other rows than the item's own (its customer's
 * name): never stored with the item (`storedView`), written when a page is read.
 */
const liveFields = new WeakSet<SQL>();

export function readWhenListed(fragment: SQL): SQL {
  liveFields.add(fragment);
  return fragment;
}

/** Each field of the view as SQL of its JSON text, in the view's order, and whether it reads other rows. */
type ViewPart = { field: string; value: SQL; live: boolean };

const derived = new WeakMap<(row: never) => unknown, ViewPart[] | null>();

/**
 * The view's fields as SQL, or null when the view cannot be written so. The view is
 * read once with a mark for each column: a field that shows a column as it is becomes
 * that column; a field the view computes must be named in `computed` with its SQL,
 * else the view stays in JavaScript.
 */
function viewParts<Row>(table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL>): ViewPart[] | null {
  if (derived.has(view)) return derived.get(view)!;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const probe = Object.fromEntries(Object.keys(columns).map((key) => [key, new ColumnMark(key)]));
  let parts: ViewPart[] | null = [];
  try {
    const shown = view(probe as Row);
    for (const [field, value] of Object.entries(shown as Record<string, unknown>)) {
      const fieldValue = Object.hasOwn(computed, field) ? valueJson(computed[field]) : value instanceof ColumnMark ? valueJson(sql`${columns[value.key]}`, columns[value.key]) : null;
      if (!fieldValue || !FIELD_NAME.test(field)) throw new Error(`${field} cannot be written in SQL`);
      parts.push({ field, value: fieldValue, live: Object.hasOwn(computed, field) && liveFields.has(computed[field]) });
    }
    if (parts.length === 0) parts = null;
  } catch {
    parts = null;
  }
  derived.set(view, parts);
  return parts;
}

/**
 * The fields as JSON text, field after field, without spaces (as JSON.stringify and
 * row_to_json print it): joining texts costs PostgreSQL about a third less than
 * building a record per row for row_to_json did (BENCHMARKS.md). The field's name is
 * a plain name (FIELD_NAME): it needs no escaping, in JSON nor in SQL.
 */
const fieldsText = (parts: ViewPart[], first: boolean) =>
  sql.join(
    parts.map((part, index) => sql`${sql.raw(`'${first && index === 0 ? "{" : ","}"${part.field}":'`)} || coalesce(${part.value}, 'null')`),
    sql` || `,
  );

const written = new WeakMap<(row: never) => unknown, SQL | null>();

/**
 * The view of a row as SQL that builds the same JSON object, field for field and
 * in the same order, or null when the view cannot be written so. Tests compare both
 * forms per entity.
 */
export function viewJson<Row>(table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL> = {}): SQL | null {
  if (written.has(view)) return written.get(view)!;
  const parts = viewParts(table, view, computed);
  const json = parts && sql`(${fieldsText(parts, true)} || '}')`;
  written.set(view, json);
  return json;
}

/** The view's fields kept with the row, and those a page writes after them (`readWhenListed`, only last). */
function storedParts<Row>(table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL>) {
  const parts = viewParts(table, view, computed);
  if (!parts) throw new Error(`The view of ${getTableName(table)} cannot be written in SQL`);
  const firstLive = parts.findIndex((part) => part.live);
  const stored = firstLive === -1 ? parts : parts.slice(0, firstLive);
  const live = firstLive === -1 ? [] : parts.slice(firstLive);
  if (stored.length === 0 || live.some((part) => !part.live)) throw new Error(`The view of ${getTableName(table)} reads other rows before its own fields end`);
  return { stored, live };
}

/**
 * The view as a page reads it from its stored text (db/schema/columns.ts `storedView`):
 * the text as it is, or without its closing brace and followed by the fields that read
 * other rows.
 */
export function storedViewJson<Row>(column: AnyPgColumn, table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL> = {}): SQL {
  const { live } = storedParts(table, view, computed);
  return live.length === 0 ? sql`${column}` : sql`(left(${column}, -1) || ${fieldsText(live, false)} || '}')`;
}

/**
 * The trigger function that keeps a table's stored view (db/schema/columns.ts
 * `storedView`): before a row is written, its JSON is the view's expression over the
 * new row (the fields of its own row), so it is what a page would have built. A
 * migration installs it; a view that changes needs a migration that installs it again
 * and rewrites the column, and `stored-view.test.ts` fails, naming this text, until one does.
 */
export function storedViewFunction<Row>(table: PgTable, view: (row: Row) => unknown, computed: Record<string, SQL> = {}) {
  const tableName = getTableName(table);
  const json = sql`(${fieldsText(storedParts(table, view, computed).stored, true)} || '}')`;
  const { sql: expression, params } = new PgDialect().sqlToQuery(json);
  // The function's text is fixed: a view whose SQL takes values (another table's rows) cannot be kept so.
  if (params.length > 0) throw new Error(`The view of ${tableName} takes values`);
  // The row's columns as fields of the trigger's NEW record: assigned so, PL/pgSQL evaluates the
  // expression without running a query (SELECT … FROM (SELECT NEW.*) made a bulk insert a quarter slower).
  const body = `
BEGIN
  NEW."view_json" := ${expression.replaceAll(`"${tableName}".`, "NEW.")};
  RETURN NEW;
END
`;
  const name = `${tableName}_view_json`;
  return { name, body, sql: `CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;` };
}
