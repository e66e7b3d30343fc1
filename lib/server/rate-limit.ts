import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tooManyRequests } from "./errors";

type Window = { limit: number; seconds: number };

/**
 * Counts one attempt under `key` in a fixed window stored in the database, so
 * every app instance sees the same count. Throws 429 once the limit is passed.
 */
export async function hitRateLimit(db: Db, key: string, { limit, seconds }: Window): Promise<void> {
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limit (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
      reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at else rate_limit.reset_at end
    returning count, reset_at`);
  const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
  if (row && row.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
    throw tooManyRequests(retryAfter);
  }
}

/** Forgets the failures under `key`, e.g. after a successful login. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${key}`);
}
