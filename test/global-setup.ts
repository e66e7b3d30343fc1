// Migrates a server database once before the workers start, so they do not race.
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
}
