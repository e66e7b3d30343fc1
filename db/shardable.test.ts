import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";

/*
 * Every table is shardable by organization (ARCHITECTURE.md, data): a tenant table
 * carries a non-null organization_id, and a foreign key between two tenant tables
 * joins on organization_id too, so no row can point into another organization and
 * each organization's rows can live together on one shard.
 */

/** Tables that hold no organization's data, or are read before any organization is known. */
const GLOBAL_TABLES = new Set(["organization", "session", "oauth_state", "one_time_code", "rate_limit", "__drizzle_migrations"]);

type Row = Record<string, unknown>;

async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  const db = await getDb();
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function tenantTables(): Promise<{ table: string; organizationId: "not null" | "nullable" | "missing" }[]> {
  const found = await rows(sql`
    select c.relname as table, a.attnotnull as not_null
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by 1`);
  return found
    .filter((row) => !GLOBAL_TABLES.has(String(row.table)))
    .map((row) => ({
      table: String(row.table),
      organizationId: row.not_null === null ? "missing" : row.not_null === true || row.not_null === "t" ? "not null" : "nullable",
    }));
}

/** Each foreign key in public as its table, target, and column pairs ("column→target column"). */
async function foreignKeys(): Promise<{ name: string; from: string; to: string; pairs: string[] }[]> {
  const found = await rows(sql`
    select con.conname as name, src.relname as from_table, dst.relname as to_table,
      (select json_agg(sa.attname || '→' || da.attname order by k.ord)
         from unnest(con.conkey, con.confkey) with ordinality as k(src_col, dst_col, ord)
         join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.src_col
         join pg_attribute da on da.attrelid = con.confrelid and da.attnum = k.dst_col) as pairs
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class dst on dst.oid = con.confrelid
    join pg_namespace n on n.oid = src.relnamespace
    where con.contype = 'f' and n.nspname = 'public'
    order by 1`);
  return found.map((row) => ({
    name: String(row.name),
    from: String(row.from_table),
    to: String(row.to_table),
    pairs: (typeof row.pairs === "string" ? JSON.parse(row.pairs) : row.pairs) as string[],
  }));
}

describe("the schema is shardable by organization", () => {
  it("gives every tenant table a non-null organization_id", async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((table) => table.organizationId !== "not null")).toEqual([]);
  });

  it("joins every foreign key between tenant tables on organization_id", async () => {
    const tenant = new Set((await tenantTables()).map((table) => table.table));
    const between = (await foreignKeys()).filter((key) => tenant.has(key.from) && tenant.has(key.to));
    expect(between.length).toBeGreaterThan(10);
    expect(between.filter((key) => !key.pairs.includes("organization_id→organization_id")).map((key) => `${key.name}: ${key.from}(${key.pairs.join(", ")}) → ${key.to}`)).toEqual([]);
  });
});
