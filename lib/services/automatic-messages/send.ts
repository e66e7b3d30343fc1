import "server-only";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { automaticMessage, type AutomaticMessageState } from "@/db/schema/automatic-message";
import { customer } from "@/db/schema/customer";
import { message } from "@/db/schema/conversation";
import { invoice } from "@/db/schema/invoice";
import { quote } from "@/db/schema/quote";
import { visit } from "@/db/schema/visit";
import { CHANNELS, type Channel } from "@/lib/schemas/channels";
import { INVOICE_OPEN_STATUSES } from "@/lib/schemas/invoice-values";
import type { MessageType } from "@/lib/schemas/message";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/errors";
import { defineJob, scheduleJob, type SweepScope } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import type { VisitRow } from "@/lib/entities/visit";
import { startConversation } from "@/lib/services/conversation";
import { quoteTimeZone } from "../quote";
import { businessTimeZone } from "../site";
import { freshLink } from "../quote-link";
import { channels } from "../messaging/channels";
import { queueDelivery } from "../messaging/delivery";
import { openConversation } from "../messaging/inbound";
import { claimSendQuota } from "../messaging/send-quota";
import { appendMessage } from "../messaging/message-store";
import { reminderInvoiceLink } from "./invoice-link";
import { revisionOfSend, visitTime, visitRevision, type Planned } from "./plan";
import { channelDue, reminderKey, visitBegins } from "./planner";
import { sources, type AutomaticTrigger, type Consent, type EngineSettings, type Rendered } from "./sources";

/*
 * Sending a planned automatic message: a `send-automatic-message` job per row of
 * automatic_message, due at its time (pg-boss's startAfter), keyed by the row. The
 * job reads its source (the visit or the quote) and the settings again and sends
 * only what is still true: a reminder of the schedule the visit still has, a
 * cancellation of a visit still cancelled, a quote's follow-up while the customer
 * has neither opened nor answered that send, an invoice's payment reminder while
 * it is unpaid, not void and its reminders on, a trigger still switched on, to a
 * customer who still consents. The
 * message is written into the customer's conversation as any outgoing one, by
 * nobody (the organization), and delivered by the same deliver-message jobs, so
 * its state (sending, sent, failed with the reason, retry) and replies are the
 * conversation's. Each message carries its idempotency key (row, channel), unique
 * in the database, and is written with its row locked: two instances, a retry or
 * a sweep write it once.
 */

type PlanRow = typeof automaticMessage.$inferSelect;

/** After this long past its time, a planned row's job is taken as lost and stored again. */
const LEASE_MS = 10 * 60_000;
/** After this long past its time, a planned row is not sent at all. */
const EXPIRES_MS = 24 * 3600_000;

const sendJob = defineJob<{ id: string }>("send-automatic-message", async ({ id }) => sendPlanned(await getDb(), id), {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
});

/** Stores the job of each planned row, due at its time; call once the planning transaction has committed. */
export async function queuePlanned(planned: Planned): Promise<void> {
  for (const { id, dueAt } of planned) {
    try {
      const startAfter = dueAt.getTime() > now().getTime() ? dueAt : undefined;
      const jobId = await sendJob.send({ id }, { singletonKey: `automatic:${id}`, ...(startAfter ? { startAfter } : {}) });
      const db = await getDb();
      await db
        .update(automaticMessage)
        .set({ jobId: jobId ?? "waiting" })
        .where(eq(automaticMessage.id, id));
    } catch (error) {
      log().error({ err: error }, `[automatic] message ${id} waits for the sweep`);
    }
  }
}

/**
 * Planned rows whose job was never stored (the process stopped between the
 * visit's commit and the job), or whose time is long past (the job was lost):
 * their jobs are stored again. Sending them twice sends nothing twice.
 */
export async function sweepAutomaticMessages(at = now(), scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  const stale = await db
    .select({ id: automaticMessage.id, dueAt: automaticMessage.dueAt })
    .from(automaticMessage)
    .where(
      and(
        eq(automaticMessage.state, "planned"),
        scope.organizationId ? eq(automaticMessage.organizationId, scope.organizationId) : undefined,
        or(
          and(isNull(automaticMessage.jobId), lt(automaticMessage.createdAt, new Date(at.getTime() - 60_000))),
          lt(automaticMessage.dueAt, new Date(at.getTime() - LEASE_MS)),
        ),
      ),
    )
    .orderBy(asc(automaticMessage.dueAt))
    .limit(200);
  await queuePlanned(stale);
  return stale.length;
}

