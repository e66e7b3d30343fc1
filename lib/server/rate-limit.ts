import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tooManyRequests } from "./errors";

type Window = { limit: number; seconds: number };
type Counter = { count: number; resetAt: Date };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const retryAfter = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));

/**
 * Counts one hit under each key, in fixed windows stored in the database so every
 * app instance sees the same counts; one statement for all keys.
 */
export async function countHits(db: Db, keys: string[], seconds: number): Promise<Map<string, Counter>> {
  const values = sql.join(
    keys.map((key) => sql`(${key}, 1, now() + make_interval(secs => ${seconds}))`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into rate_limit (key, count, reset_at) values ${values}
    on conflict (key) do update set
      count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
      reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at else rate_limit.reset_at end
    returning key, count, reset_at`);
  return toCounters(rowsOf<{ key: string; count: number; reset_at: string | Date }>(result));
}

/** The live counts under these keys, without counting anything. */
export async function readHits(db: Db, keys: string[]): Promise<Map<string, Counter>> {
  const result = await db.execute(sql`
    select key, count, reset_at from rate_limit
    where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}) and reset_at > now()`);
  return toCounters(rowsOf<{ key: string; count: number; reset_at: string | Date }>(result));
}

function toCounters(rows: { key: string; count: number; reset_at: string | Date }[]): Map<string, Counter> {
  return new Map(rows.map((row) => [row.key, { count: Number(row.count), resetAt: new Date(row.reset_at) }]));
}

/** 429 with Retry-After when `counter` has passed `limit`. */
export function refuseOver(counter: Counter | undefined, limit: number): void {
  if (counter && counter.count > limit) throw tooManyRequests(retryAfter(counter.resetAt));
}

/** Counts one attempt under `key`; 429 once the window's limit is passed. */
export async function hitRateLimit(db: Db, key: string, { limit, seconds }: Window): Promise<void> {
  const counts = await countHits(db, [key], seconds);
  refuseOver(counts.get(key), limit);
}

/** Forgets the counts under these keys, e.g. an address's failures after it signed in. */
export async function clearRateLimit(db: Db, ...keys: string[]): Promise<void> {
  await db.execute(sql`delete from rate_limit where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
}
