import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/**
 * Makes `dir` a data directory whose embedded database is already migrated: a copy
 * of the one the global setup migrated (test/global-setup.ts), for this test file or
 * for another process of the app that a test starts.
 */
export function migratedDataDir(dir: string): string {
  fs.cpSync(inject("pgliteTemplate"), path.join(dir, "db"), { recursive: true });
  return dir;
}
