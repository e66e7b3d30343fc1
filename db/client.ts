import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { databaseUrl, dataDir } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { pgliteExtensions } from "./pglite-extensions";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Plain SQL on the process's own connection, for a library that brings its own
 * statements (pg-boss). Text without values may hold several statements.
 */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** A channel's notifications, and whether they can arrive at all (a lost connection cannot tell what it missed). */
export type Listener = { notified: () => void; listening: (yes: boolean) => void };

type Handle = {
  db: Db;
  sql: SqlExecutor;
  ready: Promise<void>;
  /** Starts listening on a channel for the life of the handle. */
  listen: (channel: string, listener: Listener) => void;
  close: () => Promise<void>;
};

// One handle per process: PGlite allows a single connection, and dev hot reload
// would otherwise open a second one on the same directory.
const holder = globalThis as unknown as { __craftdeskDb?: Handle };

const channels = globalThis as unknown as { __craftdeskDbChannels?: Map<string, Listener> };

export const migrationsFolder = () => path.join(/* turbopackIgnore: true */ process.cwd(), "migrations");

/**
 * Settings of every connection to a Postgres server. No JIT: compiling takes longer than any
 * of the app's statements runs, and a walk the planner overestimates would pay for it on
 * every request. Named statements keep PostgreSQL's own plan cache mode (lib/server/page-sql.ts).
 */
export const POSTGRES_SESSION_OPTIONS = "-c jit=off";

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE || 10),
    options: POSTGRES_SESSION_OPTIONS,
  });
  // A connection the server ends while it waits in the pool (a restart, a failover, an administrator)
  // is dropped from the pool, and the next query opens another; unheard, it would end the process.
  pool.on("error", (error) => log().warn({ err: error }, "database connection lost"));
  const db = drizzle(pool, { schema });
  const ready = (async () => {
    // Several app instances may start together; only one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(727001)");
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(727001)").catch(() => {});
      client.release();
    }
  })();
  const sql: SqlExecutor = {
    async executeSql(text, values) {
      // Several statements answer with one result each; the last one is the answer.
      const result = (await pool.query(text, values)) as unknown as { rows: Record<string, unknown>[] } | { rows: Record<string, unknown>[] }[];
      return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;
    },
  };
  const listeners: PostgresListeners = { channels: new Map(), stopped: false };
  const listen = (channel: string, listener: Listener) => {
    listeners.channels.set(channel, listener);
    void keepListening(url, channel, listener, listeners);
  };
  const close = async () => {
    listeners.stopped = true;
    for (const listener of listeners.channels.values()) listener.listening(false);
    for (const client of listeners.clients ?? []) await client.end().catch(() => {});
    await pool.end();
  };
  return { db: db as unknown as Db, sql, ready, listen, close };
}

type PostgresListeners = { channels: Map<string, Listener>; stopped: boolean; clients?: Set<import("pg").Client> };

/**
 * LISTEN needs a connection of its own, outside the pool, held for good: when it
 * drops, the listener hears `listening(false)` and it is opened again a second later.
 */
async function keepListening(url: string, channel: string, listener: Listener, state: PostgresListeners) {
  const { Client } = await import("pg");
  const clients = (state.clients ??= new Set());
  while (!state.stopped) {
    const client = new Client({ connectionString: url });
    clients.add(client);
    const ended = new Promise<void>((resolve) => client.once("end", resolve));
    client.on("error", () => {}); // "end" follows
    try {
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === channel) listener.notified();
      });
      await client.query(`LISTEN "${channel}"`);
      listener.listening(true);
      await ended;
    } catch {
      // Not connected: try again below.
    }
    listener.listening(false);
    clients.delete(client);
    await client.end().catch(() => {});
    if (!state.stopped) await new Promise((resolve) => setTimeout(resolve, 1000).unref());
  }
}

async function openPglite(): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(dataDir(), "db");
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: await pgliteExtensions() });
  const db = drizzle(client, { schema });
  const ready = migrate(db, { migrationsFolder: migrationsFolder() });
  const sql: SqlExecutor = {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        // A failed statement inside the text's own BEGIN ... COMMIT leaves the one
        // connection in an aborted transaction; nothing else could use it after.
        if (/^\s*BEGIN\b/i.test(text)) await client.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    },
  };
  // One process, one connection: notifications cannot be missed.
  const heard = new Set<Listener>();
  const listen = (channel: string, listener: Listener) => {
    heard.add(listener);
    void ready.then(() => client.listen(channel, () => listener.notified())).then(() => listener.listening(true));
  };
  const close = async () => {
    for (const listener of heard) listener.listening(false);
    await client.close();
  };
  return { db: db as unknown as Db, sql, ready, listen, close };
}

function open(): Promise<Handle> {
  const url = databaseUrl();
  return url ? openPostgres(url) : openPglite();
}

let opening: Promise<Handle> | undefined;

async function getHandle(): Promise<Handle> {
  if (!holder.__craftdeskDb) {
    opening ??= open().then((h) => {
      for (const [channel, listener] of channels.__craftdeskDbChannels ?? []) h.listen(channel, listener);
      return (holder.__craftdeskDb = h);
    });
    await opening;
  }
  const handle = holder.__craftdeskDb!;
  await handle.ready;
  return handle;
}

/** The process-wide database, opened and migrated on first use (never at import). */
export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

/** The same database as `getDb`, as plain SQL (on PGlite there is no second connection to open). */
export async function getSqlExecutor(): Promise<SqlExecutor> {
  return (await getHandle()).sql;
}

/**
 * Listens on a channel of the process's database whenever it is open: from now
 * on if it is, and from its opening otherwise (this opens nothing).
 */
export function listenToDatabase(channel: string, listener: Listener): void {
  (channels.__craftdeskDbChannels ??= new Map()).set(channel, listener);
  holder.__craftdeskDb?.listen(channel, listener);
}

const closing = globalThis as unknown as { __craftdeskDbClosing?: Set<() => Promise<void>> };

/** Runs `stop` before the database closes: whatever still uses it finishes first. */
export function beforeDbClose(stop: () => Promise<void>): void {
  (closing.__craftdeskDbClosing ??= new Set()).add(stop);
}

export async function closeDb(): Promise<void> {
  for (const stop of closing.__craftdeskDbClosing ?? []) await stop();
  const handle = holder.__craftdeskDb;
  holder.__craftdeskDb = undefined;
  opening = undefined;
  if (handle) await handle.close();
}
