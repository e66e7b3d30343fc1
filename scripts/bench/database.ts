// The dedicated benchmark database: created when missing, migrated with the app's own migrations.
import pg from "pg";
import { closeDb, getDb } from "@/db/client";

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string, name: string, fresh: boolean) {
  await onServer(serverUrl, async (client) => {
    if (fresh) {
      await client.query(`drop database if exists "${name}" with (force)`);
      console.log(`Dropped database ${name}.`);
    }
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      await client.query(`create database "${name}"`);
      console.log(`Created database ${name}.`);
    }
  });
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  console.log(`Dropped database ${name}.`);
}

async function appliedMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>("select count(*) from drizzle.__drizzle_migrations");
    return Number(rows[0].count);
  } catch {
    // No migrations table yet: a new database.
    return 0;
  } finally {
    await client.end();
  }
}

/** Applies the app's migrations through the app's own database client; returns how many were new. */
export async function migrateDatabase(url: string) {
  const before = await appliedMigrations(url);
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    await getDb();
    await closeDb();
  } finally {
    process.env.DATABASE_URL = previous;
    if (previous === undefined) delete process.env.DATABASE_URL;
  }
  return (await appliedMigrations(url)) - before;
}

export async function serverVersion(pool: pg.Pool) {
  const { rows } = await pool.query<{ server_version: string }>("show server_version");
  return rows[0].server_version;
}
