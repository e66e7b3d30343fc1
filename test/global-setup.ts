import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { pgliteExtensions } from "../db/pglite-extensions";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database directory that each test file copies (PGlite only). */
    pgliteTemplate: string;
    /** Each test process names its own job schema with this prefix (Postgres only). */
    jobsSchemaPrefix: string;
    /** The OpenAPI document as JSON, built once for the run (test/documented.ts). */
    openApiDocumentFile: string;
  }
}

/**
 * Runs once per project (embedded database or Postgres server) before its test
 * files start: migrates once, so that files do not each migrate or race.
 */
export default async function setup(project: TestProject) {
  const document = openApiDocumentFile();
  const url = project.config.env?.DATABASE_URL || process.env.DATABASE_URL;
  const teardown = await (url ? setupPostgres(project, url) : setupPglite(project));
  project.provide("openApiDocumentFile", await document);
  return teardown;
}

/**
 * The API document that test/documented.ts checks every answer against. Building it
 * imports every route module, which costs seconds: once for the run, not in each file.
 */
let documentFile: Promise<string> | undefined;
function openApiDocumentFile(): Promise<string> {
  documentFile ??= (async () => {
    const { openApiDocument } = await import("@/lib/openapi/document");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-openapi-"));
    // Removed when the run ends, whichever project finishes last.
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(openApiDocument()));
    return file;
  })();
  return documentFile;
}

/**
 * Initializes and migrates one embedded database; each test file starts from a copy
 * of its directory (test/setup.ts) instead of creating and migrating its own. The
 * embedded projects (worker threads, own processes) share it: the last to finish removes it.
 */
let pgliteTemplate: Promise<string> | undefined;
let pgliteUsers = 0;

async function migrateTemplate() {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-template-"));
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite(path.join(template, "db"), { extensions: await pgliteExtensions() });
  await migrate(drizzle(client), { migrationsFolder: "migrations" });
  await client.close();
  return template;
}

async function setupPglite(project: TestProject) {
  pgliteTemplate ??= migrateTemplate();
  pgliteUsers += 1;
  const template = await pgliteTemplate;
  project.provide("pgliteTemplate", path.join(template, "db"));
  return () => {
    pgliteUsers -= 1;
    if (pgliteUsers === 0) fs.rmSync(template, { recursive: true, force: true });
  };
}

/** Migrates the server database; afterwards drops the job schemas this run's test processes created. */
async function setupPostgres(project: TestProject, url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host) && !process.env.ALLOW_REMOTE_TEST_DATABASE) {
    throw new Error(`Refusing to run tests against a non-local database (${host})`);
  }
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Each project on this server (threads, own processes) migrates it; one at a time, as the app does.
  const pool = new Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727001)");
    await migrate(drizzle(client), { migrationsFolder: "migrations" });
  } finally {
    await client.query("select pg_advisory_unlock(727001)").catch(() => {});
    client.release();
    await pool.end();
  }

  const prefix = `pgboss_test_${crypto.randomBytes(4).toString("hex")}_`;
  project.provide("jobsSchemaPrefix", prefix);
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
