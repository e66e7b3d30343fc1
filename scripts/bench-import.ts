// Customer import benchmark: a 50,000-row CSV posted to POST /customer/import
// through the route kernel (multipart, parse, validation, batched writes), on a
// fresh embedded database (or DATABASE_URL when set).
//
//   npx tsx --conditions=react-server --tsconfig tsconfig.json scripts/bench-import.ts [rows]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";

const ROWS = Number(process.argv[2] || 50_000);

const FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Wilson", "Taylor"];
const CITIES = ["Leeds", "York", "Hull", "Bath", "Derby", "Exeter", "Lincoln", "Durham"];

/** A CSV as the customer export writes it: every cell quoted, CRLF rows, a byte order mark. */
function customerCsv(rows: number, phonePrefix: string): string {
  const lines = ['"Type","Name","Phone","Email","Address line 1","ZIP / postcode","City","Country"'];
  for (let i = 0; i < rows; i += 1) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    const type = i % 7 === 0 ? "organization" : "individual";
    const cells = [type, name, `${phonePrefix} ${String(i).padStart(6, "0")}`, `customer${i}@example.test`, `${i % 300} High Street, Flat ${i % 12}`, `LS${i % 30} ${i % 9}AB`, CITIES[i % CITIES.length], "United Kingdom"];
    lines.push(cells.map((cell) => `"${cell}"`).join(","));
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

const MAPPING = { type: 0, name: 1, phone: 2, email: 3, line1: 4, zip: 5, city: 6, country: 7 };

async function timed<T>(label: string, work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  console.log(`  ${label.padEnd(28)} ${(ms / 1000).toFixed(2)} s`);
  return [result, ms];
}

async function main() {
  if (!process.env.DATABASE_URL) process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-bench-import-"));
  process.env.SESSION_SECRET ??= "bench-import-secret-bench-import-secret";
  const { getDb, closeDb } = await import("../db/client");
  const { customer } = await import("../db/schema/customer");
  const { history } = await import("../db/schema/activity");
  const { member, role } = await import("../db/schema/member");
  const { organization } = await import("../db/schema/organization");
  const { parseImportFile } = await import("../lib/import/parse-file");
  const { openSession } = await import("../lib/server/session");
  const { POST } = await import("../app/api/api/customer/import/route");

  const db = await getDb();
  const [org] = await db.insert(organization).values({ name: "Import Bench" }).returning();
  const [adminRole] = await db.insert(role).values({ organizationId: org.id, name: "Admin", privileges: ["admin"] }).returning();
  const [admin] = await db
    .insert(member)
    .values({ organizationId: org.id, name: "Bench Admin", email: `bench-${org.id}@example.test`, roleId: adminRole.id })
    .returning();
  const origin = "http://localhost:3000";
  const setCookie = await openSession(db, new Request(origin), { organizationId: org.id, memberId: admin.id, locationId: null });
  const cookie = setCookie.split(";")[0];

  /** The whole request as the browser sends it, through the route kernel: multipart, parse, validate, write. */
  const post = async (bytes: Uint8Array<ArrayBuffer>, matchBy?: string) => {
    const form = new FormData();
    form.set("file", new File([bytes], "customers.csv", { type: "text/csv" }));
    form.set("mappings", JSON.stringify(MAPPING));
    if (matchBy) form.set("matchBy", matchBy);
    const req = new Request(`${origin}/api/api/customer/import`, { method: "POST", headers: { origin, cookie }, body: form });
    const res = await POST(req, { params: Promise.resolve({}) });
    if (res.status !== 200) throw new Error(`Import answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { created: number; updated: number; skipped: unknown[] };
  };

  const run = async (title: string, phonePrefix: string, matchBy?: string) => {
    const bytes = new TextEncoder().encode(customerCsv(ROWS, phonePrefix));
    console.log(`${title}: ${ROWS.toLocaleString("en-US")} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
    await timed("parse CSV (alone)", () => parseImportFile("customers.csv", bytes));
    const [report] = await timed("POST /customer/import", () => post(bytes, matchBy));
    console.log(`  created ${report.created}, updated ${report.updated}, skipped ${report.skipped.length}`);
  };

  const engine = process.env.DATABASE_URL ? "Postgres (DATABASE_URL)" : "embedded PGlite";
  console.log(`Customer import benchmark on ${engine}, Node ${process.version}, ${os.cpus().length} CPUs`);
  await run("Create", "0113");
  await run("Update by email", "0114", "email");
  const [{ customers }] = await db.select({ customers: count() }).from(customer).where(eq(customer.organizationId, org.id));
  const [{ entries }] = await db.select({ entries: count() }).from(history).where(eq(history.organizationId, org.id));
  console.log(`Stored: ${customers} customers, ${entries} history entries`);
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
