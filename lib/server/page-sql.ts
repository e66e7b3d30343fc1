import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";

const dialect = new PgDialect();

/**
 * A fragment without values as its finished text. Compiling a query walks every
 * node of it; a list's column list and JSON object are the same on every request
 * and would otherwise cost more than the rest of the request's own work.
 * A fragment that holds values is kept as it is.
 */
export function compiled(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return params.length === 0 ? sql.raw(text) : fragment;
}

/**
 * A row count (a page's LIMIT) written into the statement's text. Given as a value,
 * PostgreSQL plans a LIMIT it cannot see for a tenth of the table, so the one plan a
 * named statement could keep always looks dearer than planning each run for its
 * values, and every page paid its planning.
 */
export function rowCount(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`Not a row count: ${count}`);
  return sql.raw(String(count));
}

/**
 * Statement names, one per distinct text, never reused for another text (the
 * connection keeps each one's parse). A name is drawn from the text itself: the
 * production build bundles this module into several chunks (route handlers, server
 * pages), each with its own copy of this map, all sharing the one connection pool;
 * counted names would give two texts the same name there.
 */
const names = new Map<string, string>();
/** Past this many texts, new ones run unnamed: a caller cycling through shapes cannot grow each connection's statements without end. */
const MAX_NAMED = 500;

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    names.set(text, (name = `page_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`));
  }
  return name;
}

/**
 * Rows of a query run as a named statement: the database parses its text once
 * per connection, and later runs send only the values. After a few runs it may
 * keep one plan for all values (PostgreSQL's `plan_cache_mode` auto), when that
 * plan costs no more than those made for each run's values: a visit page's
 * statement takes longer to plan than to run. A statement whose best plan depends
 * on its values (a search: a common word is found by walking the list's index, a
 * rare one by the search index) goes `unnamed`, planned on every run.
 */
export async function namedRows(db: Db, query: SQL, unnamed = false): Promise<Record<string, unknown>[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, unnamed ? undefined : statementName(built.sql), false);
  const result = (await prepared.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}
