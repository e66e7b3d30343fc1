import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getSqlExecutor } from "@/db/client";
import { defineJob, jobsSettled, startJobs, stopJobs } from "./jobs";
import { migratedDataDir } from "@/test/data-dir";

const schema = () => process.env.JOBS_SCHEMA || "pgboss";

beforeAll(() => startJobs({ schedules: false }));
afterAll(() => stopJobs());

describe("jobs", () => {
  it("runs a job sent here at once, not at the next poll, and jobsSettled waits for it", async () => {
    // Workers that would look for jobs only every minute: the job runs long before unless the send wakes one.
    await stopJobs();
    await startJobs({ schedules: false, pollSeconds: 60 });
    onTestFinished(async () => {
      await stopJobs();
      await startJobs({ schedules: false });
    });
    const seen: { n: number; at: number }[] = [];
    const echo = defineJob<{ n: number }>("test-echo", async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen.push({ n, at: Date.now() });
    });
    const sentAt = Date.now();
    const id = await echo.send({ n: 1 });
    expect(id).toEqual(expect.any(String));
    await jobsSettled();
    expect(seen.map((entry) => entry.n)).toEqual([1]);
    expect(seen[0].at - sentAt).toBeLessThan(30_000);
  });

  it("keeps one waiting job per singletonKey", async () => {
    const seen: number[] = [];
    const later = defineJob<{ n: number }>("test-singleton", async ({ n }) => void seen.push(n));
    const first = await later.send({ n: 1 }, { singletonKey: "mailbox-1", startAfter: 1 });
    expect(await later.send({ n: 2 }, { singletonKey: "mailbox-1", startAfter: 1 })).toBeNull();
    const other = await later.send({ n: 3 }, { singletonKey: "mailbox-2", startAfter: 1 });
    expect([first, other]).toEqual([expect.any(String), expect.any(String)]);
    await jobsSettled();
    expect(seen.sort()).toEqual([1, 3]);
    // Once it has run, the key is free again.
    expect(await later.send({ n: 4 }, { singletonKey: "mailbox-1" })).toEqual(expect.any(String));
    await jobsSettled();
    expect(seen.sort()).toEqual([1, 3, 4]);
  });

  it("does not wait in jobsSettled for a job planned for later than a minute from now", async () => {
    const later = defineJob<{ n: number }>("test-planned", async () => {});
    expect(await later.send({ n: 1 }, { startAfter: new Date(Date.now() + 3600_000) })).toEqual(expect.any(String));
    expect(await later.send({ n: 2 }, { startAfter: 3600 })).toEqual(expect.any(String));
    await jobsSettled();
  });

  it("retries a failed job, and jobsSettled waits for the retry", async () => {
    const attempts: number[] = [];
    const flaky = defineJob<{ n: number }>(
      "test-retry",
      async (_data, job) => {
        attempts.push(job.retryCount);
        if (job.retryCount === 0) throw new Error("The provider did not answer");
      },
      { retryLimit: 2, retryDelay: 1 },
    );
    await flaky.send({ n: 1 });
    await jobsSettled();
    expect(attempts).toEqual([0, 1]);
  });

  it("schedules the periodic jobs when the server starts them", async () => {
    await import("@/lib/services/jobs");
    await stopJobs();
    await startJobs();
    const sql = await getSqlExecutor();
    const { rows } = await sql.executeSql(`select name, cron, timezone from ${schema()}.schedule order by name`, []);
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: "delivery-sweep", cron: "* * * * *", timezone: "UTC" },
        { name: "send-digests", cron: "* * * * *", timezone: "UTC" },
      ]),
    );
    await stopJobs();
  });
});

// ---- across a restart ----

type Child = { lines: () => object[]; exited: Promise<number | null>; kill: () => Promise<void> };

function child(mode: "send" | "work", file: string, env: NodeJS.ProcessEnv): Child {
  const script = path.join(process.cwd(), "test", "jobs-restart-child.ts");
  // node itself, not npx or the tsx launcher: SIGKILL must reach the process that holds the job.
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script, mode, file], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(`jobs-restart-child ${mode} exited with ${code}:\n${err}`);
  });
  return {
    lines: () =>
      out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as object),
    exited,
    kill: async () => {
      proc.kill("SIGKILL");
      await exited;
    },
  };
}

async function until<T>(what: string, probe: () => T | undefined, exited: Promise<unknown>): Promise<T> {
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (ended) throw new Error(`The child process ended before ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("jobs across a restart", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-jobs-restart-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("runs a job queued by a killed process once, after the restart", { timeout: 120_000 }, async () => {
    const file = path.join(dir, "ran.txt");
    const env: NodeJS.ProcessEnv = process.env.DATABASE_URL
      ? { ...process.env, JOBS_SCHEMA: `${schema()}_restart` }
      : { ...process.env, DATA_DIR: migratedDataDir(path.join(dir, "data")) };

    // Sends a job due in five seconds and is killed as soon as it is stored.
    const sender = child("send", file, env);
    const { sent } = await until("sending", () => sender.lines().find((line): line is { sent: string } => "sent" in line), sender.exited);
    await sender.kill();
    expect(sent).toEqual(expect.any(String));
    expect(fs.existsSync(file)).toBe(false);

    const worker = child("work", file, env);
    expect(await worker.exited).toBe(0);
    expect(fs.readFileSync(file, "utf8").trim().split("\n")).toEqual([`ran ${sent}`]);
    const { jobs } = worker.lines().find((line): line is { jobs: { id: string; state: string }[] } => "jobs" in line)!;
    // Completed: no later start works it again.
    expect(jobs).toEqual([{ id: sent, state: "completed" }]);
  });
});
