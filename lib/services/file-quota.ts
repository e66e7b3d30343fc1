import "server-only";
import { and, eq, not, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { formatFileSize } from "@/lib/schemas/file-kind";
import { ApiError } from "@/lib/server/errors";

/** STORAGE_QUOTA_BYTES: what one organization may keep; unset (or not a positive number) is unlimited. */
export function storageQuota(): number | null {
  const quota = Number(process.env.STORAGE_QUOTA_BYTES);
  return Number.isFinite(quota) && quota > 0 ? quota : null;
}

/** Bytes the organization keeps: files not removed. */
export async function storageUsed(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${file.size}), 0)` })
    .from(file)
    .where(and(eq(file.organizationId, organizationId), not(file.removed)));
  return Number(row.used);
}

/**
 * Refuses bytes that would take the organization past its quota. Uploads of one
 * organization queue on a lock for the rest of the transaction, so two at once
 * cannot both fit into the same room.
 */
export async function assertWithinQuota(tx: Db, organizationId: string, adding: number) {
  const quota = storageQuota();
  if (quota === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file-quota:${organizationId}`}, 0))`);
  const used = await storageUsed(tx, organizationId);
  if (used + adding > quota) {
    throw new ApiError(
      413,
      `This upload would exceed the storage quota of ${formatFileSize(quota)} (${formatFileSize(used)} used): remove files you no longer need`,
      { quota, used },
    );
  }
}
