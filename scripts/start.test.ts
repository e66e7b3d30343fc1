import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { duration, localOrigin, networkLineHolds, readyLine, serveAddress } from "./start-lines.mjs";

const LAUNCHER = path.resolve("scripts/start.mjs");

/**
 * A stand-in for Next.js in a checkout of its own: `build` prints what next build
 * prints (quickly) and writes the build id; `start` prints next start's banner with a
 * Network line, the server's start-up line, and answers the readiness probe.
 */
const FAKE_NEXT = `#!/usr/bin/env node
const fs = require("node:fs");
const http = require("node:http");
const [command, ...args] = process.argv.slice(2);
if (command === "build") {
  for (const line of ["▲ Next.js 16.4.6 (Turbopack)", "", "  Creating an optimized production build ...", "✓ Compiled successfully in 1s",
    "  Running TypeScript ...", "  Collecting page data using 1 worker ...", "  Finalizing page optimization ...", "", "Route (app)", "┌ ƒ /", "└ ƒ /signup"]) console.log(line);
  fs.mkdirSync(".next", { recursive: true });
  fs.writeFileSync(".next/BUILD_ID", "fake");
  process.exit(0);
}
const port = Number(args[args.indexOf("-p") + 1]);
const server = http.createServer((req, res) => {
  res.writeHead(req.url === "/api/api/health/ready" ? 200 : 404, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: "ready" }));
});
server.listen(port, "127.0.0.1", () => {
  console.log("▲ Next.js 16.4.6");
  console.log("- Local:         http://localhost:" + port);
  console.log("- Network:       http://192.0.2.2:" + port);
  console.log(JSON.stringify({ level: 30, event: "started", migrations: "applied", organizations: process.env.FAKE_ORGANIZATIONS === "1", msg: "Database migrations applied" }));
  console.log("✓ Ready in 12ms");
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function checkout() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-start-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
  fs.writeFileSync(path.join(dir, "node_modules/.bin/next"), FAKE_NEXT, { mode: 0o755 });
  return dir;
}

/** Runs npm start's launcher in `dir` until it prints its ready line, then stops it; answers everything it printed. */
function launch(dir: string, port: number, env: Record<string, string> = {}) {
  return new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, "-p", String(port)], { cwd: dir, env: { ...process.env, ...env, FORCE_COLOR: "0" } });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("Craftdesk is ready")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    // A launcher that never says it is ready is stopped, so the test fails on what it printed instead of leaving it running.
    const guard = setTimeout(() => child.kill("SIGTERM"), 45_000);
    child.on("error", reject);
    child.on("exit", () => {
      clearTimeout(guard);
      resolve(out.trim().split("\n"));
    });
  });
}

describe("npm start", { timeout: 60_000 }, () => {
  it("on a fresh checkout says the first start builds and how long, leaves out the route table and an unreachable Network line, and ends with the signup address", async () => {
    const dir = checkout();
    const port = await freePort();
    const lines = await launch(dir, port);
    const notice = lines.findIndex((line) => line.startsWith("First start: building the app"));
    expect(notice).toBe(0);
    expect(lines[notice]).toContain("about 2 to 10 minutes");
    expect(lines.findIndex((line) => line.includes("Creating an optimized production build"))).toBeGreaterThan(notice);
    expect(lines.some((line) => line.startsWith("Build finished in"))).toBe(true);
    expect(lines.some((line) => line.startsWith("Route (app)") || line.includes("ƒ /signup"))).toBe(false);
    expect(lines.some((line) => line.includes("Network:"))).toBe(false);
    expect(lines.filter((line) => line.startsWith("Craftdesk is ready"))).toEqual([
      `Craftdesk is ready, database migrations applied: open http://localhost:${port}/signup to create your organization.`,
    ]);
    expect(lines.at(-1)).toBe(lines.find((line) => line.startsWith("Craftdesk is ready")));
  });

  it("with a build and an organization starts at once and names the app's home", async () => {
    const dir = checkout();
    fs.mkdirSync(path.join(dir, ".next"));
    fs.writeFileSync(path.join(dir, ".next/BUILD_ID"), "built");
    const port = await freePort();
    const lines = await launch(dir, port, { FAKE_ORGANIZATIONS: "1" });
    expect(lines.some((line) => line.startsWith("First start"))).toBe(false);
    expect(lines.at(-1)).toBe(`Craftdesk is ready, database migrations applied: open http://localhost:${port}/`);
  });
});

describe("npm start's lines", () => {
  it("reads the port and host as next start does", () => {
    expect(serveAddress([], {})).toEqual({ port: 3000, host: undefined });
    expect(serveAddress(["-p", "4000", "-H", "127.0.0.1"], { PORT: "5000" })).toEqual({ port: 4000, host: "127.0.0.1" });
    expect(serveAddress(["--port=4001"], {})).toEqual({ port: 4001, host: undefined });
    expect(localOrigin({ port: 3000 })).toBe("http://localhost:3000");
    expect(localOrigin({ port: 3000, host: "0.0.0.0" })).toBe("http://localhost:3000");
    expect(localOrigin({ port: 3000, host: "192.168.1.20" })).toBe("http://192.168.1.20:3000");
  });

  it("keeps the Network line only where another machine can open it", () => {
    const line = (url: string) => `- Network:       ${url}`;
    expect(networkLineHolds(line("http://192.168.1.20:3000"), { container: false })).toBe(true);
    expect(networkLineHolds(line("http://10.0.0.5:3000"), { host: "0.0.0.0", container: false })).toBe(true);
    expect(networkLineHolds(line("http://192.0.2.2:3000"), { container: false })).toBe(false);
    expect(networkLineHolds(line("http://169.254.10.1:3000"), { container: false })).toBe(false);
    expect(networkLineHolds(line("http://127.0.0.1:3000"), { host: "127.0.0.1", container: false })).toBe(false);
    expect(networkLineHolds(line("http://192.168.1.20:3000"), { container: true })).toBe(false);
  });

  it("says how long in minutes and seconds, and what to open", () => {
    expect(duration(45_400)).toBe("45 s");
    expect(duration(372_000)).toBe("6 min 12 s");
    expect(readyLine("http://localhost:3000", { empty: true })).toContain("http://localhost:3000/signup");
    expect(readyLine("http://localhost:3000", undefined)).toContain("open http://localhost:3000/ (on a new database");
  });
});
