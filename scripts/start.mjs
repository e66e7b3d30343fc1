// npm start — serve the production build, building it first on a fresh checkout.
// Migrations are applied by the server itself at start-up (instrumentation.ts).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";

// Next.js's telemetry stays off unless the user asked for it; its own signal
// handler makes way for the app's graceful shutdown (lib/server/shutdown.ts).
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1", NEXT_MANUAL_SIG_HANDLE: "1" };

const next = "node_modules/.bin/next";
if (!fs.existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running next build once.");
  const build = spawnSync(next, ["build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(next, ["start", ...process.argv.slice(2)], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// npm passes a SIGTERM it gets to its shell, which ends without passing it on: a lost parent means stop.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  server.kill("SIGTERM");
}, 1000);
orphaned.unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
