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

/** Share of the quota that customers' attachments may still fill past it when INBOUND_STORAGE_CEILING_BYTES is unset. */
const INBOUND_GRACE = 0.1;

/**
 * INBOUND_STORAGE_CEILING_BYTES: what one organization may keep before attachments
 * customers send (email, texts, mailbox sync) are no longer kept. They count toward
 * the quota like uploads, but are kept past it up to this hard ceiling, so a full
 * quota does not at once lose what customers send. Unset: the quota and a tenth;
 * unlimited when there is no quota either.
 */
export function inboundCeiling(): number | null {
  const ceiling = Number(process.env.INBOUND_STORAGE_CEILING_BYTES);
  if (Number.isFinite(ceiling) && ceiling > 0) return ceiling;
  const quota = storageQuota();
  return quota === null ? null : Math.floor(quota * (1 + INBOUND_GRACE));
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
 * What adds files to one organization (uploads, customers' attachments) queues on
 * this lock for the rest of the transaction, so two at once cannot both fit into
 * the same room.
 */
const lockStorage = (tx: Db, organizationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file-quota:${organizationId}`}, 0))`);

/** Refuses bytes that would take the organization past its quota. */
export async function assertWithinQuota(tx: Db, organizationId: string, adding: number) {
  const quota = storageQuota();
  if (quota === null) return;
  await lockStorage(tx, organizationId);
  const used = await storageUsed(tx, organizationId);
  if (used + adding > quota) {
    throw new ApiError(
      413,
      "errors.file.quota",
      { quota, used },
      {},
      { quota: formatFileSize(quota), used: formatFileSize(used) },
    );
  }
}

/**
 * Bytes of customers' attachments the organization may still keep under the
 * inbound ceiling, held for the rest of the transaction; null: no limit.
 */
export async function inboundRoom(tx: Db, organizationId: string): Promise<number | null> {
  const ceiling = inboundCeiling();
  if (ceiling === null) return null;
  await lockStorage(tx, organizationId);
  return Math.max(0, ceiling - (await storageUsed(tx, organizationId)));
}
