import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { databaseUrl, dataDir } from "@/lib/server/env";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

type Handle = { db: Db; ready: Promise<void>; close: () => Promise<void> };

// One handle per process: PGlite allows a single connection, and dev hot reload
// would otherwise open a second one on the same directory.
const holder = globalThis as unknown as { __craftdeskDb?: Handle };

const migrationsFolder = () => path.join(/* turbopackIgnore: true */ process.cwd(), "migrations");

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
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
  return { db: db as unknown as Db, ready, close: () => pool.end() };
}

async function openPglite(): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(dataDir(), "db");
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  const ready = migrate(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Db, ready, close: () => client.close() };
}

function open(): Promise<Handle> {
  const url = databaseUrl();
  return url ? openPostgres(url) : openPglite();
}

let opening: Promise<Handle> | undefined;

/** The process-wide database, opened and migrated on first use (never at import). */
export async function getDb(): Promise<Db> {
  if (!holder.__craftdeskDb) {
    opening ??= open().then((h) => (holder.__craftdeskDb = h));
    await opening;
  }
  const handle = holder.__craftdeskDb!;
  await handle.ready;
  return handle.db;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__craftdeskDb;
  holder.__craftdeskDb = undefined;
  opening = undefined;
  if (handle) await handle.close();
}
