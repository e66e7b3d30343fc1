import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { history, type HistoryChanges } from "@/db/schema/activity";
import { member } from "@/db/schema/member";

type Entry = {
  organizationId: string;
  entityType: string;
  entityId: string;
  memberId: string | null;
  action: "created" | "updated";
  changes: HistoryChanges;
};

/** Call inside the transaction that makes the change, so both land or neither. */
export async function recordHistory(db: Db, entry: Entry): Promise<void> {
  await db.insert(history).values(entry);
}

/** A created item's history: every given field goes from nothing to its value. */
export function creationChanges(values: Record<string, unknown>): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const [field, value] of Object.entries(values)) {
    if (value !== undefined) changes[field] = [null, value];
  }
  return changes;
}

/** Changes as history shows them, each value passed through the entity's `historyValue` (a percentage kept in thousandths) when it has one. */
export function changesShown(changes: HistoryChanges, historyValue?: (field: string, value: unknown) => unknown): HistoryChanges {
  if (!historyValue) return changes;
  return Object.fromEntries(Object.entries(changes).map(([field, [before, after]]) => [field, [historyValue(field, before), historyValue(field, after)]]));
}

const HISTORY_LIMIT = 500;

/** An item's history as the API answers it, newest first; the caller has checked that the session may see the item. */
export async function readHistory(db: Db, organizationId: string, entityType: string, entityId: string) {
  const rows = await db
    .select({ entry: history, memberName: member.name })
    .from(history)
    .leftJoin(member, eq(member.id, history.memberId))
    .where(and(eq(history.organizationId, organizationId), eq(history.entityType, entityType), eq(history.entityId, entityId)))
    .orderBy(desc(history.createdAt), desc(history.id))
    .limit(HISTORY_LIMIT);
  return {
    items: rows.map(({ entry, memberName }) => ({
      id: entry.id,
      date: entry.createdAt,
      member: entry.memberId ? { id: entry.memberId, name: memberName } : null,
      action: entry.action,
      changes: entry.changes,
    })),
  };
}
