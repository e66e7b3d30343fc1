import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSqlExecutor } from "@/db/client";
import { automaticMessage } from "@/db/schema/automatic-message";
import { PATCH as patchAutomaticMessages } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { POST as postVisitRoute } from "@/app/api/api/visit/route";
import { startJobs } from "@/lib/server/jobs";
import { call } from "@/test/api";
import { automaticMessagesOf } from "@/test/automatic-messages";
import { makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";

/*
 * Two app instances on one Postgres server: two processes working the same job
 * queue, each also running the sweep that stores a lost job again, one of them
 * killed with SIGKILL as soon as it works. Every planned message is written once
 * per channel and nothing is sent twice, including the messages whose planning
 * process died between its commit and storing their jobs.
 */

const mailbox = useSmtpCatcher();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-instances-"));

// This process plans only: the two others work the jobs.
beforeAll(() => startJobs({ schedules: false, workers: false }));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  // A failed run leaves no worker behind polling the queue.
  for (const child of children) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

type Child = { lines: () => object[]; exited: Promise<number | null>; kill: () => Promise<void> };

function instance(organizationId: string): Child {
  const script = path.join(process.cwd(), "test", "automatic-worker-child.ts");
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script, "work", organizationId], {
    env: { ...process.env, DATA_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  let out = "";
  let err = "";
  proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(`automatic-worker-child exited with ${code}:\n${err}`);
  });
  const lines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as object);
  return {
    lines,
    exited,
    kill: async () => {
      proc.kill("SIGKILL");
      await exited;
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)("two app instances on one Postgres", () => {
  it("write each automatic message once and send it once, with one instance killed and some jobs never stored", { timeout: 180_000 }, async () => {
    const org = await signUpOrganization(mailbox);
    // Texts are sent now whatever the hour the test runs at, not held until the morning.
    const settings = await call(patchAutomaticMessages, "PATCH", `/organization/${org.organizationId}/automatic_messages`, {
      cookie: org.cookie,
      params: { id: org.organizationId },
      body: { quiet_hours: null },
    });
    expect(settings.status).toBe(200);
    const phone = `+4479${crypto.randomInt(10_000_000, 99_999_999)}`;
    const customer = await makeCustomer(org.cookie, { name: "Mia Miller", email: "mia@example.test", phone, line1: "12 Park Row", city: "Leeds", country: "GB" });
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "New" }] });
    const project = await makeProject(org.cookie, { type: type.id, customer: customer.id });
    const visits = 8;
    for (let n = 0; n < visits; n += 1) {
      const res = await call(postVisitRoute, "POST", "/visit", { cookie: org.cookie, body: { project: project.id, start: `2031-03-${10 + n}T09:00`, end: `2031-03-${10 + n}T10:00` } });
      expect(res.status).toBe(201);
    }
    const db = await getDb();
    const booked = await db
      .select()
      .from(automaticMessage)
      .where(and(eq(automaticMessage.organizationId, org.organizationId), eq(automaticMessage.trigger, "booked")));
    expect(booked).toHaveLength(visits);
    // Three were planned by a process that died after its commit: their jobs were never stored.
    const lost = booked.slice(0, 3).map((row) => row.id);
    const sql = await getSqlExecutor();
    await sql.executeSql(`delete from ${process.env.JOBS_SCHEMA}.job where name = 'send-automatic-message' and data->>'id' = any($1)`, [lost]);
    await db.update(automaticMessage).set({ jobId: null, createdAt: new Date(Date.now() - 5 * 60_000) }).where(inArray(automaticMessage.id, lost));

    const first = instance(org.organizationId);
    const second = instance(org.organizationId);
    await expect.poll(() => first.lines().some((line) => "started" in line), { timeout: 60_000 }).toBe(true);
    // Killed while the work is under way: some messages written, others not yet.
    const done = async () =>
      (await db.select({ id: automaticMessage.id }).from(automaticMessage).where(and(inArray(automaticMessage.id, booked.map((row) => row.id)), eq(automaticMessage.state, "done")))).length;
    await expect.poll(done, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    await first.kill();
    expect(await second.exited).toBe(0);
    expect(second.lines()).toContainEqual({ done: expect.any(Number) });

    const written = await automaticMessagesOf(org.organizationId);
    expect(written.map((row) => `${row.channel} ${row.automaticKey!.split("/")[1]}`).sort()).toEqual(
      [...Array(visits).fill("email booked"), ...Array(visits).fill("sms booked")].sort(),
    );
    expect(new Set(written.map((row) => row.automaticKey)).size).toBe(2 * visits);
    expect(written.filter((row) => row.delivery === "failed")).toEqual([]);
    // Each text left at most once: no two files of one text. The texts the killed instance held
    // when it died (as many as its deliveries at once) stay queued until their lease ends.
    const texts = fs.readdirSync(path.join(dir, "outbox", "sms")).map((name) => fs.readFileSync(path.join(dir, "outbox", "sms", name), "utf8"));
    const held = written.filter((row) => row.channel === "sms" && row.delivery !== "sent").length;
    expect(texts.length).toBeGreaterThanOrEqual(visits - held);
    expect(texts.length).toBeLessThanOrEqual(visits);
    expect(new Set(texts).size).toBe(texts.length);
    const mails = mailbox.mails.filter((mail) => mail.to.includes("mia@example.test"));
    expect(new Set(mails.map((mail) => mail.raw.match(/^Message-ID: (.+)$/im)?.[1])).size).toBe(mails.length);
  });
});
