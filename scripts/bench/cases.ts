// The measured requests, and the SQL each one runs, captured from the app's own list layer.
import { drizzle } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema/index";
import { customerListQuerySchema } from "@/lib/schemas/customer";
import { projectListQuerySchema } from "@/lib/schemas/project";
import type { SessionContext } from "@/lib/server/session";
import { parseWith, queryObject } from "@/lib/server/validation";
import { listCustomers } from "@/lib/services/customer";
import { listProjects } from "@/lib/services/project";

export type Who = "organization" | "location";

export type Case = {
  name: string;
  who: Who;
  /** Path and query of the endpoint, under the server's origin. */
  path: string;
  sql: { text: string; params: unknown[] };
};

/** A search that a person types: a customer's last name, matching about 1 in 120 rows. */
export const SEARCH = "miller";
/** Page 200 of 50: items 10,001 to 10,050, read by the cursor the page before it answers (as Next does). */
export const DEEP_PAGE = 200;
const PAGE_SIZE = 50;

const LISTS = {
  customer: { schema: customerListQuerySchema, list: listCustomers },
  project: { schema: projectListQuerySchema, list: listProjects },
} as const;

/** "after" stands for the cursor of the page before the deep one, found when the cases are built. */
const QUERIES: { name: string; query: Record<keyof typeof LISTS, string> }[] = [
  { name: "default list", query: { customer: "", project: "" } },
  { name: `search "${SEARCH}"`, query: { customer: `search=${SEARCH}`, project: `search=${SEARCH}` } },
  // Customers default to active; removed ones are the rarer filter. Project statuses are type status ids.
  { name: "status filter", query: { customer: "status=removed", project: "status=2" } },
  { name: `page ${DEEP_PAGE} by cursor`, query: { customer: "after", project: "after" } },
];

/**
 * Runs each list once through the service the route calls, with the query parsed by
 * the route's own schema, and keeps the SQL and parameters it sent.
 */
export async function buildCases(pool: Pool, sessions: Record<Who, SessionContext>): Promise<Case[]> {
  let captured: { text: string; params: unknown[] } | undefined;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => void (captured = { text, params: [...params] }) },
  }) as unknown as Db;
  const cases: Case[] = [];
  for (const who of ["organization", "location"] as const) {
    for (const entity of ["project", "customer"] as const) {
      for (const { name, query } of QUERIES) {
        const { schema: querySchema, list } = LISTS[entity];
        const search = query[entity] === "after" ? `after=${await cursorBefore(db, sessions[who], entity)}` : query[entity];
        const parsed = parseWith(querySchema, queryObject(new URLSearchParams(search)));
        captured = undefined;
        await list(db, sessions[who], parsed as never);
        if (!captured) throw new Error(`No SQL captured for ${entity} ${name}`);
        cases.push({
          name: `${entity}: ${name}, ${who === "organization" ? "organization level" : "location member"}`,
          who,
          path: `/api/api/${entity}${search ? `?${search}` : ""}`,
          sql: captured,
        });
      }
    }
  }
  return cases;
}

/** The next cursor of the page before page DEEP_PAGE, as the list answers it. */
async function cursorBefore(db: Db, session: SessionContext, entity: keyof typeof LISTS) {
  const { schema: querySchema, list } = LISTS[entity];
  const skip = (DEEP_PAGE - 1) * PAGE_SIZE;
  const parsed = parseWith(querySchema, queryObject(new URLSearchParams(`skip=${skip}&limit=${PAGE_SIZE}`)));
  const page = await list(db, session, parsed as never);
  if (!page.next) throw new Error(`No cursor after ${skip + PAGE_SIZE} ${entity} rows`);
  return page.next;
}
