import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "@/test/data-dir";

type Line = Record<string, unknown>;

function start(file: string, env: NodeJS.ProcessEnv) {
  const script = path.join(process.cwd(), "test", "shutdown-child.ts");
  // node itself, not npx or the tsx launcher: the signal must reach the server's process.
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script, file], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const lines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);
  const until = async (what: string, found: (line: Line) => boolean): Promise<Line> => {
    let ended = false;
    void exited.then(() => (ended = true));
    for (;;) {
      const line = lines().find(found);
      if (line) return line;
      if (ended) throw new Error(`The server ended before ${what}:\n${out}\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { proc, exited, lines, until, output: () => `${out}\n${err}` };
}

describe("shutdown on SIGTERM", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-shutdown-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("stops taking connections, finishes the request and the job under way, and exits 0", async () => {
    const file = path.join(dir, "job.txt");
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "info", NEXT_MANUAL_SIG_HANDLE: "1" };
    if (!process.env.DATABASE_URL) env.DATA_DIR = migratedDataDir(path.join(dir, "data"));
    const server = start(file, env);
    const { port } = (await server.until("listening", (line) => "port" in line)) as { port: number };
    const url = `http://127.0.0.1:${port}`;
    const inFlight = fetch(`${url}/slow`).then(async (res) => ({ status: res.status, text: await res.text() }));
    await server.until("the request started", (line) => line.request === "started");
    await server.until("the job started", (line) => line.job === "started");

    server.proc.kill("SIGTERM");
    await server.until("the shutdown started", (line) => line.msg === "shutting down: finishing requests and jobs");
    await expect(fetch(`${url}/fast`), "no new connection is taken").rejects.toThrow();

    expect(await inFlight).toEqual({ status: 200, text: "done 1" });
    expect(await server.exited, server.output()).toBe(0);
    expect(fs.readFileSync(file, "utf8")).toBe("finished\n");
    const messages = server.lines().map((line) => line.msg).filter(Boolean);
    expect(messages.slice(-2)).toEqual(["shutting down: finishing requests and jobs", "stopped"]);
  });
});
