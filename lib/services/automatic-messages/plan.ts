import "server-only";
import { and, eq, inArray, ne, notInArray, or } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "@/db/client";
import { automaticMessage } from "@/db/schema/automatic-message";
import { location, organization } from "@/db/schema/organization";
import {
  DEFAULT_INVOICE_OVERDUE_DAYS,
  DEFAULT_INVOICE_REMINDER_DAYS,
  DEFAULT_QUOTE_FOLLOW_UP_DAYS,
  INVOICE_REMINDER_TIME,
} from "@/lib/schemas/automatic-message-triggers";
import type { Channel } from "@/lib/schemas/channels";
import { businessDetailsAt, WEEKDAYS } from "@/lib/schemas/business";
import { now } from "@/lib/server/clock";
import type { VisitRow } from "@/lib/entities/visit";
import { instantOnDay, localParts } from "@/lib/server/zoned-time";
import { planReminders, scheduleRevision, type VisitTime } from "./planner";
import { sources, type AutomaticTrigger, type EngineSettings } from "./sources";

/*
 * Planning, in the transaction of the visit's change: what the change means for
 * the customer (booked, rescheduled, cancelled, on my way, completed: due now)
 * and which reminders the visit now has (due before it). Each is a row of
 * automatic_message; its job is stored once the transaction has committed
 * (queuePlanned), so a change that rolls back plans nothing and one that commits
 * loses nothing: a row whose job was never stored is found by the sweep.
 */

export type VisitChangeExtras = {
  /** On my way: the minutes until arrival the member gave. */
  etaMinutes?: number | null;
  /** Who made the change. */
  memberId?: string | null;
};

/** The rows a change planned, to be queued once it commits. */
export type Planned = { id: string; dueAt: Date }[];

/** A visit's schedule as its reminders are planned from: its start or day, at its zone. */
export const visitRevision = (row: Pick<VisitRow, "startAt" | "day" | "timeZone">) => {
  const schedule = scheduleRevision({ start: row.startAt, day: row.day });
  return schedule && `${schedule}@${row.timeZone}`;
};

const sameMembers = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

const moved = (before: VisitRow, after: VisitRow) =>
  before.startAt?.getTime() !== after.startAt?.getTime() || before.endAt?.getTime() !== after.endAt?.getTime() || before.day !== after.day;

type Event = { trigger: AutomaticTrigger; revision: string; etaMinutes?: number | null; memberId?: string | null };

/** What a change tells the customer, at most one message per trigger and revision. */
function eventsOf(before: VisitRow | null, after: VisitRow, extras: VisitChangeExtras): Event[] {
  const scheduled = visitRevision(after) !== null;
  const statusChanged = before !== null && before.status !== after.status;
  const at = after.statusChanged.toISOString();
  if (before === null) return scheduled && after.status === "scheduled" ? [{ trigger: "booked", revision: "booked" }] : [];
  const events: Event[] = [];
  if (statusChanged && after.status === "cancelled") return [{ trigger: "cancelled", revision: at }];
  if (statusChanged && after.status === "completed") events.push({ trigger: "completed", revision: at });
  if (statusChanged && after.status === "on_the_way") {
    events.push({ trigger: "on_my_way", revision: at, etaMinutes: extras.etaMinutes ?? null, memberId: extras.memberId ?? null });
  }
  if (after.status === "cancelled" || after.status === "completed" || !scheduled) return events;
  // A visit given its first time is booked now; a booked one moved or given to others is rescheduled.
  if (visitRevision(before) === null || (statusChanged && before.status === "cancelled")) events.push({ trigger: "booked", revision: `booked:${after.updatedAt.toISOString()}` });
  else if (moved(before, after) || !sameMembers(before.members, after.members)) events.push({ trigger: "rescheduled", revision: after.updatedAt.toISOString() });
  return events;
}

/** The opening time of an any-time visit's day at its location (business hours), for its reminders. */
async function dayStart(tx: Db, row: VisitRow): Promise<string | null> {
  if (!row.day) return null;
  const [org] = await tx.select({ business: organization.business }).from(organization).where(eq(organization.id, row.organizationId));
  const [at] = row.locationId
    ? await tx
        .select({ business: location.business })
        .from(location)
        .where(and(eq(location.organizationId, row.organizationId), eq(location.id, row.locationId)))
    : [];
  const weekday = WEEKDAYS[localParts(new Date(`${row.day}T12:00:00Z`), "UTC").weekday - 1];
  return businessDetailsAt(org.business, at?.business).hours?.[weekday]?.[0]?.from ?? null;
}

