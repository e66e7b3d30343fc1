import "server-only";
import crypto from "node:crypto";
import { and, asc, desc, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { badRequest } from "./errors";
import { JsonText } from "./json-text";
import { compiled, namedRows, rowCount } from "./page-sql";
import { sessionSecret } from "./secret";
import { storedViewJson, viewJson } from "./view-json";

/** What every list endpoint pages by (spec §5): skip or page, limit, a sort on a whitelisted field, or the cursor of a previous page. */
export type PageQuery = {
  sort: { field: string; direction: "asc" | "desc" };
  skip?: number;
  page?: number;
  limit: number;
  after?: string;
  /** What the list searches for: a search's statement is planned for its words on every run (page-sql.ts `namedRows`). */
  search?: string;
};

export type PageSource<Row, View> = {
  table: PgTable;
  /** The tie-breaker, so equal sort keys keep one order across pages. */
  id: AnyPgColumn;
  sorts: Record<string, AnyPgColumn | SQL>;
  view: (row: Row) => View;
  /** SQL of the view's fields that are computed rather than a column as it is (view-json.ts). */
  viewSql?: Record<string, SQL>;
  /** The view's JSON as the database keeps it on each row (db/schema/columns.ts `storedView`): read as it is. */
  storedView?: AnyPgColumn;
  /**
   * The sort key is built for this request (a custom field's value, lib/services/project-field-query.ts):
   * rows without one come last in either direction, pages past the first are read
   * by skip (a cursor cannot start past a missing key), and its SQL is not kept.
   */
  adHocSort?: boolean;
  /**
   * What rows are read from when it is not the table itself: a relation named as
   * the table, with the same columns, some computed for the reader (scoped.ts `source`).
   */
  from?: SQL;
  /** Columns a response page reads beside each item's JSON, for work done after the page (selectResponseRows). */
  responseColumns?: Record<string, SQL>;
};

export type Page<Item> = { items: Item[]; more: boolean; next?: string };

/** A page as a response sends it: the items as JSON the database wrote, when the view can be written in SQL. */
export type ResponsePage<View> = { items: JsonText<View[]> | View[]; more: boolean; next?: string };

const AFTER_ERROR = [{ path: "after", message: "errors.page.after" }];

/** Where the next page starts: the sort, and the last row's sort key (as the database prints it) and id. */
type Cursor = { sort: string; key: string; id: string };

// Signed, so the key reaches SQL only as this server printed it: a forged one (not a
// timestamp where one is compared) would otherwise fail in the database, not as a 400.
const cursorMac = (payload: string) => crypto.createHmac("sha256", sessionSecret()).update(`cursor:${payload}`).digest().subarray(0, 16);

function encodeCursor(cursor: Cursor) {
  const payload = Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
  return `${payload}.${cursorMac(payload).toString("base64url")}`;
}

function decodeCursor(text: string, sort: string): Cursor {
  const [payload, mac, ...rest] = text.split(".");
  const given = Buffer.from(mac ?? "", "base64url");
  const expected = cursorMac(payload);
  if (rest.length === 0 && given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
    const [cursorSort, key, id] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (cursorSort === sort && typeof key === "string" && typeof id === "string") return { sort, key, id };
  }
  throw badRequest(AFTER_ERROR);
}

const rowColumnsByTable = new WeakMap<PgTable, Record<string, AnyPgColumn>>();

/** The table's columns without those the database keeps for lists only (the audience, reach, search text and slice, the stored view: never in a view). */
export function rowColumns(table: PgTable) {
  let columns = rowColumnsByTable.get(table);
  if (!columns) {
    const { audience: _audience, reach: _reach, searchText: _searchText, searchSlice: _searchSlice, storedView: _storedView, ...rest } = getTableColumns(
      table,
    ) as Record<string, AnyPgColumn>;
    rowColumnsByTable.set(table, (columns = rest));
  }
  return columns;
}

/**
 * Columns to select from a relation named as their table (PageSource `from`):
 * the query builder refuses a table's columns over anything but that table, so
 * each is selected as SQL that names it and decodes as it does.
 */
export const fromRelation = (columns: Record<string, AnyPgColumn>): Record<string, SQL> =>
  Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql`${column}`.mapWith(column)]));

/**
 * What a page reads: the rows matching `where` in `order`, `limit` of them past `skip` (by ids first when it is not 0);
 * `start` is the part of `where` that starts the page past a cursor.
 */
export type PageRead = {
  where: SQL | undefined;
  start: SQL | undefined;
  /** The sort key of the row the page starts past, as the database printed it (the cursor's). */
  startKey?: string;
  order: SQL[];
  direction: "asc" | "desc";
  sortKey: AnyPgColumn | SQL;
  sort: string;
  limit: number;
  skip: number;
};

