// The production server for the benchmark: `next build` into its own directory and `next start` on a free port.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const DIST_DIR = ".next-bench";
const NEXT = "node_modules/.bin/next";

/**
 * next build writes its own directory's type paths into tsconfig.json and
 * next-env.d.ts; the benchmark's build directory is private, so both are put back.
 */
export function build() {
  const kept = ["tsconfig.json", "next-env.d.ts"].map((file) => ({
    file,
    text: fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined,
  }));
  console.log(`Building the production server into ${DIST_DIR}…`);
  const started = performance.now();
  const result = spawnSync(NEXT, ["build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
  });
  for (const { file, text } of kept) {
    if (text !== undefined && fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
  }
  if (result.status !== 0) throw new Error(`next build failed (${result.status ?? result.signal})`);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

export function hasBuild() {
  return fs.existsSync(path.join(DIST_DIR, "BUILD_ID"));
}

async function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(from: number) {
  for (let port = from; port < from + 100; port += 1) if (await portIsFree(port)) return port;
  throw new Error(`No free port from ${from}`);
}

/**
 * The server's session secret, shared with this script: list cursors are signed
 * with it, and the cases take theirs from the list layer run here.
 */
export function benchSecret() {
  process.env.SESSION_SECRET ||= crypto.randomBytes(32).toString("base64url");
  return process.env.SESSION_SECRET;
}

/** The application name of the server's database connections: the benchmark counts their backends' CPU as the server's. */
export const SERVER_APPLICATION_NAME = "craftdesk-bench-server";

export type Server = { origin: string; /** Process group of the server. */ group: number | undefined; stop: () => Promise<void> };

/** next start against the benchmark database; resolves once the API answers. */
export async function start(databaseUrl: string, port: number, poolSize: number): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-bench-"));
  const child: ChildProcess = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(poolSize),
      // node-postgres names its connections by PGAPPNAME.
      PGAPPNAME: SERVER_APPLICATION_NAME,
      DATA_DIR: dataDir,
      SESSION_SECRET: benchSecret(),
    },
  });
  let log = "";
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.once("exit", () => void (exited = true));

  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      // The whole group this script started: next start and the server process it forks.
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (!exited) process.kill(-child.pid, "SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(`${origin}/api/api/session`);
      if (res.status === 401) return { origin, group: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not start:\n${log}`);
}
