import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { HistoryChanges } from "@/db/schema/activity";
import { notFound } from "./errors";
import { creationChanges, readHistory, recordHistory } from "./history";
import { selectResponsePage, type PageQuery } from "./page";
import { changeSet, getItem, lockEditable, searchCondition, statusCondition, type ScopedEntity, type SearchTarget } from "./scoped";
import type { SessionContext } from "./session";

/**
 * Items that belong to one scoped item and have no location or sharing of their
 * own (a customer's sites and contacts): whoever sees the owner sees them, whoever
 * may edit the owner may change them (its route names the privilege). A part named
 * under another owner than its own is a 404, like one of another organization.
 * List, get, create, update and history are shared here; an entity adds its rules
 * through the hooks.
 */
export type PartEntity<Row extends Record<string, unknown>, View> = {
  /** The history's entity type. */
  type: string;
  resource: string;
  table: PgTable;
  owner: ScopedEntity<never, unknown>;
  columns: { id: AnyPgColumn; organizationId: AnyPgColumn; ownerId: AnyPgColumn; status: AnyPgColumn; search: SearchTarget };
  /** Row key of the owner column. */
  ownerKey: keyof Row & string;
  sorts: Record<string, AnyPgColumn | SQL>;
  /** API field name to row key, for change sets and history. */
  fields: Record<string, keyof Row & string>;
  view: (row: Row) => View;
};

export type PartListQuery = PageQuery & { search?: string; status?: readonly string[]; id?: string[] };

type AnyPart = PartEntity<Record<string, unknown>, unknown>;

const ownerWhere = (part: AnyPart, session: SessionContext, ownerId: string) =>
  and(eq(part.columns.organizationId, session.organizationId), eq(part.columns.ownerId, ownerId));

/** The owner as the session may see it, or its 404. */
const seeOwner = (db: Db, session: SessionContext, part: AnyPart, ownerId: string) => getItem(db, session, part.owner, ownerId);

/** One page of the owner's parts. */
export async function listParts<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  query: PartListQuery,
) {
  const any = part as unknown as AnyPart;
  await seeOwner(db, session, any, ownerId);
  const c = part.columns;
  const where = and(
    ownerWhere(any, session, ownerId),
    statusCondition(c.status, query.status),
    query.id ? inArray(c.id, query.id) : undefined,
    searchCondition(c.search, query.search),
  );
  return selectResponsePage(db, { table: part.table, id: c.id, sorts: part.sorts, view: part.view }, where, query);
}

async function partRow<Row extends Record<string, unknown>>(db: Db, session: SessionContext, part: PartEntity<Row, unknown>, ownerId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(part.table)
    .where(and(ownerWhere(part as unknown as AnyPart, session, ownerId), eq(part.columns.id, id)));
  const [row] = (lock ? await query.for("update") : await query) as Row[];
  if (!row) throw notFound(part.resource);
  return row;
}

export async function getPart<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  id: string,
) {
  await seeOwner(db, session, part as unknown as AnyPart, ownerId);
  return part.view(await partRow(db, session, part, ownerId, id));
}

/** A part's history, newest first, as GET /history answers an item's. */
export async function partHistory<Row extends Record<string, unknown>, View>(
  db: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  id: string,
) {
  await getPart(db, session, part, ownerId, id);
  return readHistory(db, session.organizationId, part.type, id);
}

/** Rules of one entity, run inside the write's transaction with the owner locked (so its parts change one write at a time). */
export type PartHooks<Row, Owner> = {
  /** May refuse, and complete the values (a site's default time zone) from the owner. */
  prepare?: (tx: Db, owner: Owner, row: Row | null) => Promise<Record<string, unknown> | void>;
  /** Checks the row as it would be written, before it is (`before` is null on create). */
  check?: (tx: Db, owner: Owner, before: Row | null, after: Row, changes: HistoryChanges) => Promise<void>;
};

/** Records a part's change in the history (inside the write's transaction). */
export const recordPartHistory = (tx: Db, session: SessionContext, part: AnyPart, id: string, action: "created" | "updated", changes: HistoryChanges) =>
  recordHistory(tx, { organizationId: session.organizationId, entityType: part.type, entityId: id, memberId: session.memberId, action, changes });

/**
 * Inserts a part (its values by row key) in a transaction already under way
 * (one the owner's own write opened: a new customer's first site), with its
 * history entry.
 */
export async function insertPart<Row extends Record<string, unknown>, View>(
  tx: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  values: Record<string, unknown>,
) {
  const [row] = (await tx
    .insert(part.table)
    .values({ ...values, organizationId: session.organizationId, [part.ownerKey]: ownerId })
    .returning()) as Row[];
  const shown = Object.fromEntries(Object.entries(part.fields).map(([field, key]) => [field, row[key]]));
  await recordPartHistory(tx, session, part as unknown as AnyPart, row.id as string, "created", creationChanges(shown));
  return row;
}

/** Creates a part of an owner the session may edit, with its history entry, in one transaction. */
export async function createPart<Row extends Record<string, unknown>, View, Owner>(
  db: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  input: Record<string, unknown>,
  hooks: PartHooks<Row, Owner> = {},
) {
  return db.transaction(async (tx) => {
    const owner = (await lockEditable(tx, session, part.owner, ownerId)) as Owner;
    const values: Record<string, unknown> = { ...input, ...(await hooks.prepare?.(tx, owner, null)) };
    const written = Object.fromEntries(Object.entries(part.fields).flatMap(([field, key]) => (field in values ? [[key, values[field]]] : [])));
    if (hooks.check) await hooks.check(tx, owner, null, written as Row, {});
    return part.view(await insertPart(tx, session, part, ownerId, written));
  });
}

/**
 * Writes the fields of `patch` that really change on a part's row, with their
 * history entry, in a transaction under way; the row as it is then.
 */
export async function changePart<Row extends Record<string, unknown>, View>(
  tx: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  row: Row,
  patch: Record<string, unknown>,
  check?: (after: Row, changes: HistoryChanges) => Promise<void>,
) {
  const { set, changes } = changeSet(part.fields, row, patch);
  if (Object.keys(set).length === 0) return row;
  await check?.({ ...row, ...set }, changes);
  const [updated] = (await tx
    .update(part.table)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(part.columns.organizationId, session.organizationId), eq(part.columns.id, row.id as string)))
    .returning()) as Row[];
  await recordPartHistory(tx, session, part as unknown as AnyPart, row.id as string, "updated", changes);
  return updated;
}

/** Applies a change set to a part of an owner the session may edit: only fields that really change, with their history entry. */
export async function updatePart<Row extends Record<string, unknown>, View, Owner>(
  db: Db,
  session: SessionContext,
  part: PartEntity<Row, View>,
  ownerId: string,
  id: string,
  patch: Record<string, unknown>,
  hooks: PartHooks<Row, Owner> = {},
) {
  return db.transaction(async (tx) => {
    const owner = (await lockEditable(tx, session, part.owner, ownerId)) as Owner;
    const row = await partRow(tx, session, part, ownerId, id, true);
    const values = { ...patch, ...(await hooks.prepare?.(tx, owner, row)) };
    const check = hooks.check && ((after: Row, changes: HistoryChanges) => hooks.check!(tx, owner, row, after, changes));
    return part.view(await changePart(tx, session, part, row, values, check));
  });
}