/** The visit's time as the planner reads it. */
export async function visitTime(tx: Db, row: VisitRow): Promise<VisitTime> {
  return { start: row.startAt, day: row.day, zone: row.timeZone, dayStart: await dayStart(tx, row) };
}

const enabled = (settings: EngineSettings, trigger: AutomaticTrigger) => settings.enabled && settings.triggers[trigger].enabled;

/**
 * Plans what a visit's change (`before` null: its creation) sends the customer, in
 * the change's transaction: the messages about the change itself, and the visit's
 * reminders for its current schedule. Reminders planned for another schedule, or
 * for a visit no longer waiting to happen, are dropped; one whose time has passed
 * is recorded as skipped, never sent late. Answers the rows to queue after commit.
 */
export async function planVisitMessages(tx: Db, before: VisitRow | null, after: VisitRow, extras: VisitChangeExtras = {}): Promise<Planned> {
  const read = await sources().settings(tx, after.organizationId);
  // The visit's own switch: a visit kept out of automatic messages plans none, and drops its reminders; so does one without a customer to write to.
  const settings = after.automaticMessages && after.customerId ? read : { ...read, enabled: false };
  const at = now();
  const base = { organizationId: after.organizationId, visitId: after.id };
  const rows: (typeof automaticMessage.$inferInsert)[] = [];
  for (const event of eventsOf(before, after, extras)) {
    if (!enabled(settings, event.trigger)) continue;
    rows.push({ ...base, trigger: event.trigger, revision: event.revision, dueAt: at, etaMinutes: event.etaMinutes ?? null, memberId: event.memberId ?? null });
  }

  const revision = visitRevision(after);
  const wanted = revision !== null && after.status === "scheduled" && enabled(settings, "reminder");
  const reminders = wanted ? planReminders(await visitTime(tx, after), settings.reminders, at) : [];
  // Reminders of another schedule, a visit no longer scheduled, or a setting since removed.
  const reason = after.status === "cancelled" ? "cancelled" : after.status !== "scheduled" ? after.status : "moved";
  await tx
    .update(automaticMessage)
    .set({ state: "dropped", reason, updatedAt: at })
    .where(
      and(
        eq(automaticMessage.organizationId, after.organizationId),
        eq(automaticMessage.visitId, after.id),
        eq(automaticMessage.trigger, "reminder"),
        eq(automaticMessage.state, "planned"),
        revision === null || reminders.length === 0
          ? undefined
          : or(ne(automaticMessage.revision, revision), notInArray(automaticMessage.slot, reminders.map((reminder) => reminder.key))),
      ),
    );
  for (const reminder of reminders) {
    rows.push({
      ...base,
      trigger: "reminder",
      slot: reminder.key,
      revision: revision!,
      dueAt: reminder.due,
      ...(reminder.late ? { state: "skipped" as const, reason: "late" } : {}),
    });
  }
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(automaticMessage)
    .values(rows)
    .onConflictDoNothing({ target: [automaticMessage.organizationId, automaticMessage.visitId, automaticMessage.trigger, automaticMessage.slot, automaticMessage.revision] })
    .returning({ id: automaticMessage.id, dueAt: automaticMessage.dueAt, state: automaticMessage.state });
  return inserted.filter((row) => row.state === "planned").map(({ id, dueAt }) => ({ id, dueAt }));
}

/** Planned rows by id, for the sweep and tests. */
export const plannedRows = (tx: Db, ids: string[]) => tx.select().from(automaticMessage).where(inArray(automaticMessage.id, ids));

/** A quote's send as its follow-up is planned from: the revision sent, and when. */
export const quoteSendRevision = (revision: number, at: Date) => `${revision}@${at.toISOString()}`;

/** The quote revision a follow-up's send was of. */
export const revisionOfSend = (revision: string) => Number(revision.slice(0, revision.indexOf("@")));

export type QuoteSend = { channel: Channel; to: string; at: Date; zone: string };

/**
 * Plans a quote's follow-up, in the transaction that sends the quote: due so many
 * days after the send (at the same time of day at the quote's zone), by the channel
 * and to the address it was sent to. A follow-up planned for an earlier send is
 * dropped: a quote sent again is followed up from its new send. Nothing is planned
 * when the trigger is off, or when the quote was sent again after the customer
 * had already opened it.
 */
