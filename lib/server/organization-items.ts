import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { HistoryChanges } from "@/db/schema/activity";
import { notFound } from "./errors";
import { changesShown, creationChanges, readHistory, recordHistory } from "./history";
import { selectResponsePage, type PageQuery } from "./page";
import { changeSet, searchCondition, statusCondition, type SearchTarget } from "./scoped";
import type { SessionContext } from "./session";

/**
 * Items that belong to the organization as a whole, with no location or sharing
 * (tax rates, the price book): every member reads them, a privilege the route names
 * changes them. List, get, create and update with history are shared here, as
 * scoped.ts shares them for items that are shared between locations.
 */
export type OrganizationEntity<Row extends Record<string, unknown>, View> = {
  type: string;
  resource: string;
  table: PgTable;
  columns: {
    id: AnyPgColumn;
    organizationId: AnyPgColumn;
    status: AnyPgColumn;
    search: SearchTarget;
    /** The list item's JSON as the database keeps it (db/schema/columns.ts `storedView`). */
    storedView?: AnyPgColumn;
  };
  sorts: Record<string, AnyPgColumn | SQL>;
  /** API field name to row key, for change sets and history. */
  fields: Record<string, keyof Row & string>;
  view: (row: Row) => View;
  /** SQL of the view's fields that are computed rather than a column as it is (view-json.ts). */
  viewSql?: Record<string, SQL>;
  /** How a field's value appears in history, where the row keeps it otherwise (a percentage in thousandths). */
  historyValue?: (field: string, value: unknown) => unknown;
};

type AnyRow = Record<string, unknown>;

export type OrganizationListQuery = PageQuery & { search?: string; status?: readonly string[]; id?: string[] };

/** One page of the organization's items; `extra` adds the entity's own filters. */
export function listOrganizationItems<Row extends AnyRow, View>(
  db: Db,
  session: SessionContext,
  entity: OrganizationEntity<Row, View>,
  query: OrganizationListQuery,
  extra: (SQL | undefined)[] = [],
) {
  const c = entity.columns;
  const where = and(
    eq(c.organizationId, session.organizationId),
    // No statuses asked is no status filter here.
    statusCondition(c.status, query.status?.length ? query.status : undefined),
    query.id ? inArray(c.id, query.id) : undefined,
    searchCondition(c.search, query.search),
    ...extra,
  );
  return selectResponsePage(db, { table: entity.table, id: c.id, sorts: entity.sorts, view: entity.view, viewSql: entity.viewSql, storedView: c.storedView }, where, query);
}

/** The organization's row, or a 404 naming the entity; locked for the rest of the transaction with `lock`. */
export async function findOrganizationRow<Row extends AnyRow>(
  db: Db,
  session: SessionContext,
  entity: OrganizationEntity<Row, unknown>,
  id: string,
  lock = false,
): Promise<Row> {
  const select = db
    .select()
    .from(entity.table)
    .where(and(eq(entity.columns.id, id), eq(entity.columns.organizationId, session.organizationId)));
  const [row] = (lock ? await select.for("update") : await select) as Row[];
  if (!row) throw notFound(entity.resource);
  return row;
}

export const getOrganizationItem = async <Row extends AnyRow, View>(db: Db, session: SessionContext, entity: OrganizationEntity<Row, View>, id: string) =>
  entity.view(await findOrganizationRow(db, session, entity, id));

/** An item's history, newest first. */
export async function organizationItemHistory<Row extends AnyRow>(db: Db, session: SessionContext, entity: OrganizationEntity<Row, unknown>, id: string) {
  await findOrganizationRow(db, session, entity, id);
  return readHistory(db, session.organizationId, entity.type, id);
}


/** The "created" history values of a row: every field it has a value for. */
export function createdChanges<Row extends AnyRow>(entity: OrganizationEntity<Row, unknown>, row: Row): HistoryChanges {
  const values = Object.fromEntries(Object.entries(entity.fields).flatMap(([field, key]) => (row[key] === null ? [] : [[field, row[key]]])));
  return changesShown(creationChanges(values), entity.historyValue);
}

export type OrganizationWriteHooks<Row> = {
  /** Runs first, in the transaction: entity rules that read other rows (a single default), and the values to write. */
  before?: (tx: Db) => Promise<void>;
  after?: (tx: Db, row: Row) => Promise<void>;
};

/**
 * Creates an item of the session's organization with its history entry, in one
 * transaction (`tx` when the caller holds one already). `member` null: the system made it.
 */
export async function createOrganizationItem<Row extends AnyRow, View>(
  db: Db,
  session: Pick<SessionContext, "organizationId"> & { memberId: string | null },
  entity: OrganizationEntity<Row, View>,
  values: Partial<Row>,
  hooks: OrganizationWriteHooks<Row> = {},
) {
  return db.transaction(async (tx) => {
    await hooks.before?.(tx);
    const [row] = (await tx
      .insert(entity.table)
      .values({ ...values, organizationId: session.organizationId })
      .returning()) as Row[];
    await hooks.after?.(tx, row);
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: entity.type,
      entityId: row.id as string,
      memberId: session.memberId,
      action: "created",
      changes: createdChanges(entity, row),
    });
    return entity.view(row);
  });
}

export type OrganizationUpdateHooks<Row> = {
  /** On the locked row: refuses by throwing, or gives the columns to write beyond the patch (a price from a markup). */
  prepare?: (tx: Db, row: Row) => Promise<Record<string, unknown> | void>;
  /** After the change set is known, before it is written. */
  check?: (tx: Db, row: Row, changes: HistoryChanges) => Promise<void>;
};

/**
 * Applies a change set to the organization's item: only fields that really change
 * are written, each with its before and after value in the history entry of the
 * same transaction.
 */
export async function updateOrganizationItem<Row extends AnyRow, View>(
  db: Db,
  session: SessionContext,
  entity: OrganizationEntity<Row, View>,
  id: string,
  patch: Record<string, unknown>,
  hooks: OrganizationUpdateHooks<Row> = {},
) {
  return db.transaction(async (tx) => {
    const row = await findOrganizationRow(tx, session, entity, id, true);
    const prepared = (await hooks.prepare?.(tx, row)) ?? {};
    const { set, changes } = changeSet(entity.fields, row, { ...patch, ...prepared });
    if (Object.keys(set).length === 0) return entity.view(row);
    await hooks.check?.(tx, row, changes);
    const [updated] = (await tx
      .update(entity.table)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(entity.columns.id, id), eq(entity.columns.organizationId, session.organizationId)))
      .returning()) as Row[];
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: entity.type,
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: changesShown(changes, entity.historyValue),
    });
    return entity.view(updated);
  });
}