/**
 * The rows of a list as the union of disjoint parts, each read within `where` by its own
 * plan, given the sort key the page starts past: `merged`, parts whose rows interleave,
 * each read from the top of its own index walk, the page their merge (scoped.ts
 * `searchBranches`); `inTurn`, parts that follow one another in the list's order, read
 * one after another until the page is full, so later ones are not read at all (scoped.ts
 * `searchSlices`). Only the page's ids are read so; its rows follow by id.
 */
export type Branched = { where: SQL | undefined; order: "merged" | "inTurn"; parts: (startKey: string | undefined) => Part[] };

/**
 * A part of a branched read: the rows that match a condition, or `each`'s: the rows that
 * match `where` for each row of `each` (a VALUES list named with its columns, which `where`
 * reads), in the list's order. Written once, such a part is planned once, not once per row.
 */
export type Part = SQL | { each: SQL; where: SQL };

/**
 * The page's rows, plus each row's printed sort key and id, which the next cursor is made of:
 * `read` sends the statement that reads what the page asks for.
 */
export async function pageRows<Row, View>(
  source: PageSource<Row, View>,
  where: SQL | undefined,
  query: PageQuery,
  read: (page: PageRead) => Promise<Record<string, unknown>[]>,
) {
  const sortKey = source.sorts[query.sort.field];
  const sort = `${query.sort.field}:${query.sort.direction}`;
  const direction = query.sort.direction === "asc" ? asc : desc;
  const first = source.adHocSort ? sql`${sortKey} ${sql.raw(query.sort.direction)} nulls last` : direction(sortKey);
  const order = [first, direction(source.id)];
  const skip = query.skip ?? (query.page ?? 0) * query.limit;
  if (query.after !== undefined && skip > 0) {
    throw badRequest([{ path: "after", message: "errors.page.afterWithSkip" }]);
  }
  let start: SQL | undefined;
  let startKey: string | undefined;
  if (query.after !== undefined) {
    const cursor = decodeCursor(query.after, sort);
    const past = query.sort.direction === "asc" ? sql`>` : sql`<`;
    start = sql`(${sortKey}, ${source.id}) ${past} (${cursor.key}, ${cursor.id})`;
    startKey = cursor.key;
  }
  const rows = await read({
    where: start ? and(where, start) : where,
    start,
    startKey,
    order,
    direction: query.sort.direction,
    sortKey,
    sort,
    limit: query.limit + 1,
    skip,
  });
  const more = rows.length > query.limit;
  const last = rows[Math.min(rows.length, query.limit) - 1];
  // A row without a sort key has no place to start from: the next page is read by skip.
  const key = last?.pageSortKey as string | null | undefined;
  const next = more && typeof key === "string" && !source.adHocSort ? encodeCursor({ sort, key, id: String(last.pageId) }) : undefined;
  return { rows: rows.slice(0, query.limit), more, ...(next && { next }) };
}

/**
 * One page of a list, in one query; `more` says whether another page follows and
 * `next` is the cursor that reads it. With `after` (a previous page's `next`) the
 * page starts past that row by the list's index: no row before it is read, however
 * deep the page. With `skip`, past the first page the ids are paged first and the
 * rows fetched after: the skipped entries are then read from the list's index alone
 * (it holds the sort key, the id and the audience), not fetched row by row.
 */
export async function selectPage<Row, View>(db: Db, source: PageSource<Row, View>, where: SQL | undefined, query: PageQuery): Promise<Page<View>> {
  const read = ({ where, order, sortKey, limit, skip }: PageRead) => {
    const own = source.from ? fromRelation(rowColumns(source.table)) : rowColumns(source.table);
    const columns = {
      ...own,
      pageSortKey: sql<string | null>`(${sortKey})::text`.as("pageSortKey"),
      pageId: sql<string>`${source.id}`.as("pageId"),
    };
    const from = source.from ?? source.table;
    const select = db.select(columns).from(from);
    if (skip === 0) return select.where(where).orderBy(...order).limit(limit);
    const ids = db.select({ id: sql`${source.id}` }).from(from).where(where).orderBy(...order).limit(limit).offset(skip);
    return select.where(inArray(source.id, ids)).orderBy(...order);
  };
  const { rows, more, next } = await pageRows(source, where, query, read);
  return { items: rows.map((row) => source.view(row as Row)), more, ...(next && { next }) };
}

/** The parts of a response page's SQL that only the list and its sort decide, compiled once (page-sql.ts). */
type ResponseText = { head: SQL; order: SQL; table: SQL; id: SQL };

const responseTexts = new WeakMap<(row: never) => unknown, Map<string, ResponseText>>();

