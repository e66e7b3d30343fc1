import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "@/db/client";

// Each test file gets its own embedded database directory unless DATABASE_URL
// points at a server; tests isolate themselves by creating their own organizations.
if (!process.env.DATABASE_URL) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-test-"));
}
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";

afterAll(async () => {
  await closeDb();
});
