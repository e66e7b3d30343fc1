import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Part } from "./page";

/** The periods a row's search slice counts (db/schema/columns.ts `searchSlice`, migration 0049): 30 days each from 2000-01-01 UTC. */
const ORIGIN = Date.UTC(2000, 0, 1);
const PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
/** The newest periods read one by one; older rows are read as one part, by the plans a search had before. */
export const PERIODS_READ = 6;

const periodOf = (at: Date) => Math.floor((at.getTime() - ORIGIN) / PERIOD_MS);
const periodStart = (period: number) => new Date(ORIGIN + period * PERIOD_MS).toISOString();

/** An instant as PostgreSQL prints a timestamptz ("2026-11-29 06:57:09.123456+00"), or undefined when it is not one. */
export function printedInstant(text: string): Date | undefined {
  const iso = text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
  const at = /^\d{4}-\d\d-\d\dT/.test(iso) ? new Date(iso) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/**
 * Whether a search finds its rows by trigrams: a run of three letters or digits, which
 * pg_trgm takes from a LIKE pattern under any collation. Without one, a period's slice
 * would be read whole; the search walks the list's index instead.
 */
export const byTrigrams = (search: string) => /[a-z0-9]{3}/i.test(search);

/**
 * The rows of an organization, newest first, as parts that follow each other in that
 * order (page.ts `Branched`, `inTurn`): rows created after `newest`'s period, then that
 * period and the ones before it, each by its slice (so by the GIN index on the slice and
 * the search text), then every older row. Disjoint, and together every row, whatever
 * `newest` is: it only decides which periods are read one by one.
 */
export function slicedParts(slice: AnyPgColumn, created: AnyPgColumn | SQL, organizationId: string, newest: Date): Part[] {
  const top = periodOf(newest);
  const periods = Array.from({ length: PERIODS_READ }, (_, i) => top - i);
  const rows = periods.map((period) => sql`(${`${organizationId}:${period}`})`);
  return [
    sql`${created} >= ${periodStart(top + 1)}::timestamptz`,
    { each: sql`(values ${sql.join(rows, sql`, `)}) as period(slice)`, where: sql`${slice} = period.slice` },
    sql`${created} < ${periodStart(top - PERIODS_READ + 1)}::timestamptz`,
  ];
}
