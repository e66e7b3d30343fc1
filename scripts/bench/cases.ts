// The measured requests, and the SQL each one runs, captured from the app's own list layer.
import { drizzle } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema/index";
import { customerListQuerySchema } from "@/lib/schemas/customer";
import { projectListQuerySchema } from "@/lib/schemas/project";
import { invoiceListQuerySchema } from "@/lib/schemas/invoice";
import { priceItemListQuerySchema } from "@/lib/schemas/price-item";
import { quoteListQuerySchema } from "@/lib/schemas/quote";
import { visitListQuerySchema } from "@/lib/schemas/visit";
import type { z } from "@/lib/schemas/z";
import { statementName } from "@/lib/server/page-sql";
import type { SessionContext } from "@/lib/server/session";
import type { Seeded } from "./seed";
import { parseWith, queryObject } from "@/lib/server/validation";
import { listCustomers } from "@/lib/services/customer";
import { listProjects } from "@/lib/services/project";
import { listInvoices } from "@/lib/services/invoice";
import { listPriceItems } from "@/lib/services/price-item";
import { listQuotes } from "@/lib/services/quote";
import { listVisitsAnswer } from "@/lib/services/visit";

export type Who = "organization" | "location";

/** A statement and its parameters; `name` when the app sends it as a named statement (lib/server/page-sql.ts), as every page but a search's. */
export type Statement = { text: string; params: unknown[]; name?: string };

export type Case = {
  name: string;
  who: Who;
  /** Path and query of the endpoint, under the server's origin. */
  path: string;
  /** The page's statement: its rows are the items the endpoint answers. */
  sql: Statement;
  /** Every statement the request sends, in order (the page's first); the SQL side runs them all. */
  statements: Statement[];
  /** What this case must reach (ARCHITECTURE.md §8 and the performance issues). */
  budget: Budget;
  /** For a search: the name of the same list's default case, whose p95 in the same run it is held to. */
  listCase?: string;
};

/**
 * A case's targets. Shares of the floor (`GET /api/api/health` in the same run): `cpu` by the
 * server's own CPU time per request (next start's processes and the PostgreSQL backends
 * serving them: the floor's CPU per request over the case's), `requests` by requests/s under
 * load when judged. `planMs`: each statement of the request by the median of five
 * `EXPLAIN ANALYZE`. `p95OfList`: a search's p95 at most this many times its list's.
 */
export type Budget = { cpu: number; requests?: number; planMs: number; p95OfList?: number };

const LIST_BUDGET: Budget = { cpu: 0.6, planMs: 5 };
/** Searching is what staff do most: held to the list's speed as closely as the search allows (issue 40). */
const SEARCH_BUDGET: Budget = { cpu: 0.4, requests: 0.4, planMs: 2.5, p95OfList: 2 };
const VISIT_BUDGET: Budget = { cpu: 0.5, planMs: 5 };

/** A search that a person types: a customer's last name, matching about 1 in 120 rows. */
export const SEARCH = "miller";
/** Page 200 of 50: items 10,001 to 10,050, read by the cursor the page before it answers (as Next does). */
export const DEEP_PAGE = 200;
const PAGE_SIZE = 50;

type ListEntity = "project" | "customer" | "quote" | "invoice" | "price_item";

type List = { schema: z.ZodType; list: (db: Db, session: SessionContext, query: never) => Promise<object> };

const LISTS: Record<ListEntity, List> = {
  customer: { schema: customerListQuerySchema, list: listCustomers },
  project: { schema: projectListQuerySchema, list: listProjects },
  quote: { schema: quoteListQuerySchema, list: listQuotes },
  invoice: { schema: invoiceListQuerySchema, list: listInvoices },
  price_item: { schema: priceItemListQuerySchema, list: listPriceItems },
};

/** A word typed to add a line from the price book: a kind of fitting, about 1 item in 15. */
export const PRICE_SEARCH = "valve";

/** "after" stands for the cursor of the page before the deep one, "customer" for the seed's customer with the most invoices. */
const DEFAULT_LIST = "default list";
const QUERIES: { name: string; query: Partial<Record<ListEntity, string>>; search?: true }[] = [
  { name: DEFAULT_LIST, query: { customer: "", project: "", quote: "", invoice: "", price_item: "" } },
  { name: `search "${SEARCH}"`, query: { customer: `search=${SEARCH}`, project: `search=${SEARCH}` }, search: true },
  { name: `search "${PRICE_SEARCH}"`, query: { price_item: `search=${PRICE_SEARCH}` }, search: true },
  // Customers default to active; removed ones are the rarer filter. Project statuses are type status ids.
  // Quotes waiting for the customer's answer, invoices past their due date: what the office chases.
  { name: "status filter", query: { customer: "status=removed", project: "status=2", quote: "status=sent", invoice: "status=overdue" } },
  { name: "one customer's", query: { quote: "customer", invoice: "customer" } },
  { name: `page ${DEEP_PAGE} by cursor`, query: { customer: "after", project: "after" } },
];

