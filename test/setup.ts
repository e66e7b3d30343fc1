import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDb } from "@/db/client";
import { setClock } from "@/lib/server/clock";
import { migratedDataDir } from "./data-dir";

// The files of one worker thread run one after another in one module graph
// (vitest.config.ts): what a file changes in the environment or the clock is put
// back when it ends.
const environment = { ...process.env };

// Each test file gets its own embedded database directory, a copy of the one the
// global setup migrated, unless DATABASE_URL points at a server; tests isolate
// themselves by creating their own organizations.
const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-test-"));
if (dataDir) {
  process.env.DATA_DIR = migratedDataDir(dataDir);
} else {
  // On a shared server each test process keeps its own job queues (a schema the
  // global teardown drops): a job is worked by the process that sent it, with that
  // test's mail server and fakes, and waited for by it.
  process.env.JOBS_SCHEMA = `${inject("jobsSchemaPrefix")}${crypto.randomBytes(4).toString("hex")}`;
}
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";

// node-postgres queues a query sent while its connection is still busy and warns once
// a process: in a transaction, queries run side by side on its one connection
// (`Promise.all` over `tx`), which pg 9 refuses. Here that fails the run.
const guarded = globalThis as { __craftdeskQueryQueueGuard?: true };
if (!guarded.__craftdeskQueryQueueGuard) {
  guarded.__craftdeskQueryQueueGuard = true;
  process.on("warning", (warning) => {
    if (warning.message.includes("already executing a query")) throw new Error(`Queries sent side by side on one connection: ${warning.stack}`);
  });
}

// Stops the background jobs this file started (letting running ones finish), then
// closes the database and removes the file's directory.
afterAll(async () => {
  await closeDb();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  setClock(undefined);
});