export async function planQuoteFollowUp(
  tx: Db,
  row: { id: string; organizationId: string; revision: number; status: string },
  send: QuoteSend,
): Promise<Planned> {
  const settings = await sources().settings(tx, row.organizationId);
  await tx
    .update(automaticMessage)
    .set({ state: "dropped", reason: "sent_again", updatedAt: send.at })
    .where(
      and(
        eq(automaticMessage.organizationId, row.organizationId),
        eq(automaticMessage.quoteId, row.id),
        eq(automaticMessage.trigger, "quote_follow_up"),
        eq(automaticMessage.state, "planned"),
      ),
    );
  if (!enabled(settings, "quote_follow_up") || row.status !== "sent") return [];
  const days = settings.quote_follow_up_days ?? DEFAULT_QUOTE_FOLLOW_UP_DAYS;
  const dueAt = new Date(
    Temporal.Instant.fromEpochMilliseconds(send.at.getTime()).toZonedDateTimeISO(send.zone).add({ days }).epochMilliseconds,
  );
  const inserted = await tx
    .insert(automaticMessage)
    .values({
      organizationId: row.organizationId,
      quoteId: row.id,
      trigger: "quote_follow_up",
      revision: quoteSendRevision(row.revision, send.at),
      dueAt,
      channel: send.channel,
      recipient: send.to,
    })
    .onConflictDoNothing({ target: [automaticMessage.organizationId, automaticMessage.quoteId, automaticMessage.trigger, automaticMessage.slot, automaticMessage.revision] })
    .returning({ id: automaticMessage.id, dueAt: automaticMessage.dueAt });
  return inserted;
}

/** An invoice's reminder slots: `before:3` (days before the due date), `after:7` (days after it). */
export const invoiceSlot = (when: "before" | "after", days: number) => `${when}:${days}`;

export type IssuedInvoice = { id: string; organizationId: string; kind: string; dueDate: string | null; reminders: boolean };

/**
 * Plans an invoice's payment reminders, in the transaction that issues it: one so many
 * days before its due date (trigger invoice_reminder) and up to two so many days after
 * it (invoice_overdue), each at INVOICE_REMINDER_TIME at the invoice's zone, by the
 * organization's settings as they are at issue; the revision is the due date, which an
 * issued invoice never changes. One whose time has already passed (an invoice issued
 * late, or back-dated) is recorded as skipped; with `overdueNow` (the office's choice
 * when it issues an invoice already past its due day) the first such overdue one goes
 * at once instead. An old invoice entered after it was paid reminds nobody unasked.
 * Nothing for a credit note, an invoice whose reminders are off, or a trigger switched
 * off: whether it is still to be sent (unpaid, not void, reminders on) is read again
 * when it is due.
 */
export async function planInvoiceReminders(tx: Db, row: IssuedInvoice, zone: string, { overdueNow = false } = {}): Promise<Planned> {
  if (row.kind === "credit_note" || !row.dueDate || !row.reminders) return [];
  const settings = await sources().settings(tx, row.organizationId);
  const at = now();
  const due = Temporal.PlainDate.from(row.dueDate);
  const slots: { trigger: AutomaticTrigger; slot: string; day: Temporal.PlainDate }[] = [];
  if (enabled(settings, "invoice_reminder")) {
    const days = settings.invoice_reminder_days ?? DEFAULT_INVOICE_REMINDER_DAYS;
    slots.push({ trigger: "invoice_reminder", slot: invoiceSlot("before", days), day: due.subtract({ days }) });
  }
  if (enabled(settings, "invoice_overdue")) {
    for (const days of [...(settings.invoice_overdue_days ?? DEFAULT_INVOICE_OVERDUE_DAYS)].sort((a, b) => a - b)) {
      slots.push({ trigger: "invoice_overdue", slot: invoiceSlot("after", days), day: due.add({ days }) });
    }
  }
  if (slots.length === 0) return [];
  // Of the overdue reminders whose day has passed, the first goes now when asked (the customer has not been reminded yet); the others are skipped.
  let sendsNow = overdueNow;
  const rows = slots.map(({ trigger, slot, day }) => {
    const dueAt = instantOnDay(day.toString(), INVOICE_REMINDER_TIME, zone);
    const late = dueAt.getTime() <= at.getTime();
    const goes = late && trigger === "invoice_overdue" && sendsNow;
    if (goes) sendsNow = false;
    return {
      organizationId: row.organizationId,
      invoiceId: row.id,
      trigger,
      slot,
      revision: row.dueDate!,
      dueAt: goes ? at : dueAt,
      ...(late && !goes ? { state: "skipped" as const, reason: "late" } : {}),
    };
  });
  const inserted = await tx
    .insert(automaticMessage)
    .values(rows)
    .onConflictDoNothing({ target: [automaticMessage.organizationId, automaticMessage.invoiceId, automaticMessage.trigger, automaticMessage.slot, automaticMessage.revision] })
    .returning({ id: automaticMessage.id, dueAt: automaticMessage.dueAt, state: automaticMessage.state });
  return inserted.filter((item) => item.state === "planned").map(({ id, dueAt }) => ({ id, dueAt }));
}
