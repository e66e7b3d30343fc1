// npm start — serve the production build, building it first on a fresh checkout.
// Migrations are applied by the server itself at start-up (instrumentation.ts).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";

const next = "node_modules/.bin/next";
if (!fs.existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running next build once.");
  const build = spawnSync(next, ["build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(next, ["start", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
