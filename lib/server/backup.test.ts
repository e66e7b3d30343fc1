import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GET as getCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as download } from "@/app/api/api/file/[id]/download/route";
import { POST as upload } from "@/app/api/api/file/route";
import { closeDb } from "@/db/client";
import { createBackup, restoreBackup } from "@/lib/server/backup";
import { startJobs } from "@/lib/server/jobs";
// Every background job defined, as instrumentation.ts does before it starts them.
import "@/lib/services/jobs";
import { call, ORIGIN } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { pointEnv } from "@/test/env";
import { logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
const serverUrl = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-backup-test-"));

async function onServer(sql: string) {
  const { Client } = await import("pg");
  const url = new URL(serverUrl!);
  url.pathname = "/postgres";
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh place to restore into: an empty data directory, and on a server a new database. */
async function freshTarget() {
  const dir = path.join(tmp, `restored-${crypto.randomBytes(3).toString("hex")}`);
  if (!serverUrl) return { DATA_DIR: dir, DATABASE_URL: undefined, drop: async () => {} };
  const name = `craftdesk_restore_${crypto.randomBytes(4).toString("hex")}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATA_DIR: dir, DATABASE_URL: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe(`backup and restore (${serverUrl ? "Postgres" : "embedded database"})`, () => {
  it("restores an organization's rows and files into a fresh install, and refuses to overwrite one", async () => {
    const { cookie, email } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Backup Bakery" });
    const bytes = crypto.randomBytes(50_000);
    const form = new FormData();
    form.set("file", new File([bytes], "invoice.bin"));
    const file = await call(upload, "POST", "/file", { cookie, body: form });
    expect(file.status).toBe(201);
    // The job queue's tables (partitioned by queue) are in the backup as in a running install.
    await startJobs({ schedules: false });

    // The embedded database allows one process on its directory: the app (here, this test's) stops first.
    await closeDb();
    const archive = path.join(tmp, "nested", "craftdesk.tar.gz");
    const { manifest } = await createBackup(archive);
    expect(manifest).toMatchObject({ database: serverUrl ? "postgres" : "pglite", files: "included" });
    // It holds the session secret: readable by its owner only, in a directory only they may enter.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
    const older = path.join(tmp, "older.tar.gz");
    fs.writeFileSync(older, "an older backup", { mode: 0o644 });
    fs.chmodSync(older, 0o644);
    await createBackup(older);
    expect(fs.statSync(older).mode & 0o777).toBe(0o600);

    const target = await freshTarget();
    const restoreEnv = pointEnv({ DATA_DIR: target.DATA_DIR, DATABASE_URL: target.DATABASE_URL });
    try {
      await restoreBackup(archive);
      await expect(restoreBackup(archive), "a restored place is not empty").rejects.toThrow(/^Not empty: /);

      const restored = await logInAs(email);
      const found = await call(getCustomer, "GET", `/customer/${customer.id}`, { cookie: restored, params: { id: customer.id } });
      expect(found).toMatchObject({ status: 200, body: { id: customer.id, name: "Backup Bakery" } });
      const id = file.body.id as string;
      const got = await download(new Request(`${ORIGIN}/api/api/file/${id}/download`, { headers: { cookie: restored } }), {
        params: Promise.resolve({ id }),
      });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

      await closeDb();
      await restoreBackup(archive, { force: true });
      const again = await logInAs(email);
      expect((await call(getCustomer, "GET", `/customer/${customer.id}`, { cookie: again, params: { id: customer.id } })).status).toBe(200);
    } finally {
      await closeDb();
      restoreEnv();
      await target.drop();
    }
  });
});
