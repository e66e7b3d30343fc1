import "server-only";
import type { Db } from "@/db/client";
import { history, type HistoryChanges } from "@/db/schema/activity";

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
