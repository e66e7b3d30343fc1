import "server-only";
import { getTableName, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { changeSet, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { chunks, insertHistory } from "./bulk-create";
import { recordset, tableColumns } from "./recordset";

export type RowUpdate<Row> = { row: Row; patch: Record<string, unknown> };

/** What a bulk update needs of an entity: scoped ones and the organization's own (lib/server/organization-items.ts) alike. */
type BulkEntity<Row extends Record<string, unknown>> = Pick<ScopedEntity<Row, unknown>, "type" | "table" | "fields"> & {
  columns: Pick<ScopedEntity<Row, unknown>["columns"], "id" | "organizationId">;
};

/** The updates that change something, with what they change. */
export function realChanges<Row extends Record<string, unknown>>(entity: BulkEntity<Row>, updates: RowUpdate<Row>[]) {
  return updates
    .map(({ row, patch }) => ({ row, ...changeSet(entity.fields, row, patch) }))
    .filter(({ set }) => Object.keys(set).length > 0);
}

/**
 * One UPDATE … FROM jsonb_to_recordset(…) per batch. Every row sets every column
 * any row of the batch changes; a row that keeps a column sends its current value.
 */
async function updateBatch<Row extends Record<string, unknown>>(
  tx: Db,
  session: SessionContext,
  entity: BulkEntity<Row>,
  batch: { row: Row; set: Record<string, unknown> }[],
) {
  const changedKeys = [...new Set(batch.flatMap(({ set }) => Object.keys(set)))];
  const keys = ["id", ...changedKeys];
  const columns = tableColumns(entity.table, keys);
  const rows = batch.map(({ row, set }) => ({ ...row, ...set }));
  const { source } = recordset(columns, keys, rows, "v");
  const assignments = columns.slice(1).map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`);
  const id = sql.identifier(entity.columns.id.name);
  const organization = sql.identifier(entity.columns.organizationId.name);
  await tx.execute(sql`
    update ${sql.identifier(getTableName(entity.table))} as t set ${sql.join(assignments, sql`, `)}, updated_at = now()
    from ${source}
    where t.${id} = v.${id} and t.${organization} = ${session.organizationId}::uuid`);
}

/**
 * Applies patches to many locked rows, as updateItem applies one: only fields that
 * really change are written, each with its before and after value in an "updated"
 * history entry. Returns how many rows changed.
 */
export async function updateScopedRows<Row extends Record<string, unknown>>(
  tx: Db,
  session: SessionContext,
  entity: BulkEntity<Row>,
  updates: RowUpdate<Row>[],
): Promise<number> {
  const changed = realChanges(entity, updates);
  for (const batch of chunks(changed)) await updateBatch(tx, session, entity, batch);
  await insertHistory(
    tx,
    session,
    entity.type,
    changed.map(({ row, changes }) => ({ entityId: row.id as string, action: "updated" as const, changes })),
  );
  return changed.length;
}
