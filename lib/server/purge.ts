import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

const EVERY_MS = 60 * 60 * 1000;
let lastRun = 0;

/**
 * Deletes ended sessions, finished rate-limit windows and old one-time codes, at
 * most once an hour per process; called when a session is opened.
 */
export async function purgeExpired(db: Db, sessionIdleSeconds: number): Promise<void> {
  if (Date.now() - lastRun < EVERY_MS) return;
  lastRun = Date.now();
  await purgeExpiredNow(db, sessionIdleSeconds);
}

export async function purgeExpiredNow(db: Db, sessionIdleSeconds: number): Promise<void> {
  await db.execute(sql`
    delete from session
    where expires_at <= now() or last_seen_at <= now() - make_interval(secs => ${sessionIdleSeconds})`);
  await db.execute(sql`delete from rate_limit where reset_at <= now()`);
  await db.execute(sql`delete from one_time_code where expires_at <= now() - interval '1 day'`);
}
