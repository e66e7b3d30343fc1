// npm test — the API tests beside the type check, the production build, its script size
// check and the browser tests against that build (that line stops at its first failing
// part); ends with the time each part took.
//
// The API tests run on the embedded database, and in the same run on the Postgres
// database of TEST_POSTGRES_URL when it is set (vitest.config.ts).
import { spawn } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings = [];

/** Runs `npm run <script>`; with `quiet`, its output is kept and shown only if it fails. */
function run(label, script, { quiet = false, env = {} } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", script], { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("exit", (code, signal) => {
      const ok = code === 0;
      timings.push({ label, seconds: (Date.now() - started) / 1000, ok });
      if (!ok && quiet) process.stdout.write(Buffer.concat(output));
      if (!ok) console.error(`\n${label} failed (${signal ?? `exit ${code}`})`);
      resolve(ok);
    });
  });
}

function report(started) {
  console.log("\nTime by part:");
  for (const { label, seconds, ok } of timings) console.log(`  ${label.padEnd(28)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  (failed)"}`);
  console.log(`  ${"total".padEnd(28)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

const started = Date.now();
const apiLabel = process.env.TEST_POSTGRES_URL && !process.env.DATABASE_URL ? "API tests (PGlite + Postgres)" : "API tests";
// Two lines of work side by side, as neither keeps both cores busy alone (each waits on
// databases, servers on loopback and browsers): the API tests; and the type check, the
// build, its script size check and the browser tests against that build. The build
// empties .next, where the type check's route types are written, so those take turns.
const browserLine = async () =>
  (await run("type check", "typecheck", { quiet: true })) &&
  // The type check covered the same sources (route types included): the build need not check them again.
  (await run("build", "build", { quiet: true, env: { NEXT_BUILD_SKIP_TYPECHECK: "1" } })) &&
  (await run("script size check", "check:size")) &&
  (await run("browser tests", "test:browser"));
const results = await Promise.all([browserLine(), run(apiLabel, "test:api")]);
const ok = results.every(Boolean);
report(started);
process.exit(ok ? 0 : 1);
