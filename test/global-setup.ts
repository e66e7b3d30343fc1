import crypto from "node:crypto";

// Migrates a server database once before the workers start, so they do not race;
// afterwards drops the job schemas this run's test processes created.
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host) && !process.env.ALLOW_REMOTE_TEST_DATABASE) {
    throw new Error(`Refusing to run tests against a non-local database (${host})`);
  }
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: 1 });
  await migrate(drizzle(pool), { migrationsFolder: "migrations" });
  await pool.end();

  // Inherited by the test processes, which start after this; test/setup.ts names each one's schema from it.
  const prefix = `pgboss_test_${crypto.randomBytes(4).toString("hex")}_`;
  process.env.JOBS_TEST_SCHEMA_PREFIX = prefix;
  return async () => {
    const cleanup = new Pool({ connectionString: url, max: 1 });
    try {
      const { rows } = await cleanup.query<{ name: string }>(
        "select nspname as name from pg_namespace where starts_with(nspname, $1)",
        [prefix],
      );
      for (const { name } of rows) await cleanup.query(`drop schema if exists "${name}" cascade`);
    } finally {
      await cleanup.end();
    }
  };
}
