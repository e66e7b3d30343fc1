import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/longest-first";
import { preferRamTmpdir } from "./test/ram-tmpdir";

preferRamTmpdir();

const EXCLUDE = ["node_modules/**", ".next/**", ".next-*/**", "e2e/**"];

/*
 * Which databases the API tests run on: the embedded PGlite unless DATABASE_URL is
 * set (then that server only); TEST_POSTGRES_URL adds a Postgres server to PGlite in
 * the same run, the two sharing one pool of test workers.
 */
const serverUrl = process.env.DATABASE_URL || undefined;
const alsoServerUrl = serverUrl ? undefined : process.env.TEST_POSTGRES_URL || undefined;
const databases = [
  ...(serverUrl ? [] : [{ name: "pglite", env: {} }]),
  ...(serverUrl || alsoServerUrl ? [{ name: "postgres", env: { DATABASE_URL: (serverUrl ?? alsoServerUrl)! } }] : []),
];

/**
 * Test files that run in a process of their own, isolated: those that bound the work
 * a hostile input costs by this process's CPU time (test/cpu-time.ts), and those that
 * replace a module (`vi.mock`) or load modules afresh. The others run one after another
 * in the worker threads of one process, sharing its loaded modules (`isolate: false`):
 * each file still opens its own database (test/setup.ts), but the app's modules are
 * evaluated once per worker instead of once per file, which was a quarter of the suite's
 * CPU time.
 */
const OWN_PROCESS = /from "@\/test\/(cpu-time|responsive)"|\bvi\.(mock|doMock|resetModules)\(/;
const ownProcessFiles = ["app", "lib", "scripts", "test"].flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && OWN_PROCESS.test(fs.readFileSync(path.join(dir, file), "utf8")))
    .map((file) => path.join(dir, file)),
);

/**
 * Files whose outcome the database engine cannot change run on one database only when a
 * Postgres server is added to the embedded one. Those that use no database (schemas,
 * parsers, catalogues, client helpers) stay on the embedded one. The two suites that
 * call every endpoint with hostile or foreign input (the fuzz test and the isolation
 * suite) test the routes' validation and access rules in the same SQL on both engines
 * and take a fifth of a run: they stay on the embedded one too. On the server they took
 * a sixth less time in a run of the API tests alone, but in CI, beside the build and the
 * browser tests on the same two cores, they gained nothing (API tests 981 s so, against
 * 923 and 982 s embedded, in three CI runs of one day). Everything touching
 * transactions, locks, pools, notifications or jobs runs on both.
 */
const WITHOUT_DATABASE = [
  "lib/schemas/**",
  "lib/import/**",
  "lib/client/**",
  "lib/i18n/**",
  "lib/documents/**",
  "lib/einvoice/**",
  "components/**",
  "scripts/script-size.test.ts",
];
const EVERY_ENDPOINT = ["app/api/api/fuzz-*.test.ts", "test/isolation/**"];

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
    exclude: EXCLUDE,
    setupFiles: ["test/setup.ts"],
    globalSetup: ["test/global-setup.ts"],
    reporters: ["default", "./test/slowest-reporter.ts"],
    sequence: { sequencer: LongestFirst },
    // Files wait on databases, servers on loopback and child processes as much as they
    // compute: at least two at a time, also on two cores (Vitest's default there is one).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism()),
    // A file's first test also opens its embedded database, with other files doing the same on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: databases.flatMap(({ name, env }) => {
      const elsewhere = databases.length === 1 ? [] : name === "postgres" ? [...WITHOUT_DATABASE, ...EVERY_ENDPOINT] : [];
      return [
        {
          extends: true,
          test: { name, env, pool: "threads" as const, isolate: false, include: ["**/*.test.ts"], exclude: [...EXCLUDE, ...ownProcessFiles, ...elsewhere] },
        },
        { extends: true, test: { name: `${name}, own process`, env, pool: "forks" as const, include: ownProcessFiles, exclude: [...EXCLUDE, ...elsewhere] } },
      ];
    }),
  },
});
