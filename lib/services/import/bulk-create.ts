import "server-only";
import { getTableName, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { history, type HistoryChanges } from "@/db/schema/activity";
import type { ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { columnList, recordset, tableColumns } from "./recordset";

/** Rows per statement. */
export const BATCH_ROWS = 5000;

export function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const HISTORY_KEYS = ["organizationId", "entityType", "entityId", "memberId", "action", "changes"] as const;

/** History entries of changes computed here (updates), many per statement. */
export async function insertHistory(
  tx: Db,
  session: SessionContext,
  entityType: string,
  entries: { entityId: string; action: "created" | "updated"; changes: HistoryChanges }[],
) {
  const columns = tableColumns(history, HISTORY_KEYS);
  for (const batch of chunks(entries)) {
    const rows = batch.map((entry) => ({ ...entry, organizationId: session.organizationId, entityType, memberId: session.memberId }));
    const { source } = recordset(columns, HISTORY_KEYS, rows);
    await tx.execute(sql`insert into ${history} (${columnList(columns)}) select ${columnList(columns, "r")} from ${source}`);
  }
}

/**
 * Creates many items the way createItem creates one: in the session's organization
 * and at its location, with the table's default sharing, and a "created" history
 * entry each whose changes list every field from nothing to its value. Each batch
 * is one statement: the rows arrive as one JSON parameter and the history entries
 * are built from what was inserted. Every column a row names is written (a missing
 * value as null), so callers give the values of columns that have defaults.
 */
export async function createScopedRows<Row extends Record<string, unknown>>(
  tx: Db,
  session: SessionContext,
  entity: ScopedEntity<Row, unknown>,
  values: Partial<Row>[],
): Promise<number> {
  if (entity.historyValue) throw new Error(`${entity.type} keeps some values out of history; create them one by one`);
  const scope = entity.locationKey ? ["organizationId", entity.locationKey] : ["organizationId"];
  const keys = [...new Set([...scope, ...values.flatMap((value) => Object.keys(value))])];
  const columns = tableColumns(entity.table, keys);
  const fieldColumns = tableColumns(entity.table, Object.values(entity.fields));
  const changes = Object.keys(entity.fields).flatMap((field, index) => [
    sql`${field}::text`,
    sql`jsonb_build_array(null, i.${sql.identifier(fieldColumns[index].name)})`,
  ]);
  const historyColumns = tableColumns(history, HISTORY_KEYS);
  for (const batch of chunks(values)) {
    const rows = batch.map((value) => ({ ...value, organizationId: session.organizationId, ...(entity.locationKey ? { [entity.locationKey]: session.locationId } : {}) }));
    const { source } = recordset(columns, keys, rows);
    await tx.execute(sql`
      with i as (
        insert into ${sql.identifier(getTableName(entity.table))} (${columnList(columns)})
        select ${columnList(columns, "r")} from ${source}
        returning *
      )
      insert into ${history} (${columnList(historyColumns)})
      select i.${sql.identifier(entity.columns.organizationId.name)}, ${entity.type}::text, i.${sql.identifier(entity.columns.id.name)},
        ${session.memberId}::uuid, 'created'::text, jsonb_build_object(${sql.join(changes, sql`, `)})
      from i`);
  }
  return values.length;
}
