import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { preferRamTmpdir } from "./test/ram-tmpdir";

/*
 * Which databases the API tests run on: the embedded PGlite unless DATABASE_URL is
 * set (then that server only); TEST_POSTGRES_URL adds a Postgres server to PGlite in
 * the same run, the two sharing one pool of test processes.
 */
preferRamTmpdir();

const serverUrl = process.env.DATABASE_URL || undefined;
const alsoServerUrl = serverUrl ? undefined : process.env.TEST_POSTGRES_URL || undefined;
const databases = [
  ...(serverUrl ? [] : [{ name: "pglite", env: {} }]),
  ...(serverUrl || alsoServerUrl ? [{ name: "postgres", env: { DATABASE_URL: (serverUrl ?? alsoServerUrl)! } }] : []),
];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // The real package throws outside React Server Components; tests are server code.
      "server-only": path.resolve(__dirname, "test/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    setupFiles: ["test/setup.ts"],
    globalSetup: ["test/global-setup.ts"],
    reporters: ["default", "./test/slowest-reporter.ts"],
    // Files wait on databases, servers on loopback and child processes as much as they
    // compute: at least two at a time, also on two cores (Vitest's default there is one).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism()),
    // A file's first test also opens its embedded database, with other files doing the same on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: databases.map(({ name, env }) => ({ extends: true, test: { name, env } })),
  },
});