const named = (statements: Statement[]) => statements.map((statement) => ({ ...statement, name: statementName(statement.text) }));

/**
 * Runs each list once through the service the route calls, with the query parsed by
 * the route's own schema, and keeps the SQL and parameters it sent.
 */
export async function buildCases(pool: Pool, sessions: Record<Who, SessionContext>, seeded: Seeded): Promise<Case[]> {
  let all: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => all.push({ text, params: [...params] }) },
  }) as unknown as Db;
  const cases: Case[] = [];
  for (const who of ["organization", "location"] as const) {
    for (const entity of ["project", "customer", "quote", "invoice", "price_item"] as const) {
      for (const { name, query, search: searching } of QUERIES) {
        const wanted = query[entity];
        if (wanted === undefined) continue;
        if (wanted === "customer" && !seeded.documentCustomerId) continue;
        const { schema: querySchema, list } = LISTS[entity];
        const search =
          wanted === "after"
            ? `after=${await cursorBefore(db, sessions[who], entity)}`
            : wanted === "customer"
              ? `customer=${seeded.documentCustomerId}`
              : wanted;
        const parsed = parseWith(querySchema, queryObject(new URLSearchParams(search)));
        all = [];
        await list(db, sessions[who], parsed as never);
        if (all.length === 0) throw new Error(`No SQL captured for ${entity} ${name}`);
        const caseName = (listName: string) => `${entity.replace("_", " ")}: ${listName}, ${who === "organization" ? "organization level" : "location member"}`;
        cases.push({
          name: caseName(name),
          who,
          path: `/api/api/${entity}${search ? `?${search}` : ""}`,
          sql: all[0],
          statements: searching ? all : named(all),
          budget: searching ? SEARCH_BUDGET : LIST_BUDGET,
          ...(searching ? { listCase: caseName(DEFAULT_LIST) } : {}),
        });
      }
    }
  }
  for (const who of ["organization", "location"] as const) {
    for (const { name, query } of visitQueries(seeded)) {
      all = [];
      const parsed = parseWith(visitListQuerySchema, queryObject(new URLSearchParams(query)));
      const page = await listVisitsAnswer(db, sessions[who], parsed as never);
      const listed = (JSON.parse(page.items.text) as unknown[]).length;
      if (all.length === 0) throw new Error(`No SQL captured for visits: ${name}`);
      cases.push({
        name: `visit: ${name} (${listed}${page.more ? "+" : ""}), ${who === "organization" ? "organization level" : "location member"}`,
        who,
        path: `/api/api/visit?${query}`,
        sql: all[0],
        statements: named(all),
        budget: VISIT_BUDGET,
      });
    }
  }
  return cases;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The schedule's lists, first pages as the other lists' cases: the week of the staff
 * member's location (Monday to Monday, eight weeks back), and the month before this one of
 * that location's technician. The week of a location whole on one page, as the board asks
 * for it (`limit=1000`), is measured too and judged by the same budget.
 */
function visitQueries(seeded: Seeded) {
  const today = new Date(`${day(new Date())}T00:00:00Z`);
  const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 56) * 86_400_000);
  const nextMonday = new Date(monday.getTime() + 7 * 86_400_000);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  return [
    { name: "one location's week", query: `location=${seeded.staffLocationId}&from=${day(monday)}&to=${day(nextMonday)}` },
    { name: "one member's month", query: `member=${seeded.technicianId}&from=${day(monthStart)}&to=${day(monthEnd)}` },
    { name: "one location's whole week", query: `location=${seeded.staffLocationId}&from=${day(monday)}&to=${day(nextMonday)}&limit=1000` },
  ];
}

/** The next cursor of the page before page DEEP_PAGE, as the list answers it. */
async function cursorBefore(db: Db, session: SessionContext, entity: ListEntity) {
  const { schema: querySchema, list } = LISTS[entity];
  const skip = (DEEP_PAGE - 1) * PAGE_SIZE;
  const parsed = parseWith(querySchema, queryObject(new URLSearchParams(`skip=${skip}&limit=${PAGE_SIZE}`)));
  const page = (await list(db, session, parsed as never)) as { next?: string };
  if (!page.next) throw new Error(`No cursor after ${skip + PAGE_SIZE} ${entity} rows`);
  return page.next;
}
