import "server-only";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { organization } from "@/db/schema/organization";
import { deliverMail, senderAddress } from "@/lib/server/mail";
import { smsTransport } from "@/lib/server/sms";
import { readStoredFile } from "@/lib/server/storage";
import type { MessageRow } from "./message-store";

/*
 * Outgoing email and SMS leave after the request that wrote them has committed,
 * so a provider failure never loses what was written: the message stays, marked
 * failed with the reason, and can be sent again.
 *
 * A message being sent is claimed by stamping its updated_at. One that stays
 * queued for longer than LEASE_MS was left behind (the process stopped while
 * sending, or before it began): the sweep started with the server claims it again
 * (`updated_at` older than the lease, in one statement, so one instance wins) and
 * sends it. The mail transport gives up well within the lease.
 */
const LEASE_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const REASON_MAX = 1000;

const pending = new Set<Promise<void>>();
const inFlight = new Set<string>();

/** Sends a queued message in the background; the caller does not wait. */
export function queueDelivery(id: string, staleBefore?: Date): void {
  if (inFlight.has(id)) return;
  inFlight.add(id);
  const run: Promise<void> = deliver(id, staleBefore)
    .catch((error) => console.error(`[delivery] message ${id} stays queued:`, error))
    .finally(() => {
      pending.delete(run);
      inFlight.delete(id);
    });
  pending.add(run);
}

/** Resolves once every delivery started in this process has finished (tests wait on it). */
export async function deliveriesSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** Queued messages whose lease ran out: claims and sends them. Returns how many it took. */
export async function resumeDeliveries(leaseMs = LEASE_MS): Promise<number> {
  const db = await getDb();
  const staleBefore = new Date(Date.now() - leaseMs);
  const stale = await db
    .select({ id: message.id })
    .from(message)
    .where(and(eq(message.delivery, "queued"), lt(message.updatedAt, staleBefore)))
    .orderBy(asc(message.updatedAt))
    .limit(100);
  for (const row of stale) queueDelivery(row.id, staleBefore);
  return stale.length;
}

let sweep: ReturnType<typeof setInterval> | undefined;

/** From server start: messages left queued by a stopped process are sent, once now and then every minute. */
export function startDeliverySweep(): void {
  if (sweep) return;
  const run = () => void resumeDeliveries().catch((error) => console.error("[delivery] sweep failed:", error));
  run();
  sweep = setInterval(run, SWEEP_EVERY_MS);
  sweep.unref();
}

async function deliver(id: string, staleBefore?: Date): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(message)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(message.id, id), eq(message.delivery, "queued"), staleBefore ? lt(message.updatedAt, staleBefore) : undefined))
    .returning();
  if (!row) return;
  let outcome: Partial<MessageRow>;
  try {
    const providerId = row.kind === "email" ? await sendEmail(db, row) : await sendSms(row);
    outcome = { delivery: "sent", deliveryError: null, ...(providerId ? { providerId } : {}) };
  } catch (error) {
    outcome = { delivery: "failed", deliveryError: failureReason(row, error) };
  }
  await db
    .update(message)
    .set({ ...outcome, updatedAt: sql`now()` })
    .where(and(eq(message.id, id), eq(message.delivery, "queued")));
}

/** Why a send failed, in words a member can act on; the server's own answer is kept. */
function failureReason(row: MessageRow, error: unknown): string {
  const e = (error ?? {}) as { message?: string; code?: string; command?: string; response?: string; responseCode?: number };
  const detail = (e.response || e.message || String(error)).trim();
  let reason: string;
  if (row.kind === "sms") reason = `The text message could not be sent: ${detail}`;
  else if (error instanceof MissingAttachment) reason = error.message;
  else if (e.code === "EAUTH" || e.code === "ENOAUTH") reason = `The mail server refused our login: ${detail}`;
  else if (e.responseCode && /^RCPT/i.test(e.command ?? "")) reason = `The mail server refused the recipient: ${detail}`;
  else if (e.responseCode && /^MAIL/i.test(e.command ?? "")) reason = `The mail server refused the sender address: ${detail}`;
  else if (e.responseCode) reason = `The mail server refused the message: ${detail}`;
  else if (["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS"].includes(e.code ?? "")) reason = `Could not reach the mail server: ${detail}`;
  else reason = `Sending failed: ${detail}`;
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
}

class MissingAttachment extends Error {}

/** "Re: Re: AW: Quote" and "Quote" are one subject. */
const baseSubject = (subject: string) => subject.replace(/^(\s*(re|fwd?|aw|wg|sv|vs)\s*(\[\d+\])?\s*:\s*)+/i, "").trim();

/**
 * The subject as the member wrote it; a reply under the thread's own subject
 * becomes "Re: <subject>" once, however many replies came before.
 */
async function subjectOf(db: Db, row: MessageRow): Promise<string> {
  if (!row.inReplyTo) return row.title;
  const [parent] = await db
    .select({ title: message.title })
    .from(message)
    .where(and(eq(message.organizationId, row.organizationId), eq(message.messageId, row.inReplyTo)));
  const base = baseSubject(row.title);
  return parent && base.toLowerCase() === baseSubject(parent.title).toLowerCase() ? `Re: ${base}` : row.title;
}

async function attachments(db: Db, row: MessageRow) {
  if (row.files.length === 0) return [];
  const rows = await db
    .select()
    .from(file)
    .where(and(eq(file.organizationId, row.organizationId), inArray(file.id, row.files)));
  const byId = new Map(rows.map((entry) => [entry.id, entry]));
  const out = [];
  for (const id of row.files) {
    const entry = byId.get(id);
    const content = entry && !entry.removed ? await readStoredFile(row.organizationId, id) : null;
    if (!entry || !content) throw new MissingAttachment(`An attachment is no longer stored${entry ? `: ${entry.name}` : ""}`);
    out.push({ filename: entry.name, content, contentType: entry.mimetype });
  }
  return out;
}

/** From the organization's name at our address, under the Message-ID stored when the message was written. */
async function sendEmail(db: Db, row: MessageRow): Promise<null> {
  const [sender] = await db.select({ name: organization.name }).from(organization).where(eq(organization.id, row.organizationId));
  await deliverMail({
    from: { name: sender.name, address: senderAddress() },
    to: row.source,
    subject: await subjectOf(db, row),
    text: row.content,
    messageId: row.messageId ?? undefined,
    inReplyTo: row.inReplyTo ?? undefined,
    references: row.references.length > 0 ? row.references : undefined,
    attachments: await attachments(db, row),
  });
  return null;
}

async function sendSms(row: MessageRow): Promise<string> {
  const { providerId } = await smsTransport().send({ to: row.source, body: row.content });
  return providerId;
}