const sweep = defineJob("automatic-message-sweep", async () => void (await sweepAutomaticMessages()), { retryLimit: 0 });
scheduleJob(sweep, "* * * * *");

/** The idempotency key of a row's message on a channel. */
export const automaticKey = (row: Pick<PlanRow, "visitId" | "quoteId" | "invoiceId" | "trigger" | "slot" | "revision">, channel: Channel) =>
  `${row.visitId ?? row.quoteId ?? row.invoiceId}/${row.trigger}/${row.slot}/${row.revision}/${channel}`;

async function finish(db: Db, id: string, state: AutomaticMessageState, reason: string | null = null) {
  await db
    .update(automaticMessage)
    .set({ state, reason, updatedAt: now() })
    .where(and(eq(automaticMessage.id, id), eq(automaticMessage.state, "planned")));
}

/** Why a visit's row is no longer to be sent, or null while it is. */
function visitStaleness(row: PlanRow, current: VisitRow | undefined, settings: EngineSettings): string | null {
  if (!current) return "visit_removed";
  if (!settings.enabled || !settings.triggers[row.trigger as AutomaticTrigger]?.enabled) return "disabled";
  if (row.trigger === "reminder") {
    if (current.status !== "scheduled") return current.status;
    if (visitRevision(current) !== row.revision) return "moved";
    if (!settings.reminders.some((reminder) => reminderKey(reminder) === row.slot)) return "disabled";
  }
  if (row.trigger === "cancelled" && current.status !== "cancelled") return "restored";
  if ((row.trigger === "booked" || row.trigger === "rescheduled") && current.status === "cancelled") return "cancelled";
  return null;
}

type QuoteRow = typeof quote.$inferSelect;

/** Why a quote's follow-up is no longer to be sent: the customer opened or answered it, it was revised, expired, or the trigger is off. */
function quoteStaleness(row: PlanRow, current: QuoteRow | undefined, settings: EngineSettings): string | null {
  if (!current) return "quote_removed";
  if (!settings.enabled || !settings.triggers[row.trigger as AutomaticTrigger]?.enabled) return "disabled";
  if (current.status === "draft") return "revised";
  if (current.status !== "sent") return current.status;
  if (current.viewedAt) return "viewed";
  if (revisionOfSend(row.revision) !== current.revision) return "revised";
  return null;
}

type InvoiceRow = typeof invoice.$inferSelect;
const OPEN = new Set<string>(INVOICE_OPEN_STATUSES);

/** Why an invoice's payment reminder is no longer to be sent: paid, void, its reminders or the trigger switched off. */
function invoiceStaleness(current: InvoiceRow | undefined, trigger: string, settings: EngineSettings): string | null {
  if (!current) return "invoice_removed";
  if (!settings.enabled || !settings.triggers[trigger as AutomaticTrigger]?.enabled) return "disabled";
  if (current.status === "paid" || (OPEN.has(current.status) && current.due <= 0)) return "paid";
  if (!OPEN.has(current.status)) return current.status;
  if (!current.reminders) return "reminders_off";
  return null;
}

/**
 * What a row is about, read again as it is sent: whose conversation it goes to, at
 * which zone its quiet hours are, on which channels, whether it is still to be
 * sent, and for a quote the address it was sent to and its link.
 */
type Source = {
  stale: string | null;
  customerId: string | null;
  zone: string;
  channels: readonly Channel[];
  /** The address the message goes to on its channel, instead of the customer's own. */
  to?: { phone?: string | null; email?: string | null };
  /** A reminder is never sent once its visit has begun. */
  begins: Date | null;
  /** A quote's message: a new link to the quote, made in the transaction that writes it. */
  link?: (tx: Db) => Promise<string>;
};

