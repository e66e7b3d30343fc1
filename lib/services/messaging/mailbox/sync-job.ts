import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mailbox } from "@/db/schema/mailbox";
import { defineJob, scheduleJob } from "@/lib/server/jobs";
import { GrantRevoked } from "./provider";
import { syncMailbox } from "./sync";

/** A connected mailbox is read again when its last sync is older than this. */
const SYNC_EVERY_MINUTES = 2;
/** Mailboxes queued by one sweep; the rest are due in the next one. */
const SWEEP_MAX = 500;

/**
 * One organization's mailbox sync. A revoked grant has disconnected the mailbox
 * already (nothing to retry); any other failure is kept as its last error and
 * retried with backoff.
 */
const syncJob = defineJob<{ organizationId: string }>(
  "sync-mailbox",
  async ({ organizationId }) => {
    try {
      await syncMailbox(await getDb(), organizationId);
    } catch (error) {
      if (!(error instanceof GrantRevoked)) throw error;
    }
  },
  { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
);

/** Asks for a sync of the organization's mailbox; while one is waiting to start, that one does it. */
export async function requestMailboxSync(organizationId: string): Promise<void> {
  await syncJob.send({ organizationId }, { singletonKey: organizationId });
}

/** Every minute, across instances: the connected mailboxes not read for a while are synced. */
const sweep = defineJob(
  "sync-mailboxes",
  async () => {
    const db = await getDb();
    const due = await db
      .select({ organizationId: mailbox.organizationId })
      .from(mailbox)
      .where(
        and(
          eq(mailbox.status, "connected"),
          or(isNull(mailbox.lastSyncAt), lt(mailbox.lastSyncAt, sql`now() - make_interval(mins => ${SYNC_EVERY_MINUTES})`)),
        ),
      )
      .limit(SWEEP_MAX);
    for (const row of due) await requestMailboxSync(row.organizationId);
  },
  { retryLimit: 0 },
);
scheduleJob(sweep, "* * * * *");
