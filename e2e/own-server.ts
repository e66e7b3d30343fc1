/**
 * A `next start` of its own for a test (on a free port, with its own DATA_DIR and
 * environment, from the build directory the suite built) instead of the shared
 * server, with no mail server: one-time codes are read from its outbox.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./support";

export const distDir = process.env.NEXT_DIST_DIR || ".next";
const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

export type Server = { base: string; child: ChildProcess; log: () => string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `next start` on the data directory (with `env` added), answered once the database is open (the session endpoint says 401). */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Server> {
  const output: string[] = [];
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // Without SMTP the one-time codes land in $DATA_DIR/outbox.
      SMTP_URL: "",
      SESSION_SECRET: "crash-secret-crash-secret-crash-secret-01",
      OTP_LIMIT_PER_ADDRESS: "1000",
      LOGIN_LIMIT_PER_ADDRESS: "1000",
      ...env,
    },
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const log = () => output.join("").slice(-4000);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    const status = await fetch(`${base}/api/api/session`).then((res) => res.status, () => 0);
    if (status === 401) return { base, child, log };
    if (status >= 500) throw new Error(`The server answers ${status}:\n${log()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** kill -9: the process and anything it started, with no chance to flush or close. */
export async function killHard(server: Server) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  process.kill(-server.child.pid!, "SIGKILL");
  await exited;
}

export async function stopServer(server: Server | undefined) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await killHard(server);
}

export const jsonHeaders = (base: string, cookie?: string) => ({
  "content-type": "application/json",
  origin: base,
  ...(cookie ? { cookie } : {}),
});

/** JSON calls to the server's API with a session's cookie; a call that fails fails the test with the answer. */
export function serverApi(server: Server, cookie: string) {
  return async <T,>(method: string, url: string, data?: unknown) => {
    const res = await fetch(`${server.base}/api/api${url}`, { method, headers: jsonHeaders(server.base, cookie), body: data === undefined ? undefined : JSON.stringify(data) });
    expect(res.ok, await res.clone().text()).toBe(true);
    return (await res.json()) as T;
  };
}

function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((value) => value.includes("craftdesk_session="));
  if (!cookie) throw new Error("No session cookie");
  return cookie.split(";")[0];
}

export async function codeFromOutbox(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  let code: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(`-${email}.eml`)) : [];
      const text = files.map((name) => fs.readFileSync(path.join(outbox, name), "utf8")).join("\n");
      code = /code is (\d{6})/.exec(text)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function signUp(server: Server, dataDir: string, organization = "Crash Test Plumbing") {
  const email = uniqueEmail("owner");
  const sent = await fetch(`${server.base}/api/api/otp/email`, {
    method: "POST",
    headers: jsonHeaders(server.base),
    body: JSON.stringify({ email, language: "en-US" }),
  });
  expect(sent.status).toBe(204);
  const otp = await codeFromOutbox(dataDir, email);
  const res = await fetch(`${server.base}/api/api/signup`, {
    method: "POST",
    headers: jsonHeaders(server.base),
    body: JSON.stringify({ organization: { name: organization, language: "en-US" }, member: { name: "Olga Owner", email, password: PASSWORD }, otp }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { email, cookie: sessionCookie(res) };
}

export async function logIn(server: Server, email: string) {
  const res = await fetch(`${server.base}/api/api/session`, {
    method: "POST",
    headers: jsonHeaders(server.base),
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return sessionCookie(res);
}