async function sourceOf(db: Db, row: PlanRow, settings: EngineSettings): Promise<Source> {
  if (row.invoiceId) {
    const [current] = await db
      .select()
      .from(invoice)
      .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.invoiceId)));
    const stale = invoiceStaleness(current, row.trigger, settings);
    if (stale) return { stale, customerId: null, zone: "UTC", channels: [], begins: null };
    return {
      stale: null,
      customerId: current.customerId,
      zone: await businessTimeZone(db, current.organizationId, current.locationId),
      channels: CHANNELS,
      begins: null,
      link: async (tx) => (await reminderInvoiceLink(tx, current)).url,
    };
  }
  if (row.quoteId) {
    const [current] = await db
      .select()
      .from(quote)
      .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.quoteId)));
    const stale = quoteStaleness(row, current, settings);
    if (stale) return { stale, customerId: null, zone: "UTC", channels: [], begins: null };
    const channel = (row.channel ?? "email") as Channel;
    return {
      stale: null,
      customerId: current.customerId,
      zone: await quoteTimeZone(db, current),
      channels: [channel],
      to: row.recipient ? { [channel === "sms" ? "phone" : "email"]: row.recipient } : undefined,
      begins: null,
      // The link of the message it follows up stays open too.
      link: async (tx) => (await freshLink(tx, current, true)).url,
    };
  }
  const [current] = await db
    .select()
    .from(visit)
    .where(and(eq(visit.organizationId, row.organizationId), eq(visit.id, row.visitId!)));
  const stale = visitStaleness(row, current, settings);
  if (stale) return { stale, customerId: null, zone: "UTC", channels: [], begins: null };
  const begins = current.customerId ? visitBegins(await visitTime(db, current)) : null;
  return { stale: null, customerId: current.customerId, zone: current.timeZone, channels: CHANNELS, begins };
}

/**
 * Runs one planned row (the job's handler; tests call it directly): sends it on
 * each channel the customer can be reached on and consents to, now, or holds a
 * text until quiet hours end (then the row waits for that time); marks the row
 * done, or dropped or skipped with the reason.
 */
export async function sendPlanned(db: Db, id: string): Promise<void> {
  const [row] = await db.select().from(automaticMessage).where(eq(automaticMessage.id, id));
  if (!row || row.state !== "planned") return;
  // Started by pg-boss at the database's time, which may run a little ahead of this server's clock: within a minute it is due.
  if (row.dueAt.getTime() > now().getTime() + 60_000) return queuePlanned([{ id, dueAt: row.dueAt }]);
  const at = new Date(Math.max(now().getTime(), row.dueAt.getTime()));
  const { render, consent, settings: readSettings } = sources();
  const settings = await readSettings(db, row.organizationId);
  const source = await sourceOf(db, row, settings);
  if (source.stale) return finish(db, id, "dropped", source.stale);
  if (!source.customerId) return finish(db, id, "skipped", "no_customer");
  // A day after its time (its jobs kept failing, or the app was down) it says nothing useful any more.
  if (at.getTime() - row.dueAt.getTime() > EXPIRES_MS) return finish(db, id, "skipped", "expired");
  const { begins } = source;
  // Never late: a reminder whose visit has begun (its job ran after a long stop) is not sent.
  if (row.trigger === "reminder" && begins && at.getTime() >= begins.getTime()) return finish(db, id, "skipped", "late");

  const sourceId = (row.visitId ?? row.quoteId ?? row.invoiceId)!;
  const extras = { etaMinutes: row.etaMinutes, memberId: row.memberId };
  const reach = await consent(db, row.organizationId, source.customerId, source.to);
  let held: Date | null = null;
  for (const channel of source.channels) {
    const key = automaticKey(row, channel);
    if (await written(db, row.organizationId, key)) continue;
    const rendered = await render(db, row.organizationId, row.trigger as AutomaticTrigger, sourceId, channel, extras);
    if (!rendered) continue;
    const to = reach[channel];
    const due = channelDue(at, channel, row.trigger, settings.quiet_hours, source.zone);
    if (due.getTime() > at.getTime()) {
      // Quiet hours: the text waits for the morning, unless the visit has begun by then.
      if (row.trigger === "reminder" && begins && due.getTime() >= begins.getTime()) continue;
      if (held === null || due.getTime() < (held as Date).getTime()) held = due;
      continue;
    }
    // A quote's or invoice's message is written again with a link made as it is sent; one that is not sent makes none.
    const { link } = source;
    const compose = link
      ? async (tx: Db, live: boolean) => (live ? render(tx, row.organizationId, row.trigger as AutomaticTrigger, sourceId, channel, { ...extras, link: await link(tx) }) : rendered)
      : async () => rendered;
    await writeAutomatic(db, row, source.customerId, channel, key, to, compose);
  }
  if (!held) return finish(db, id, "done");
  await db.update(automaticMessage).set({ dueAt: held, updatedAt: at }).where(and(eq(automaticMessage.id, id), eq(automaticMessage.state, "planned")));
  await queuePlanned([{ id, dueAt: held }]);
}

async function written(db: Db, organizationId: string, key: string) {
  const [found] = await db
    .select({ id: message.id })
    .from(message)
    .where(and(eq(message.organizationId, organizationId), eq(message.automaticKey, key)));
  return found !== undefined;
}

