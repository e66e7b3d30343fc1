/**
 * Every endpoint on disk has an isolation row in one of the tables of rows/ (or is
 * public and says why): a new route fails here until its row is written.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERSPECTIVES, type Row } from "@/test/isolation/cases";
import { routeFiles, routeOf } from "@/test/route-files";
import { automaticMessagesRows } from "./rows/automatic-messages";
import { documentNumbersRows } from "./rows/document-numbers";
import { calendarRows } from "./rows/calendar";
import { consentRows } from "./rows/consent";
import { conversationRows } from "./rows/conversation";
import { customerRows } from "./rows/customer";
import { customerPartRows } from "./rows/customer-parts";
import { fileRows } from "./rows/file";
import { inboundRows } from "./rows/inbound";
import { integrationsRows } from "./rows/integrations";
import { locationRows } from "./rows/location";
import { memberRows } from "./rows/member";
import { organizationRows } from "./rows/organization";
import { priceBookRows } from "./rows/price-book";
import { projectRows } from "./rows/project";
import { projectFileRows } from "./rows/project-files";
import { projectTypeRows } from "./rows/project-type";
import { quoteRows } from "./rows/quote";
import { invoiceRows } from "./rows/invoice";
import { roleRows } from "./rows/role";
import { PUBLIC, sessionRows } from "./rows/session";
import { tokenRows } from "./rows/token";
import { stripeRows } from "./rows/stripe";
import { twilioRows } from "./rows/twilio";
import { visitRows } from "./rows/visit";

const TABLES: Record<string, Row[]> = {
  role: roleRows,
  member: memberRows,
  location: locationRows,
  customer: customerRows,
  "customer-parts": customerPartRows,
  consent: consentRows,
  conversation: conversationRows,
  inbound: inboundRows,
  twilio: twilioRows,
  integrations: integrationsRows,
  "automatic-messages": automaticMessagesRows,
  "document-numbers": documentNumbersRows,
  "project-type": projectTypeRows,
  project: projectRows,
  "project-files": projectFileRows,
  organization: organizationRows,
  file: fileRows,
  session: sessionRows,
  token: tokenRows,
  calendar: calendarRows,
  visit: visitRows,
  "price-book": priceBookRows,
  quote: quoteRows,
  invoice: invoiceRows,
  stripe: stripeRows,
};
const ROWS = Object.values(TABLES).flat();

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

describe("isolation: every endpoint has a row", () => {
  it("covers each exported method of each route file, and every row names a real endpoint", async () => {
    const found: string[] = [];
    for (const file of routeFiles()) {
      const route = routeOf(file);
      const exported = Object.keys(await import(/* @vite-ignore */ file)).filter((name) => HTTP_METHODS.includes(name));
      expect(exported.length, route).toBeGreaterThan(0);
      for (const method of exported) found.push(`${method} ${route}`);
    }
    const covered = [...ROWS.map((row) => `${row.method} ${row.route}`), ...Object.keys(PUBLIC)];
    expect(found.filter((endpoint) => !covered.includes(endpoint)), "endpoints without an isolation row").toEqual([]);
    expect(covered.filter((endpoint) => !found.includes(endpoint)), "rows for endpoints that do not exist").toEqual([]);
    expect(new Set(covered).size).toBe(covered.length);
  });

  it("gives each row every perspective, as a case or with a reason", () => {
    for (const row of ROWS) {
      for (const perspective of PERSPECTIVES) {
        const entry = row.cases[perspective];
        expect(typeof entry === "function" || (typeof entry === "string" && entry.length > 10), `${row.method} ${row.route} ${perspective}`).toBe(true);
      }
      // Every endpoint that needs a session is refused without one.
      expect(typeof row.cases["no session"], `${row.method} ${row.route}`).toBe("function");
      expect(typeof row.cases["other organization"], `${row.method} ${row.route}`).toBe("function");
    }
  });

  it("runs every table of rows/ in a test file of its own", () => {
    const dir = path.join(process.cwd(), "test/isolation");
    const files = fs.readdirSync(dir);
    const tables = fs.readdirSync(path.join(dir, "rows")).filter((name) => name.endsWith(".ts")).map((name) => name.slice(0, -".ts".length));
    expect(tables.sort(), "tables checked here").toEqual(Object.keys(TABLES).sort());
    for (const table of tables) expect(files, table).toContain(`${table}.isolation.test.ts`);
  });
});
