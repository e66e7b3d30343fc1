import { afterEach, describe, expect, it } from "vitest";
import { POST as importCustomers } from "@/app/api/api/customer/import/route";
import { POST as importProjects } from "@/app/api/api/project/import/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const SMALL = csvText([["Name"], ["Mia Miller"]]);
/** 2,000,000 cells in 50,000 rows with the header (12 MB): within every cap of the file, but not of a worker given little memory. */
const MANY_CELLS = [Array.from({ length: 40 }, (_, c) => `Column ${c}`), ...Array.from({ length: 49_999 }, (_, r) => Array(40).fill(r))].map((row) => row.join(",")).join("\n");
/** 18 MB of quotes, which papaparse takes seconds over. */
const QUOTES = '""'.repeat(9 * 1024 * 1024);

const importCsv = (cookie: string, content: string, dryRun = true) =>
  call(importCustomers, "POST", "/customer/import", { cookie, body: importForm({ name: "customers.csv", content }, { mappings: { name: 0 }, dryRun }) });

afterEach(() => {
  delete process.env.IMPORT_LIMIT_PER_MEMBER;
  delete process.env.PARSE_MEMORY_MB;
  delete process.env.PARSE_TIMEOUT_MS;
});

describe("imports per member", () => {
  it("are limited per hour, checks included: past the limit 429 with Retry-After, while colleagues go on", async () => {
    process.env.IMPORT_LIMIT_PER_MEMBER = "2";
    const org = await signUpOrganization(mailbox);
    const colleague = await logInAs((await addMember(org.organizationId, { privileges: ["customers_manage"] })).email);
    expect((await importCsv(org.cookie, SMALL)).status).toBe(200);
    expect((await importCsv(org.cookie, SMALL, false)).status).toBe(200);
    const projects = importForm({ name: "projects.csv", content: csvText([["Title", "Type"], ["Boiler", "Service"]]) }, { mappings: { title: 0, type: 1 } });
    const refused = await call(importProjects, "POST", "/project/import", { cookie: org.cookie, body: projects });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect((await importCsv(colleague, SMALL)).status).toBe(200);
  });

  it("are not counted when the request is refused before the file is read", async () => {
    process.env.IMPORT_LIMIT_PER_MEMBER = "1";
    const org = await signUpOrganization(mailbox);
    const unmapped = importForm({ name: "customers.csv", content: SMALL }, { mappings: { shoeSize: 0 } });
    expect((await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: unmapped })).status).toBe(400);
    expect((await importCsv(org.cookie, SMALL)).status).toBe(200);
    expect((await importCsv(org.cookie, SMALL)).status).toBe(429);
  });
});

describe("a file past the parse worker's limits", () => {
  it("is refused with a readable 400 when the worker runs out of memory, and the next file gets a fresh worker", async () => {
    const org = await signUpOrganization(mailbox);
    process.env.PARSE_MEMORY_MB = "48";
    const res = await importCsv(org.cookie, MANY_CELLS);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "file", message: "The file could not be read: it needs more memory to read than the server allows; split it into smaller files", type: "too_large" },
    ]);
    delete process.env.PARSE_MEMORY_MB;
    const next = await importCsv(org.cookie, MANY_CELLS);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ dryRun: true, rows: 49_999 });
  });

  it("is refused with a readable 400 when it takes longer than a worker may, and the next file gets a fresh worker", async () => {
    const org = await signUpOrganization(mailbox);
    process.env.PARSE_TIMEOUT_MS = "200";
    const res = await importCsv(org.cookie, QUOTES);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "file", message: "The file could not be read: it takes longer than 0.2 seconds to read; split it into smaller files", type: "too_large" },
    ]);
    delete process.env.PARSE_TIMEOUT_MS;
    const next = await importCsv(org.cookie, SMALL);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ dryRun: true, rows: 1 });
  });
});