/** Why consent refused a channel, as the message not sent states it in the conversation; null: not written at all (nowhere to send). */
function refusal(consent: Consent): string | null {
  if (consent.allowed) return null;
  if (consent.reason === "automated_emails_off") return "Not sent: the customer has turned off automated emails.";
  if (consent.reason !== "sms_opted_out") return null;
  const { how, keyword, since } = consent.optOut;
  const when = since.toISOString().slice(0, 10);
  if (how === "keyword") return `Not sent: this number replied ${(keyword ?? "STOP").toUpperCase()} on ${when}; it gets no texts until the customer replies START.`;
  if (how === "carrier") return `Not sent: the carrier reported on ${when} that this number has unsubscribed from texts; none go to it until the customer replies START.`;
  return `Not sent: the customer asked on ${when} for no texts to this number.`;
}

/**
 * Writes one channel's message into the customer's open conversation on that
 * channel (where its reply lands too), else a new one, with the row locked and
 * its key checked again, then queues its delivery. A channel the customer refused
 * is written as failed with the reason, so the conversation shows why it was not sent;
 * one with nowhere to send to is not written.
 */
async function writeAutomatic(
  db: Db,
  row: PlanRow,
  customerId: string,
  channel: Channel,
  key: string,
  to: Consent,
  compose: (tx: Db, live: boolean) => Promise<Rendered | null>,
) {
  const refused = refusal(to);
  if (!to.allowed && !refused) return;
  const written = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(automaticMessage).where(eq(automaticMessage.id, row.id)).for("update");
    if (!locked || locked.state !== "planned") return null;
    const [exists] = await tx
      .select({ id: message.id })
      .from(message)
      .where(and(eq(message.organizationId, row.organizationId), eq(message.automaticKey, key)));
    if (exists) return null;
    const [client] = await tx
      .select({ id: customer.id, name: customer.name })
      .from(customer)
      .where(and(eq(customer.organizationId, row.organizationId), eq(customer.id, customerId)));
    const source = to.allowed ? to.to : await refusedAddress(tx, row.organizationId, client.id, channel);
    await lockCustomerChannel(tx, row.organizationId, client.id, channel);
    // Past the organization's sending limits the message is kept as failed, with why; a member may send it again later.
    const overLimit = to.allowed ? await quotaRefusal(tx, row.organizationId, channel) : null;
    const rendered = await compose(tx, to.allowed && !overLimit);
    if (!rendered) return null;
    const target =
      (await openConversation(tx, row.organizationId, client.id, channel)) ??
      (await startConversation(tx, {
        organizationId: row.organizationId,
        locationId: null,
        memberId: null,
        title: channels[channel].conversationTitle({ subject: rendered.subject ?? "", party: client.name }),
        customer: client,
        sources: [],
      }));
    const type = (channel === "email" ? { id: "email", source, title: rendered.subject ?? "", content: rendered.text } : { id: "sms", source, content: rendered.text }) as MessageType;
    const extra = await channels[channel].outgoing(tx, target.id, type);
    const values = { authorId: null, channel, direction: "outgoing", source, content: rendered.text, automaticKey: key, ...extra } as const;
    if (!to.allowed || overLimit) return appendMessage(tx, target, { ...values, delivery: "failed", deliveryError: refused ?? overLimit });
    return appendMessage(tx, target, { ...values, delivery: "queued" });
  });
  if (written?.delivery === "queued") await queueDelivery(written.id);
}

/** Counts the message against the organization's sending limits; why not, when it would pass one. */
async function quotaRefusal(tx: Db, organizationId: string, channel: Channel): Promise<string | null> {
  try {
    await claimSendQuota(tx, { organizationId, memberId: null }, channel);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    const { period, limit } = error.values as { period?: string; limit?: string };
    return `Not sent: the organization's limit for ${channel === "sms" ? "text messages" : "emails"} (${limit} per ${period}) was reached. Send it again later.`;
  }
}

/** Serializes the writers of one customer's channel, so two messages at once do not each start a conversation. */
const lockCustomerChannel = (tx: Db, organizationId: string, customerId: string, channel: Channel) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`automatic:${organizationId}:${customerId}:${channel}`}, 0))`);

/** The customer's own address or number a refused message names. */
async function refusedAddress(tx: Db, organizationId: string, customerId: string, channel: Channel) {
  const [found] = await tx
    .select({ email: customer.email, phone: customer.phone })
    .from(customer)
    .where(and(eq(customer.organizationId, organizationId), eq(customer.id, customerId)));
  return (channel === "email" ? found?.email : found?.phone) ?? "";
}
