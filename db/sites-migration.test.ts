import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Migration 0026 on data written before it: each customer's address becomes its
 * first site, and a project with a customer is at that site. The migrations up to
 * 0025 run first from a copy of the folder that ends there, the rest after.
 */
const FOLDER = path.join(process.cwd(), "migrations");
const BEFORE = "0026_sites";

function foldersUntil(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(FOLDER, "meta/_journal.json"), "utf8"));
  const until = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, until);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const client = new PGlite({ extensions: await pgliteExtensions() });
afterAll(() => client.close());

describe("migration 0026: customers' addresses become sites", () => {
  it("makes each address a site with its country code and time zone, and puts projects there", async () => {
    const db = drizzle(client);
    const earlier = foldersUntil(BEFORE);
    await migrate(db, { migrationsFolder: earlier });
    fs.rmSync(earlier, { recursive: true });

    const one = async (text: string, values: unknown[] = []) => (await client.query<{ id: string }>(text, values)).rows[0]?.id;
    const org = await one(`insert into organization (name, country) values ('Atelier', 'FR') returning id`);
    const newYork = await one(`insert into location (organization_id, name, business) values ($1, 'New York', '{"time_zone":"America/New_York"}') returning id`, [org]);
    const customer = (name: string, address: Record<string, string>, locationId: string | null = null) =>
      one(
        `insert into customer (organization_id, name, line1, zip, city, country, location_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [org, name, address.line1 ?? null, address.zip ?? null, address.city ?? null, address.country ?? null, locationId],
      );
    const leeds = await customer("Leeds", { line1: "12 Park Row", zip: "LS1 5HD", city: "Leeds", country: "United Kingdom" });
    const munich = await customer("Munich", { city: "München", country: " deutschland " });
    const lyon = await customer("Lyon", { city: "Lyon" });
    const narnia = await customer("Narnia", { city: "Cair Paravel", country: "Narnia" }, newYork);
    const none = await customer("No address", {});
    const type = await one(`insert into project_type (organization_id, name, icon, color, statuses) values ($1, 'Job', 'wrench', '#0090FF', '[{"id":1,"title":"Open"}]') returning id`, [org]);
    const project = (customerId: string | null) =>
      one(`insert into project (organization_id, title, type_id, status, customer_id) values ($1, 'Job', $2, 1, $3) returning id`, [org, type, customerId]);
    const atLeeds = await project(leeds!);
    const atNone = await project(none!);
    const alone = await project(null);

    await migrate(db, { migrationsFolder: FOLDER });

    const sites = (await client.query<Record<string, string | null>>(`select customer_id, line1, zip, city, country, time_zone, label, status from site`)).rows;
    const of = (id: string | undefined) => sites.filter((row) => row.customer_id === id).map(({ customer_id: _, ...rest }) => rest);
    expect(sites).toHaveLength(4);
    expect(of(leeds)).toEqual([{ line1: "12 Park Row", zip: "LS1 5HD", city: "Leeds", country: "GB", time_zone: "Europe/London", label: null, status: "active" }]);
    expect(of(munich)).toEqual([expect.objectContaining({ city: "München", country: "DE", time_zone: "Europe/Berlin" })]);
    // No country: the organization's (France) gives the time zone.
    expect(of(lyon)).toEqual([expect.objectContaining({ city: "Lyon", country: null, time_zone: "Europe/Paris" })]);
    // A country that is none: the location's time zone, and the customer keeps its text.
    expect(of(narnia)).toEqual([expect.objectContaining({ city: "Cair Paravel", country: null, time_zone: "America/New_York" })]);
    expect(of(none)).toEqual([]);
    const kept = await client.query<{ country: string }>(`select country from customer where id = $1`, [narnia]);
    expect(kept.rows[0].country).toBe("Narnia");

    const siteOf = async (id: string | undefined) => (await client.query<{ site_id: string | null }>(`select site_id from project where id = $1`, [id])).rows[0].site_id;
    const [leedsSite] = (await client.query<{ id: string }>(`select id from site where customer_id = $1`, [leeds])).rows;
    expect(await siteOf(atLeeds)).toBe(leedsSite.id);
    expect(await siteOf(atNone)).toBe(null);
    expect(await siteOf(alone)).toBe(null);

    const history = await client.query<{ entity_id: string; action: string; changes: Record<string, unknown> }>(
      `select entity_id, action, changes from history where entity_type = 'site'`,
    );
    expect(history.rows).toHaveLength(4);
    expect(history.rows.find((row) => row.entity_id === leedsSite.id)).toMatchObject({
      action: "created",
      changes: { line1: [null, "12 Park Row"], country: [null, "GB"], time_zone: [null, "Europe/London"], status: [null, "active"] },
    });
    // The helper tables are gone.
    const left = await client.query(`select 1 from pg_class where relname in ('country_name', 'country_zone')`);
    expect(left.rows).toEqual([]);
  });
});
