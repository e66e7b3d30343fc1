import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq, getTableName, sql } from "drizzle-orm";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { GET as listInvoices } from "@/app/api/api/invoice/route";
import { GET as listProjects } from "@/app/api/api/project/route";
import { GET as listQuotes, POST as postQuote } from "@/app/api/api/quote/route";
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as getProject } from "@/app/api/api/project/[id]/route";
import { getDb, getSqlExecutor } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { project } from "@/db/schema/project";
import type { ScopedEntity } from "@/lib/server/scoped";
import { storedViewFunction } from "@/lib/server/view-json";
import { call } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { blankBody, created, getInvoice, invoicingShop, issued } from "@/test/invoices";
import { signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

/** Every entity of lib/entities that keeps its list item stored. */
async function storedEntities() {
  const folder = path.join(process.cwd(), "lib/entities");
  const found: ScopedEntity<never, unknown>[] = [];
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const module = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const entity = value as Partial<ScopedEntity<never, unknown>> | null;
      if (entity && typeof entity === "object" && entity.columns?.storedView && !found.includes(entity as ScopedEntity<never, unknown>)) {
        found.push(entity as ScopedEntity<never, unknown>);
      }
    }
  }
  return found;
}

describe("list items kept as JSON by the database", () => {
  it("keeps each stored view by the function its view writes today, on every write, bulk loads included", async () => {
    const entities = await storedEntities();
    expect(entities.map((entity) => getTableName(entity.table)).sort()).toEqual(["customer", "invoice", "price_item", "project", "quote"]);
    const executor = await getSqlExecutor();
    for (const entity of entities) {
      const expected = storedViewFunction(entity.table, entity.view, entity.viewSql);
      const { rows } = await executor.executeSql("select prosrc from pg_proc where proname = $1", [expected.name]);
      // A view changed without a migration that installs its function again (and rewrites the column).
      expect(rows[0]?.prosrc, `Write a migration with:\n${expected.sql}\nand UPDATE "${getTableName(entity.table)}" SET "view_json" = NULL;`).toBe(expected.body);
      const trigger = await executor.executeSql("select tgenabled from pg_trigger where tgname = $1 and tgrelid = $2::regclass", [
        expected.name,
        getTableName(entity.table),
      ]);
      // "A": fires even where a bulk load turns triggers off.
      expect(trigger.rows).toEqual([{ tgenabled: "A" }]);
    }
  });

  it("lists a customer and a project as they are after every change, as their own answers show them", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const made = await makeCustomer(cookie, { name: 'Zoë "Stored" O\'Brien', phone: null });
    const type = await makeType(cookie);
    const job = await makeProject(cookie, { type: type.id, customer: made.id, title: "Boiler service", fields: [{ id: 1, value: "AB1234" }] });
    const db = await getDb();
    // Changed outside the API too: the database writes the text, whoever writes the row.
    await db.update(project).set({ title: "Boiler ✓ service", updatedAt: sql`now() + interval '1 second'` }).where(eq(project.id, job.id));
    await db.update(customer).set({ city: "Köln", updatedAt: sql`now() + interval '1 second'` }).where(eq(customer.id, made.id));

    const projects = await call(listProjects, "GET", "/project", { cookie });
    const shown = await call(getProject, "GET", `/project/${job.id}`, { cookie, params: { id: job.id } });
    expect(projects.body.items).toEqual([shown.body]);
    expect(projects.body.items[0].title).toBe("Boiler ✓ service");
    const customers = await call(listCustomers, "GET", "/customer", { cookie });
    const customerShown = await call(getCustomer, "GET", `/customer/${made.id}`, { cookie, params: { id: made.id } });
    expect(customers.body.items).toEqual([customerShown.body]);
    expect(customers.body.items[0]).toMatchObject({ city: "Köln", organization: organizationId });
  });

  it("writes a quote's and an invoice's customer name as the customer is named now, and an invoice as it is once issued", async () => {
    const shop = await invoicingShop(mailbox);
    const { cookie } = shop;
    const lines = [{ name: "Part", unit: "piece", unit_price: 12_345, quantity: 1 }];
    const quoted = await call(postQuote, "POST", "/quote", { cookie, body: { customer: shop.customer.id, title: "Roof", options: [{ name: "Standard", sections: [{ lines }] }] } });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    const draft = await created(cookie, blankBody(shop.customer.id));
    await issued(cookie, draft.id);
    const renamed = await call(patchCustomer, "PATCH", `/customer/${shop.customer.id}`, { cookie, params: { id: shop.customer.id }, body: { name: "Carla Renamed" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const quotes = await call(listQuotes, "GET", "/quote", { cookie });
    expect(quotes.body.items.map((item: { customer_name: string }) => item.customer_name)).toEqual(["Carla Renamed"]);
    const invoices = await call(listInvoices, "GET", "/invoice", { cookie });
    const one = (await getInvoice(cookie, draft.id)).body;
    expect(invoices.body.items).toHaveLength(1);
    expect(invoices.body.items[0]).toMatchObject({ customer_name: "Carla Renamed", status: one.status, number: one.number, issue_date: one.issue_date });
    expect(one.number).toBeTruthy();
  });
});
