import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "@/db/client";

// Each test file gets its own embedded database directory unless DATABASE_URL
// points at a server; tests isolate themselves by creating their own organizations.
if (!process.env.DATABASE_URL) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-test-"));
} else {
  // On a shared server each test process keeps its own job queues (a schema the
  // global teardown drops): a job is worked by the process that sent it, with that
  // test's mail server and fakes, and waited for by it.
  process.env.JOBS_SCHEMA = `${process.env.JOBS_TEST_SCHEMA_PREFIX ?? "pgboss_test_"}${crypto.randomBytes(4).toString("hex")}`;
}
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";

// Stops the background jobs this file started (letting running ones finish), then closes the database.
afterAll(async () => {
  await closeDb();
});
