import fs from "node:fs";
import path from "node:path";
import { getTableColumns, inArray, is } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema/index";
import { dataDir } from "@/lib/server/env";

/**
 * Every row of every table scoped to the given organizations, ordered, plus the
 * stored files' names and sizes: compare two of these to prove a request wrote nothing.
 */
export async function organizationRows(organizationIds: string[]) {
  const db = await getDb();
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const scope = name === "organization" ? columns.id : columns.organizationId;
    if (!scope) continue;
    out[name] = await db
      .select()
      .from(table)
      .where(inArray(scope, organizationIds))
      .orderBy(columns.id ?? Object.values(columns)[0]);
  }
  out.storedFiles = organizationIds.flatMap((org) => {
    const dir = path.join(dataDir(), "files", org);
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).sort().map((name) => `${org}/${name}:${fs.statSync(path.join(dir, name)).size}`);
  });
  return out;
}
