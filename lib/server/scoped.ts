import "server-only";
import { and, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { HistoryChanges } from "@/db/schema/activity";
import { nameOrder } from "@/db/schema/columns";
import type { Sharing, SharingLevel } from "@/lib/schemas/sharing";
import { accessLevel, mayWorkAnywhere, type Scoped } from "./access";
import { badRequest, forbidden, notFound } from "./errors";
import { changesShown, creationChanges, recordHistory } from "./history";
import { fromRelation, selectPage, selectResponsePage, type Branched, type PageSource } from "./page";
import { byTrigrams, printedInstant, slicedParts } from "./search-slices";
import type { SessionContext } from "./session";
import { location as locationTable } from "@/db/schema/organization";
import { DEFAULT_SHARING, type SharingFilter } from "@/lib/schemas/lists";

/**
 * What makes a table a scoped entity: organization, location, sharing, status and
 * history. Each entity describes itself once; list, get, create and update with
 * history are shared (ARCHITECTURE.md §2, §4).
 */
export type ScopedEntity<Row extends Record<string, unknown>, View> = {
  type: string;
  resource: string;
  table: PgTable;
  columns: {
    id: AnyPgColumn;
    organizationId: AnyPgColumn;
    /** The item's location; for locations themselves it is their own id. */
    location: AnyPgColumn;
    sharing: AnyPgColumn;
    status: AnyPgColumn;
    /** Who may see the row, kept by the database (db/schema/columns.ts `audience`); tables without one test sharing itself. */
    audience?: AnyPgColumn;
    /** Which part of the rows a location reads the row from (db/schema/columns.ts `reach`), for its searches. */
    reach?: AnyPgColumn;
    /** The organization's period the row was created in (db/schema/columns.ts `searchSlice`), for searches newest first. */
    searchSlice?: AnyPgColumn;
    /** The list item's JSON as the database keeps it (db/schema/columns.ts `storedView`), which pages read instead of building it. */
    storedView?: AnyPgColumn;
    /**
     * What `search` matches: a column or expression (case-insensitively), or
     * `{ lowered }`, a column the database keeps lower-cased (db/schema/columns.ts `searchText`).
     */
    search: SearchTarget;
  };
  /**
   * At organization level a search newest first walks the list's index instead of reading
   * period by period (`searchSlice`): a project's title alone is its search text, whose
   * statistics let the planner see that a common word fills a page within a few thousand
   * rows of the walk, which costs less than the periods' index scans (BENCHMARKS.md,
   * "Searches by period").
   */
  organizationSearchWalks?: boolean;
  /** Sort fields; text columns go through `caseless` so "beta" sorts between "Alpha" and "Gamma". */
  sorts: Record<string, AnyPgColumn | SQL>;
  /** Row key of the location column when new items take the session's location. */
  locationKey?: keyof Row & string;
  /** API field name to row key, for change sets and history. */
  fields: Record<string, keyof Row & string>;
  view: (row: Row) => View;
  /** SQL of the view's computed fields, so list pages are written by the database (view-json.ts). */
  viewSql?: Record<string, SQL>;
  /**
   * The rows as the session's member reads them, when some of a row is the reader's
   * own (a conversation's unread count): a relation named as the table, with its
   * columns. Lists and reads by id go through it; writes lock the table's own row.
   */
  source?: (session: SessionContext) => SQL;
  rowLocation: (row: Row) => string | null;
  /** Items that belong to the session itself (one's own member record): always readable and editable. */
  ownRecord?: (row: Row, session: SessionContext) => boolean;
  /** Items the session may always read, not change, whatever their sharing (the role its member holds); lists still follow sharing. */
  readableOwn?: (row: Row, session: SessionContext) => boolean;
  /** The same items as SQL, when lists (with the default sharing filter) show them too (the visits a member is assigned to). */
  listedOwn?: (session: SessionContext) => SQL;
  /** How a field's value appears in history, for values that must not be kept (password hashes). */
  historyValue?: (field: string, value: unknown) => unknown;
};

/** Entity rules that run inside the write transaction, on the locked row. */
export type WriteHooks<Row> = {
  /**
   * Who may write, on the locked row, given the session's sharing level (never
   * `none`: that row is a 404 already). Without it the level must be `edit`.
   * Entities whose writes some viewers may make (a workflow that names them)
   * decide here.
   */
  authorize?: (row: Row, level: SharingLevel) => void;
  /**
   * Runs first, on the locked row, for patches that depend on what the row holds
   * now (a project's type decides which statuses and fields are valid). It may
   * refuse by throwing, add to the patch, and add history notes that are not
   * columns (a workflow's name, a comment); with notes an entry is written even
   * when no column changes.
   */
  prepare?: (tx: Db, row: Row) => Promise<{ patch?: Record<string, unknown>; notes?: HistoryChanges } | void>;
  check?: (tx: Db, row: Row, changes: HistoryChanges) => Promise<void>;
  after?: (tx: Db, before: Row, after: Row) => Promise<void>;
};

export type ListQuery = {
  search?: string;
  /** No status condition when absent (project statuses are numbers with no default filter). */
  status?: readonly (string | number)[];
  sort: { field: string; direction: "asc" | "desc" };
  skip?: number;
  page?: number;
  limit: number;
  after?: string;
  sharing: SharingFilter;
  id?: string[];
  /** Rows created at or after this instant. */
  created_since?: Date;
};

/** A list's sort by name (db/schema/columns.ts). */
export const caseless = nameOrder;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The session location's level on a row, in SQL: its entry in sharing.locations, else the default.
 * Most rows name no entry for the location; the containment test finds that without
 * unnesting the array, so the entry is looked up only on rows that have one.
 * `here` is the location's id, or SQL that gives it (a statement written once for every session).
 */
function sharedLevel(sharing: AnyPgColumn, here: string | SQL): SQL {
  const entry = sql`(select e->>'level' from jsonb_array_elements(${sharing}->'locations') e where e->>'id' = ${here} limit 1)`;
  const wanted = typeof here === "string" ? sql`${JSON.stringify([{ id: here }])}::jsonb` : sql`jsonb_build_array(jsonb_build_object('id', ${here}))`;
  const named = sql`${sharing}->'locations' @> ${wanted}`;
  return sql`(case when ${named} then coalesce(${entry}, ${sharing}->>'default') else ${sharing}->>'default' end)`;
}

type SharingColumns = { location: AnyPgColumn; sharing: AnyPgColumn; audience?: AnyPgColumn };

/**
 * Whether a session working at location `here` sees the row, in SQL (ARCHITECTURE.md §4).
 * The audience holds the row's own location too, so one test covers both; it reads from
 * the list's index. "?": too many locations named to list (db/schema/columns.ts), so the
 * sharing itself is read.
 */
export function visibleAt({ location, sharing, audience }: SharingColumns, here: string | SQL): SQL {
  const named = sql`${sharedLevel(sharing, here)} <> 'none'`;
  if (!audience) return or(eq(location, here), named)!;
  return sql`(${audienceHolds(audience, here)} or (${audience} @> array['?']::text[] and ${named}))`;
}

/**
 * Whether an audience that lists its locations lets `here` see the row: it holds the location or "*", and not "!" and the location.
 * "*" is tested apart, as a constant: a plan kept for every location (a named statement) then
 * counts from the column's statistics the rows every location sees (about a third), where
 * `audience && array[$1, '*']` was guessed at half a per cent, and the plan sorted every match
 * instead of walking the list's index newest first.
 */
function audienceHolds(audience: AnyPgColumn, here: string | SQL): SQL {
  const hidden = typeof here === "string" ? sql`${`!${here}`}` : sql`'!' || ${here}`;
  return sql`((${audience} @> array['*']::text[] or ${audience} @> array[${here}]::text[]) and not ${audience} @> array[${hidden}]::text[])`;
}

/**
 * A location member's search, as the parts of the rows the location reads (db/schema/columns.ts
 * `reach`): its own, those every location sees, those that name locations and let it see
 * them, and those that name too many to list, tested by their sharing. Each part is walked
 * newest first by its index and the page is their merge (page.ts `Branched`): a search
 * for a common word reads a few thousand index entries, not every row the location sees
 * until fifty match. Only for the default sharing filter and the newest-first order the
 * index keeps; undefined otherwise.
 */
function searchBranches(entity: ScopedEntity<never, unknown>, session: SessionContext, query: ListQuery): SQL[] | undefined {
  if (!query.search || query.sharing !== DEFAULT_SHARING || entity.source || query.sort.field !== "created") return undefined;
  return reachParts(entity, session);
}

/**
 * A search newest first, period by period (db/schema/columns.ts `searchSlice`): from the
 * period of the page's start (now, or the cursor's row) back, until the page is full
 * (search-slices.ts). A common word fills a page from the newest periods' few hundred
 * matches; a rare one reaches the rows before them, read as a search was before.
 */
function searchSlices(entity: ScopedEntity<never, unknown>, session: SessionContext, query: ListQuery) {
  const slice = entity.columns.searchSlice;
  if (!query.search || !byTrigrams(query.search) || !slice || entity.source || query.sort.field !== "created" || query.sort.direction !== "desc") return undefined;
  if (session.locationId === null && entity.organizationSearchWalks) return undefined;
  const created = entity.sorts.created;
  return (startKey: string | undefined) => {
    const newest = startKey === undefined ? new Date() : printedInstant(startKey);
    // A key that is not an instant cannot name a period: the page is then one part, as without slices.
    return newest ? slicedParts(slice, created, session.organizationId, newest) : [sql`true`];
  };
}

/**
 * The rows a location member's lists show with the default sharing, as the parts of the
 * rows the location reads them from (db/schema/columns.ts `reach`): together exactly the
 * sharing condition, each one range of an index that leads with the reach, and no row in
 * two parts. Undefined at organization level, or for an entity without a reach or one
 * that lists other rows too (`listedOwn`).
 */
export function reachParts(entity: ScopedEntity<never, unknown>, session: SessionContext): SQL[] | undefined {
  const { reach, audience } = entity.columns;
  const here = session.locationId;
  if (!reach || !audience || here === null || entity.listedOwn) return undefined;
  return [eq(reach, here), eq(reach, "*"), and(eq(reach, "+"), audienceHolds(audience, here))!, and(eq(reach, "?"), visibleAt(entity.columns, here))!];
}

function sharingCondition(entity: ScopedEntity<never, unknown>, session: SessionContext, filter: SharingFilter) {
  const { location } = entity.columns;
  const here = session.locationId;
  if (here === null) {
    if (filter === "exclude") return isNull(location);
    if (filter === "shared_only") return isNotNull(location);
    return undefined;
  }
  if (filter === "ignore") {
    throw badRequest([{ path: "sharing", message: "errors.sharing.ignore" }]);
  }
  const own = eq(location, here);
  const visible = visibleAt(entity.columns, here);
  if (filter === "exclude") return own;
  if (filter === "shared_only") return and(sql`${location} is distinct from ${here}`, visible);
  return visible;
}

/** The sharing condition of a list, with the items the entity always lists for the session (`listedOwn`). */
function visibleIn(entity: ScopedEntity<never, unknown>, session: SessionContext, filter: SharingFilter) {
  const condition = sharingCondition(entity, session, filter);
  return condition && entity.listedOwn && filter === DEFAULT_SHARING ? or(condition, entity.listedOwn(session)) : condition;
}

function scopedRow<Row extends Record<string, unknown>>(entity: ScopedEntity<Row, unknown>, row: Row): Scoped {
  return {
    organizationId: row.organizationId as string,
    locationId: entity.rowLocation(row),
    sharing: row.sharing as Sharing,
  };
}

function levelOf<Row extends Record<string, unknown>>(
  entity: ScopedEntity<Row, unknown>,
  row: Row,
  session: SessionContext,
): SharingLevel {
  if (entity.ownRecord?.(row, session)) return "edit";
  const level = accessLevel(scopedRow(entity, row), session);
  return level === "none" && entity.readableOwn?.(row, session) ? "view" : level;
}

export type SearchTarget = AnyPgColumn | SQL | { lowered: AnyPgColumn };

/** A case-insensitive substring match with the user's text taken literally. */
export function searchCondition(target: SearchTarget, search: string | undefined) {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return "lowered" in target ? sql`${target.lowered} like lower(${pattern})` : ilike(target, pattern);
}

/** A status as a literal of the statement's text: a name the list's schema allowed, or a project type's status number. */
function statusLiteral(status: string | number): SQL {
  if (typeof status === "number") {
    if (!Number.isSafeInteger(status)) throw new Error(`Not a status: ${status}`);
    return sql.raw(String(status));
  }
  return sql.raw(`'${status.replaceAll("'", "''")}'`);
}

/**
 * A status filter, written into the statement's text: how many rows hold a status differs
 * widely (4,000 of 300,000 quotes wait for an answer), and a list's statement keeps one
 * plan (page-sql.ts), which must be made for the statuses asked, not for an average one.
 * Statuses are a short closed list, so their texts stay few. The filter is left out when it
 * names every status the column holds (a text column's values, `text(…, { enum })`):
 * invoices and quotes list every status by default.
 */
export function statusCondition(column: AnyPgColumn, statuses: readonly (string | number)[] | undefined): SQL | undefined {
  if (!statuses) return undefined;
  const every = (column as { enumValues?: readonly string[] }).enumValues;
  if (every && every.length > 0 && every.every((status) => statuses.includes(status))) return undefined;
  if (statuses.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(statuses.map(statusLiteral), sql`, `)})`;
}

function listWhere<Row extends Record<string, unknown>, View>(
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  query: ListQuery,
  extra: (SQL | undefined)[],
  sharing = true,
) {
  const c = entity.columns;
  return and(
    eq(c.organizationId, session.organizationId),
    statusCondition(c.status, query.status),
    query.id ? inArray(c.id, query.id) : undefined,
    searchCondition(c.search, query.search),
    query.created_since ? sql`${entity.sorts.created} >= ${query.created_since}` : undefined,
    sharing ? visibleIn(entity as ScopedEntity<never, unknown>, session, query.sharing) : undefined,
    ...extra,
  );
}

/** What a list of the entity reads, as the condition of a page read from another relation than the table (scoped `source`). */
export const listCondition = listWhere;

/** The rows a list of the entity holds with its default sharing and the given filters, for counts beside the lists. */
export const listedRows = <Row extends Record<string, unknown>, View>(
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  filters: Pick<ListQuery, "status" | "created_since">,
  extra: (SQL | undefined)[] = [],
) => listWhere(session, entity, { ...filters, sharing: DEFAULT_SHARING, sort: { field: "created", direction: "desc" }, limit: 1 }, extra);

/** What a scoped entity is paged by (page.ts), as the session reads it. */
export const pageSource = <Row extends Record<string, unknown>, View>(
  entity: ScopedEntity<Row, View>,
  session?: SessionContext,
): PageSource<Row, View> => ({
  table: entity.table,
  id: entity.columns.id,
  sorts: entity.sorts,
  view: entity.view,
  viewSql: entity.viewSql,
  // A row read through `source` carries what the reader computes, which no stored text holds.
  storedView: entity.source ? undefined : entity.columns.storedView,
  from: session && entity.source?.(session),
});

/** One page of a scoped entity's list: the organization's rows the session's location may see. */
export function listItems<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  query: ListQuery,
  extra: (SQL | undefined)[] = [],
) {
  return selectPage(db, pageSource(entity, session), listWhere(session, entity, query, extra), query);
}

/**
 * The same page as a list endpoint answers it (page.ts `selectResponsePage`); `sort`
 * is a sort key built for this request only, as the query's sort field names it.
 */
export function listResponse<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  query: ListQuery,
  extra: (SQL | undefined)[] = [],
  sort?: SQL,
) {
  const source = pageSource(entity, session);
  const paged = sort ? { ...source, sorts: { ...source.sorts, [query.sort.field]: sort }, adHocSort: true } : source;
  const slices = sort ? undefined : searchSlices(entity as ScopedEntity<never, unknown>, session, query);
  const branches = sort || slices ? undefined : searchBranches(entity as ScopedEntity<never, unknown>, session, query);
  const where = listWhere(session, entity, query, extra);
  const branched: Branched | undefined = slices
    ? { where, order: "inTurn", parts: slices }
    : branches && { where: listWhere(session, entity, query, extra, false), order: "merged", parts: () => branches };
  return selectResponsePage(db, paged, where, query, branched);
}

export type FindOptions = {
  /**
   * `organization` ignores the session's sharing, for references the organization
   * as a whole resolves (any active member may own a project); `sharing` by default.
   */
  scope?: "sharing" | "organization";
  /** Locks the row for the rest of the transaction. */
  lock?: boolean;
};

/** The row as the session may see it, or null when it is absent or hidden. */
async function visibleRow<Row extends Record<string, unknown>>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, unknown>,
  id: string,
  options: FindOptions = {},
): Promise<Row | null> {
  const c = entity.columns;
  const where = and(eq(c.id, id), eq(c.organizationId, session.organizationId));
  const [row] = (
    options.lock
      ? await db.select().from(entity.table).where(where).for("update")
      : entity.source
        ? await db.select(fromRelation(getTableColumns(entity.table) as Record<string, AnyPgColumn>)).from(entity.source(session)).where(where)
        : await db.select().from(entity.table).where(where)
  ) as Row[];
  if (!row || (options.scope !== "organization" && levelOf(entity, row, session) === "none")) return null;
  return row;
}

async function findRow<Row extends Record<string, unknown>>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, unknown>,
  id: string,
  lock = false,
) {
  const row = await visibleRow(db, session, entity, id, { lock });
  if (!row) throw notFound(entity.resource);
  return row;
}

/**
 * An item's row locked for a write the entity authorizes itself (a visit's status,
 * which its assigned members may change), with the session's level on it; 404 when hidden.
 */
export async function lockVisible<Row extends Record<string, unknown>>(
  tx: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, unknown>,
  id: string,
): Promise<{ row: Row; level: SharingLevel }> {
  const row = await findRow(tx, session, entity, id, true);
  return { row, level: levelOf(entity, row, session) };
}

/** Whether the session may see a row of the entity, as SQL over its columns (the lists' default sharing); undefined: always. */
export const visibleToSession = (entity: ScopedEntity<never, unknown>, session: SessionContext) => visibleIn(entity, session, DEFAULT_SHARING);

/**
 * An item as the session may see it, or null when it is absent or hidden. Any
 * other failure (the database's) is thrown as it is.
 */
export async function findItem<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  id: string,
  options: Omit<FindOptions, "lock"> = {},
): Promise<View | null> {
  const row = await visibleRow(db, session, entity, id, options);
  return row && entity.view(row);
}

export type Reference<View> = Omit<FindOptions, "lock"> & {
  /** The input field that names the item. */
  path: string;
  /** Why an absent or hidden item is refused. */
  unknown: string;
  /** The entity's own rule for items that may be named: the refusal's message, or null to accept. */
  refuse?: (item: View) => string | null;
};

/** Items that must be active to be named; a removed one is refused with `message`. */
export const mustBeActive =
  (message: string) =>
  (item: { status: unknown }): string | null =>
    item.status === "active" ? null : message;

/**
 * An item that input names (a member's role, a project's customer): refused as a
 * 400 on the naming field, not as a 404 of the request's own item.
 */
export async function requireReference<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  id: string,
  reference: Reference<View>,
): Promise<View> {
  const item = await findItem(db, session, entity, id, { scope: reference.scope });
  const refusal = item === null ? reference.unknown : reference.refuse?.(item);
  if (refusal) throw badRequest([{ path: reference.path, message: refusal }]);
  return item as View;
}

/**
 * An item the session may change (its sharing gives edit), locked for the rest of
 * the transaction: what belongs to it (a customer's sites) is written under it.
 */
export async function lockEditable<Row extends Record<string, unknown>>(
  tx: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, unknown>,
  id: string,
): Promise<Row> {
  const row = await findRow(tx, session, entity, id, true);
  if (levelOf(entity, row, session) !== "edit") throw forbidden();
  return row;
}

export async function getItem<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  id: string,
) {
  return entity.view(await findRow(db, session, entity, id));
}

/** Sharing may only name active locations of the organization. */
async function checkSharingLocations(db: Db, session: SessionContext, sharing: Sharing | undefined) {
  const ids = [...new Set(sharing?.locations.map((entry) => entry.id) ?? [])];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: locationTable.id })
    .from(locationTable)
    .where(and(eq(locationTable.organizationId, session.organizationId), inArray(locationTable.id, ids)));
  if (found.length !== ids.length) {
    throw badRequest([{ path: "sharing.locations", message: "errors.sharing.unknownLocation" }]);
  }
}

/**
 * Where a new item goes: the session's location, unless the input names another
 * the member may switch to (ARCHITECTURE.md §4). A member tied to a location is
 * refused elsewhere (403, before any lookup, so other ids tell nothing); an
 * unknown, removed or other organization's location is a 400 on `location`.
 */
async function newItemLocation(db: Db, session: SessionContext, requested: string | null | undefined) {
  if (requested === undefined || requested === session.locationId) return session.locationId;
  if (!mayWorkAnywhere(session.memberLocationId, [...session.privileges])) {
    throw forbidden("errors.location.createOwn");
  }
  if (requested === null) return null;
  const [found] = await db
    .select({ status: locationTable.status })
    .from(locationTable)
    .where(and(eq(locationTable.id, requested), eq(locationTable.organizationId, session.organizationId)));
  if (!found) throw badRequest([{ path: "location", message: "errors.location.unknown" }]);
  if (found.status !== "active") throw badRequest([{ path: "location", message: "errors.location.removed" }]);
  return requested;
}

export type CreateOptions<Row> = Pick<WriteHooks<Row>, "after"> & {
  /** The location the input asks for (`newItemLocationSchema`); the session's when absent. */
  location?: string | null;
};

/** Creates an item at the session's organization and location (or one it may use), with its history entry, in one transaction. */
export async function createItem<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  values: Partial<Row>,
  options: CreateOptions<Row> = {},
) {
  if (options.location !== undefined && !entity.locationKey) throw new Error(`A new ${entity.type} takes no location`);
  const locationId = await newItemLocation(db, session, options.location);
  await checkSharingLocations(db, session, values.sharing as Sharing | undefined);
  return db.transaction(async (tx) => {
    const insert: Record<string, unknown> = { ...values, organizationId: session.organizationId };
    if (entity.locationKey) insert[entity.locationKey] = locationId;
    const [row] = (await tx.insert(entity.table).values(insert).returning()) as Row[];
    await options.after?.(tx, row, row);
    const shown = Object.fromEntries(
      Object.entries(entity.fields).map(([field, key]) => [field, row[key]]),
    );
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: entity.type,
      entityId: row.id as string,
      memberId: session.memberId,
      action: "created",
      changes: changesShown(creationChanges(shown), entity.historyValue),
    });
    return entity.view(row);
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The columns to write and the history changes for a patch: only fields that
 * really change, each with its value before and after.
 */
export function changeSet<Row extends Record<string, unknown>>(
  fields: Record<string, keyof Row & string>,
  row: Row,
  patch: Record<string, unknown>,
) {
  const set: Record<string, unknown> = {};
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(patch)) {
    const key = fields[field];
    if (value === undefined || !key || same(row[key], value)) continue;
    set[key] = value;
    changes[field] = [row[key], value];
  }
  return { set, changes };
}

/**
 * Applies a change set: only fields that really change are written, each with its
 * before and after value in the history entry of the same transaction. A new
 * sharing default empties the per-location list.
 */
export async function updateItem<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, View>,
  id: string,
  patch: Record<string, unknown>,
  hooks: WriteHooks<Row> = {},
) {
  const nextSharing = patch.sharing as Sharing | undefined;
  await checkSharingLocations(db, session, nextSharing);
  return db.transaction(async (tx) => {
    const row = await findRow(tx, session, entity, id, true);
    const level = levelOf(entity, row, session);
    if (hooks.authorize) hooks.authorize(row, level);
    else if (level !== "edit") throw forbidden();
    const prepared = (await hooks.prepare?.(tx, row)) ?? {};
    const notes = prepared.notes ?? {};
    const patchWithSharing = { ...patch, ...prepared.patch };
    if (nextSharing) {
      const before = row[entity.fields.sharing] as Sharing;
      patchWithSharing.sharing =
        nextSharing.default !== before.default ? { default: nextSharing.default, locations: [] } : nextSharing;
    }
    const { set, changes } = changeSet(entity.fields, row, patchWithSharing);
    if (Object.keys(set).length === 0 && Object.keys(notes).length === 0) return entity.view(row);
    await hooks.check?.(tx, row, changes);
    const c = entity.columns;
    const [updated] = (await tx
      .update(entity.table)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(c.id, id))
      .returning()) as Row[];
    await hooks.after?.(tx, row, updated);
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: entity.type,
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { ...changesShown(changes, entity.historyValue), ...notes },
    });
    return entity.view(updated);
  });
}
