/**
 * Durability on the embedded database: the built server is killed with SIGKILL
 * while it writes, restarted on the same data directory, and must still hold every
 * write it acknowledged; an import cut off mid-flight is either whole or absent.
 *
 * These tests start their own `next start` processes (on a free port, with their
 * own DATA_DIR, from the build directory the suite built) instead of the shared server.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { distDir, freePort, jsonHeaders, killHard, logIn, signUp, startServer, stopServer, type Server } from "./own-server";
import { uniqueEmail } from "./support";


/** Every customer of the organization (active and removed), page by page. */
async function allCustomers(server: Server, cookie: string, search?: string) {
  const found: { id: string; name: string }[] = [];
  for (let skip = 0; ; skip += 10_000) {
    const query = new URLSearchParams({ limit: "10000", skip: String(skip), status: "active" });
    query.append("status", "removed");
    if (search) query.set("search", search);
    const res = await fetch(`${server.base}/api/api/customer?${query}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string; name: string }[]; more: boolean };
    found.push(...body.items);
    if (!body.more) return found;
  }
}

function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-crash-"));
}

test.describe.configure({ mode: "serial" });

test("every acknowledged customer survives kill -9 during a stream of writes", async () => {
  test.setTimeout(300_000);
  expect(fs.existsSync(path.join(distDir, "BUILD_ID")), `a build in ${distDir}`).toBe(true);
  const dataDir = tempDataDir();
  const port = await freePort();
  let server: Server | undefined = await startServer(dataDir, port);
  try {
    const owner = await signUp(server, dataDir);
    const acknowledged = new Map<string, string>();
    const refusals: number[] = [];
    let attempted = 0;
    let cutOff = 0;
    const create = async (name: string) => {
      attempted += 1;
      try {
        const res = await fetch(`${server!.base}/api/api/customer`, {
          method: "POST",
          headers: jsonHeaders(server!.base, owner.cookie),
          body: JSON.stringify({ name, email: uniqueEmail("customer") }),
        });
        if (res.status === 201) acknowledged.set(((await res.json()) as { id: string }).id, name);
        else refusals.push(res.status);
      } catch {
        cutOff += 1; // in flight at the kill, or sent after it: never acknowledged
      }
    };
    let stop = false;
    // Mostly one at a time, every fourth round four at once.
    const writer = (async () => {
      for (let round = 0; !stop; round += 1) {
        if (round % 4 === 3) await Promise.all([0, 1, 2, 3].map((k) => create(`Batch ${round}-${k}`)));
        else await create(`Single ${round}`);
      }
    })();
    await expect.poll(() => acknowledged.size, { timeout: 120_000 }).toBeGreaterThanOrEqual(80);
    await killHard(server);
    stop = true;
    await writer;
    expect(refusals, "the server refused no write before the kill").toEqual([]);
    expect(cutOff, "requests in flight at the kill fail").toBeGreaterThan(0);
    console.log(`crash during writes: ${acknowledged.size} acknowledged of ${attempted} sent, ${cutOff} cut off`);

    server = await startServer(dataDir, port);
    const cookie = await logIn(server, owner.email);
    const stored = new Map((await allCustomers(server, cookie)).map((item) => [item.id, item.name]));
    const missing = [...acknowledged].filter(([id, name]) => stored.get(id) !== name);
    expect(missing, "acknowledged customers missing after the restart").toEqual([]);
    // A request cut off before its answer may or may not have committed, nothing else appears.
    expect(stored.size).toBeLessThanOrEqual(attempted);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const IMPORT_ROWS = 20_000;

function importBody(tag: string) {
  const lines = ["name,email"];
  for (let i = 0; i < IMPORT_ROWS; i += 1) lines.push(`Import ${tag} ${i},import-${tag}-${i}@example.test`);
  const form = new FormData();
  form.set("file", new File([lines.join("\r\n") + "\r\n"], "customers.csv", { type: "text/csv" }));
  form.set("mappings", JSON.stringify({ name: 0, email: 1 }));
  form.set("skipInvalid", "false");
  form.set("dryRun", "false");
  return new Request("http://localhost/", { method: "POST", body: form });
}

type Sent = { sentAt: () => number | undefined; answer: Promise<{ status: number; at: number } | { error: string }> };

/** The import request over a plain socket, so the moment its body is fully written is known. */
async function sendImport(server: Server, cookie: string, tag: string): Promise<Sent> {
  const request = importBody(tag);
  const body = Buffer.from(await request.arrayBuffer());
  let sentAt: number | undefined;
  const answer = new Promise<{ status: number; at: number } | { error: string }>((resolve) => {
    const req = http.request(
      `${server.base}/api/api/customer/import`,
      {
        method: "POST",
        headers: {
          "content-type": request.headers.get("content-type")!,
          "content-length": String(body.length),
          origin: server.base,
          cookie,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, at: Date.now() }));
        res.on("error", (error) => resolve({ error: String(error) }));
      },
    );
    req.on("error", (error) => resolve({ error: String(error) }));
    req.on("finish", () => (sentAt = Date.now()));
    req.end(body);
  });
  return { sentAt: () => sentAt, answer };
}

test("an import cut off by kill -9 is either all there or not at all", async () => {
  test.setTimeout(480_000);
  const dataDir = tempDataDir();
  const port = await freePort();
  let server: Server | undefined = await startServer(dataDir, port);
  try {
    const owner = await signUp(server, dataDir);
    // How long a whole import takes here, to aim the kill into the middle of one.
    const calibration = await sendImport(server, owner.cookie, "calibration");
    const done = await calibration.answer;
    if (!("status" in done)) throw new Error(done.error);
    expect(done.status).toBe(200);
    const duration = done.at - calibration.sentAt()!;
    console.log(`a ${IMPORT_ROWS}-row import takes ${duration} ms`);

    const outcomes: { tag: string; cutOff: boolean; delay: number }[] = [];
    // Aim at the middle first; if the answer beats the kill, aim earlier.
    for (const fraction of [0.5, 0.25, 0.1]) {
      const tag = `kill${outcomes.length}`;
      const delay = Math.round(duration * fraction);
      const sent = await sendImport(server, owner.cookie, tag);
      await expect.poll(() => sent.sentAt(), { timeout: 30_000 }).toBeTruthy();
      const answered = await Promise.race([sent.answer.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), delay))]);
      await killHard(server);
      const result = await sent.answer;
      const cutOff = !answered && !("status" in result);
      outcomes.push({ tag, cutOff, delay });
      server = await startServer(dataDir, port);
      if (cutOff) break;
    }
    console.log(`import kills: ${JSON.stringify(outcomes)}`);
    expect(outcomes.some((outcome) => outcome.cutOff), "at least one import was killed before it answered").toBe(true);

    const cookie = await logIn(server, owner.email);
    expect(await allCustomers(server, cookie, "Import calibration")).toHaveLength(IMPORT_ROWS);
    for (const outcome of outcomes) {
      const count = (await allCustomers(server, cookie, `Import ${outcome.tag} `)).length;
      console.log(`import ${outcome.tag}: ${count} rows after the restart`);
      expect([0, IMPORT_ROWS], `import ${outcome.tag} is all or nothing`).toContain(count);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
