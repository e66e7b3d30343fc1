// npm start — serve the production build, building it first on a fresh checkout.
// Migrations are applied by the server itself at start-up (instrumentation.ts); once
// it answers ready, one line says which address to open.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import {
  FIRST_BUILD_NOTICE,
  buildPhase,
  duration,
  inContainer,
  localOrigin,
  networkLineHolds,
  plain,
  readyLine,
  routeTableStarts,
  serveAddress,
  startedEvent,
} from "./start-lines.mjs";

// Next.js's telemetry stays off unless the user asked for it; its own signal
// handler makes way for the app's graceful shutdown (lib/server/shutdown.ts).
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1", NEXT_MANUAL_SIG_HANDLE: "1" };
// Its lines pass through this process: they keep their colours on a terminal.
if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = "1";

const next = "node_modules/.bin/next";
/** A line every so often while the build prints nothing (compiling can take minutes). */
const QUIET_MS = 30_000;

let child;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (child ? child.kill(signal) : process.exit(1)));
// npm passes a SIGTERM it gets to its shell, which ends without passing it on: a lost parent means stop.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  if (child) child.kill("SIGTERM");
  else process.exit(1);
}, 1000);
orphaned.unref();

const lines = (stream, onLine) => readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", onLine);
const exited = (process_) => new Promise((resolve) => process_.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

async function build() {
  console.log(FIRST_BUILD_NOTICE);
  const started = Date.now();
  let phase = "starting";
  let heard = Date.now();
  let table = false;
  child = spawn(next, ["build"], { env, stdio: ["ignore", "pipe", "pipe"] });
  lines(child.stdout, (line) => {
    heard = Date.now();
    phase = buildPhase(line) ?? phase;
    table ||= routeTableStarts(line);
    if (!table) console.log(line);
  });
  lines(child.stderr, (line) => {
    heard = Date.now();
    console.error(line);
  });
  const beat = setInterval(() => {
    if (Date.now() - heard < QUIET_MS) return;
    heard = Date.now();
    console.log(`  … still ${phase} (${duration(Date.now() - started)} so far)`);
  }, 1000);
  const code = await exited(child);
  clearInterval(beat);
  child = undefined;
  if (code !== 0) {
    console.error(`The build failed after ${duration(Date.now() - started)} (exit code ${code}); see the messages above.`);
    process.exit(code);
  }
  console.log(`Build finished in ${duration(Date.now() - started)}. Starting the server…`);
}

/** Asks the readiness probe until it answers 200: the database answers, every migration is applied, jobs run. */
async function whenReady(origin, server) {
  let said = false;
  const startedAt = Date.now();
  while (server.exitCode === null && server.signalCode === null) {
    try {
      const res = await fetch(`${origin}/api/api/health/ready`, { signal: AbortSignal.timeout(10_000) });
      if (res.ok) return true;
      if (!said && Date.now() - startedAt > 30_000) {
        said = true;
        console.log(`Not ready yet: ${((await res.json().catch(() => ({}))).message ?? res.status)}`);
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

if (!fs.existsSync(".next/BUILD_ID")) await build();

const args = process.argv.slice(2);
const address = serveAddress(args, env);
const origin = localOrigin(address);
const container = inContainer();
let started;
let asked = false;
const server = spawn(next, ["start", ...args], { env, stdio: ["inherit", "pipe", "pipe"] });
child = server;
lines(server.stderr, (line) => console.error(line));
lines(server.stdout, (line) => {
  started ??= startedEvent(line);
  if (/^\s*- Network:/.test(plain(line)) && !networkLineHolds(line, { host: address.host, container })) return;
  console.log(line);
  if (!asked && /Ready in/.test(plain(line))) {
    asked = true;
    // The probe is asked on loopback, which answers whichever address the server is bound to.
    const probe = address.host && !["0.0.0.0", "::", "[::]"].includes(address.host) ? origin : `http://127.0.0.1:${address.port}`;
    void whenReady(probe, server).then((ready) => ready && console.log(readyLine(origin, started)));
  }
});
process.exit(await exited(server));