function responseText<Row, View>(source: PageSource<Row, View>, json: SQL, page: PageRead): ResponseText {
  let bySort = responseTexts.get(source.view);
  if (!bySort) responseTexts.set(source.view, (bySort = new Map()));
  const key = source.storedView ? `${page.sort}:stored` : page.sort;
  let text = bySort.get(key);
  if (!text) {
    const columns = sql.join([...Object.values(rowColumns(source.table)), ...(source.storedView ? [source.storedView] : [])], sql`, `);
    // The page's rows first, then their JSON: written in the same query, the JSON would be
    // built for every row a search matches before the sort keeps fifty. The page is named
    // as its table, so the view's columns name the page's.
    const extra = Object.entries(source.responseColumns ?? {}).map(([name, column]) => sql`, ${column} as ${sql.identifier(name)}`);
    const head = sql`select ${json} as "json", "pageSortKey", "pageId"${sql.join(extra)} from (select ${columns}, (${page.sortKey})::text as "pageSortKey", ${source.id} as "pageId" from `;
    text = {
      head: compiled(head),
      order: compiled(sql.join(page.order, sql`, `)),
      table: compiled(sql`${source.table}`),
      id: compiled(sql`${source.id}`),
    };
    if (!source.adHocSort) bySort.set(key, text);
  }
  return text;
}

/**
 * The same page for a response: the database writes each item's JSON from the
 * view (view-json.ts) and the items go out as that text, never turned into
 * objects here. A view that cannot be written in SQL is paged as objects.
 */
export async function selectResponsePage<Row, View>(
  db: Db,
  source: PageSource<Row, View>,
  where: SQL | undefined,
  query: PageQuery,
  branched?: Branched,
): Promise<ResponsePage<View>> {
  const page = await selectResponseRows(db, source, where, query, branched);
  if (!page) return selectPage(db, source, where, query);
  const { rows, more, next } = page;
  return { items: JsonText.array<View[]>(rows.map((row) => row.json)), more, ...(next && { next }) };
}

/** The ids of a page read by `branched`, as the condition of the statement that reads its rows. */
function branchedIds(branched: Branched, from: SQL, id: SQL, order: SQL, page: PageRead): SQL {
  const within = and(branched.where, page.start);
  const read = (part: SQL) => sql`select ${id} as "pageId", ${page.sortKey} as "pageKey" from ${from} where ${and(within, part)} order by ${order} limit ${rowCount(page.limit)}`;
  const parts = branched
    .parts(page.startKey)
    .map((part) => ("each" in part ? sql`(select "pageId", "pageKey" from ${part.each} cross join lateral (${read(part.where)}) as part)` : sql`(${read(part)})`));
  const union = sql.join(parts, sql` union all `);
  // In turn: PostgreSQL's Append runs its parts in the order written, a lateral part its
  // rows in the list's order, and the limit stops them once the page is full. (A part with
  // a LIMIT is never run in a parallel worker, which alone could change that order.)
  if (branched.order === "inTurn") return sql` where ${id} in (select "pageId" from (${union}) as parts limit ${rowCount(page.limit)})`;
  const direction = sql.raw(page.direction);
  return sql` where ${id} in (select "pageId" from (${union}) as branches order by "pageKey" ${direction}, "pageId" ${direction} limit ${rowCount(page.limit)})`;
}

/**
 * The rows of a response page: each item's JSON as the database wrote it, with the
 * source's `responseColumns`; null when the view cannot be written in SQL.
 * With `branched`, a page that starts at the top or at a cursor is read by its branches.
 */
export async function selectResponseRows<Row, View>(
  db: Db,
  source: PageSource<Row, View>,
  where: SQL | undefined,
  query: PageQuery,
  branched?: Branched,
): Promise<{ rows: (Record<string, unknown> & { json: string })[]; more: boolean; next?: string } | null> {
  const json = source.storedView ? storedViewJson(source.storedView, source.table, source.view, source.viewSql) : viewJson(source.table, source.view, source.viewSql);
  if (!json) return null;
  const read = (page: PageRead) => {
    const { head, order, table, id } = responseText(source, json, page);
    const from = source.from ?? table;
    const matching = page.where ? sql` where ${page.where}` : sql``;
    const rows =
      page.skip === 0
        ? branched
          ? branchedIds(branched, from, id, order, page)
          : sql`${matching} order by ${order} limit ${rowCount(page.limit)}`
        : sql` where ${id} in (select ${id} from ${from}${matching} order by ${order} limit ${rowCount(page.limit)} offset ${page.skip})`;
    return namedRows(db, sql`${head}${from}${rows}) as ${table} order by ${order}`, Boolean(query.search));
  };
  const { rows, more, next } = await pageRows(source, where, query, read);
  return { rows: rows as (Record<string, unknown> & { json: string })[], more, ...(next && { next }) };
}
