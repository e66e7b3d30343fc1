import "server-only";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { defineJob, jobsSettled, scheduleJob, type SweepScope } from "@/lib/server/jobs";
import type { MessageRow } from "@/lib/entities/message";
import { channelOf } from "./channels";
import { log } from "@/lib/server/log";

/*
 * Outgoing email and SMS leave after the request that wrote them has committed,
 * so a provider failure never loses what was written: the message stays, marked
 * failed with the reason, and the member can send it again.
 *
 * Each send is a `deliver-message` job keyed by the message id. A message being
 * sent is claimed by stamping its updated_at, in one statement, so only one job
 * sends it. One that stays queued for longer than LEASE_MS was left behind (the
 * process stopped while sending, or between the commit and the job): the sweep,
 * every minute, sends it again under the same claim (`updated_at` older than the
 * lease, so one instance wins). A job that runs again after failing (its process
 * died, or the database did not answer) claims under the lease too, so a message
 * it may have handed to the mail server already is not sent twice before then.
 * The mail transport gives up well within the lease.
 */
const LEASE_MS = 10 * 60_000;

type Delivery = { id: string; staleBefore?: string };

const deliverMessage = defineJob<Delivery>(
  "deliver-message",
  async ({ id, staleBefore }, job) => {
    const lease = staleBefore ? new Date(staleBefore) : job.retryCount > 0 ? new Date(Date.now() - LEASE_MS) : undefined;
    await deliver(id, lease);
  },
  { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: LEASE_MS / 1000, concurrency: 4 },
);

/**
 * Sends a queued message in the background once its transaction has committed;
 * the caller waits only for the job to be stored. If even that fails, the message
 * stays queued and the sweep sends it.
 */
export async function queueDelivery(id: string, staleBefore?: Date): Promise<void> {
  try {
    await deliverMessage.send({ id, ...(staleBefore ? { staleBefore: staleBefore.toISOString() } : {}) }, { singletonKey: id });
  } catch (error) {
    log().error({ err: error }, `[delivery] message ${id} stays queued until the sweep`);
  }
}

/** Resolves once the deliveries this process started have finished (tests wait on it). */
export const deliveriesSettled = (): Promise<void> => jobsSettled();

/** Queued messages whose lease ran out: sends them again. Returns how many it found. */
export async function resumeDeliveries(leaseMs = LEASE_MS, scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  const staleBefore = new Date(Date.now() - leaseMs);
  const stale = await db
    .select({ id: message.id })
    .from(message)
    .where(
      and(
        eq(message.delivery, "queued"),
        lt(message.updatedAt, staleBefore),
        scope.organizationId ? eq(message.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(asc(message.updatedAt))
    .limit(100);
  for (const row of stale) await queueDelivery(row.id, staleBefore);
  return stale.length;
}

const deliverySweep = defineJob("delivery-sweep", async () => void (await resumeDeliveries()), { retryLimit: 0 });
scheduleJob(deliverySweep, "* * * * *");

async function deliver(id: string, staleBefore?: Date): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(message)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(message.id, id), eq(message.delivery, "queued"), staleBefore ? lt(message.updatedAt, staleBefore) : undefined))
    .returning();
  // Sent, failed (the member sends it again), or being sent by another job.
  if (!row) return;
  let outcome: Partial<MessageRow>;
  try {
    const sent = await channelOf(row).send(db, row);
    outcome = {
      delivery: "sent",
      deliveryError: null,
      ...(sent.providerId ? { providerId: sent.providerId } : {}),
      ...(sent.threadId ? { threadId: sent.threadId } : {}),
    };
  } catch (error) {
    outcome = { delivery: "failed", deliveryError: channelOf(row).failureReason(error) };
  }
  await db
    .update(message)
    .set({ ...outcome, updatedAt: sql`now()` })
    .where(and(eq(message.id, id), eq(message.delivery, "queued")));
}
