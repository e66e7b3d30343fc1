import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { getSqlExecutor, migrationsFolder } from "@/db/client";
import { jobsRunning } from "./jobs";
import { log } from "./log";

export type Check = { ok: true } | { ok: false; message: string };
export type Readiness = { ready: boolean; checks: { database: Check; migrations: Check; jobs: Check } };

const TIMEOUT_MS = 3000;
const ok: Check = { ok: true };

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type JournalEntry = { tag: string; when: number };
let journal: Promise<JournalEntry[]> | undefined;

/** The migrations this build carries (drizzle-kit's journal); they do not change while it runs. */
function journalEntries(): Promise<JournalEntry[]> {
  journal ??= fs
    .readFile(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")
    .then((text) => (JSON.parse(text) as { entries: JournalEntry[] }).entries);
  journal.catch(() => (journal = undefined));
  return journal;
}

/** Drizzle's migrator applies every entry newer than the last one it recorded. */
export function pendingMigrations(entries: JournalEntry[], appliedAt: number[]): string[] {
  const last = Math.max(0, ...appliedAt);
  return entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

/**
 * Whether this instance should be sent traffic: its database answers, carries every
 * migration of this build, and its background jobs run. Details of a failure go to
 * the log, not to the (public) answer.
 */
export async function readiness(): Promise<Readiness> {
  let database: Check = ok;
  let migrations: Check = { ok: false, message: "Not checked: the database is not available" };
  try {
    const sql = await within(getSqlExecutor(), "The database");
    await within(sql.executeSql("select 1"), "The database");
    try {
      const { rows } = await within(sql.executeSql("select created_at from drizzle.__drizzle_migrations"), "The database");
      const pending = pendingMigrations(await journalEntries(), rows.map((row) => Number(row.created_at)));
      migrations = pending.length === 0 ? ok : { ok: false, message: `Pending: ${pending.join(", ")}` };
    } catch (error) {
      log().error({ err: error }, "[ready] migrations could not be checked");
      migrations = { ok: false, message: "The applied migrations could not be read" };
    }
  } catch (error) {
    log().error({ err: error }, "[ready] database not available");
    database = { ok: false, message: "The database is not available" };
  }
  const jobs: Check = jobsRunning() ? ok : { ok: false, message: "The background jobs are not running" };
  return { ready: database.ok && migrations.ok && jobs.ok, checks: { database, migrations, jobs } };
}
