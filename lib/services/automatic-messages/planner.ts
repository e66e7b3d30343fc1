import { Temporal } from "temporal-polyfill";
import type { QuietHours, Reminder } from "@/lib/schemas/automatic-message-triggers";

export type { QuietHours, Reminder };

/*
 * When each automatic message about a visit is due: pure functions of the visit's
 * time, the organization's reminder and quiet-hour settings, and "now", so the
 * rules are tested without a database or a clock (ARCHITECTURE.md §8a: instants
 * planned from wall clocks at the site's IANA zone, through Temporal).
 *
 * - A message about something that just happened (booked, rescheduled, cancelled,
 *   on my way, completed) is due at once.
 * - "N hours before": the visit's start less N hours (real hours, across a clock change too).
 * - "N days before at HH:MM": the visit's local date less N days, at HH:MM at the
 *   site (a time the clocks skip that day moves forward, as opening hours do).
 * - An any-time visit (a day, no time) "starts" for its reminders at the day's
 *   opening time at its location (the business hours), else at DAY_START: a
 *   reminder "2 hours before" an any-time visit on a Tuesday goes out at 06:00 on
 *   Tuesday, or as quiet hours let a text go.
 * - A reminder whose time has passed when the visit is booked or moved is
 *   skipped, never sent late; so is one that would go out after the visit starts.
 * - Quiet hours hold a text due inside them until they end (the morning) at the
 *   site; emails are not held, and neither is "on my way", which is wanted now.
 */

/** When an any-time visit starts, for its reminders, without business hours for its day. */
export const DAY_START = "08:00";

/** Where a visit is in time: an instant, or an any-time day; read at its site's zone. */
export type VisitTime = {
  start: Date | null;
  day: string | null;
  zone: string;
  /** An any-time visit's start for reminders ("HH:MM" local): its day's opening time. */
  dayStart?: string | null;
};

const instantOf = (zoned: Temporal.ZonedDateTime) => new Date(zoned.epochMilliseconds);
const zonedOf = (instant: Date, zone: string) => Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
/** A wall clock on a date at the zone; a time the zone skips that day moves forward by the gap. */
const wallClock = (date: Temporal.PlainDate, clock: string, zone: string) =>
  date.toPlainDateTime(Temporal.PlainTime.from(clock)).toZonedDateTime(zone, { disambiguation: "compatible" });

/** The instant a visit begins for its reminders: its start, or an any-time visit's day at its opening time; null when unscheduled. */
export function visitBegins(visit: VisitTime): Date | null {
  if (visit.start) return visit.start;
  if (visit.day) return instantOf(wallClock(Temporal.PlainDate.from(visit.day), visit.dayStart ?? DAY_START, visit.zone));
  return null;
}

/** The local date a visit is on at its zone. */
function visitDate(visit: VisitTime): Temporal.PlainDate | null {
  if (visit.start) return zonedOf(visit.start, visit.zone).toPlainDate();
  if (visit.day) return Temporal.PlainDate.from(visit.day);
  return null;
}

/**
 * What a visit's reminders are planned for, as a text: its start instant, or its
 * day. A move changes it, and with it every reminder; a change of members or
 * notes does not.
 */
export function scheduleRevision(visit: Pick<VisitTime, "start" | "day">): string | null {
  if (visit.start) return visit.start.toISOString();
  if (visit.day) return `day:${visit.day}`;
  return null;
}

/** A reminder setting as a key: the same setting keeps its key however the list is ordered. */
export const reminderKey = (reminder: Reminder) =>
  reminder.kind === "hours_before" ? `hours_before:${reminder.hours}` : `days_before_at:${reminder.days}:${reminder.time}`;

/** The instant a reminder is due for a visit, before quiet hours; null for an unscheduled visit. */
export function reminderDue(visit: VisitTime, reminder: Reminder): Date | null {
  if (reminder.kind === "hours_before") {
    const begins = visitBegins(visit);
    return begins && new Date(begins.getTime() - reminder.hours * 3600_000);
  }
  const date = visitDate(visit);
  return date && instantOf(wallClock(date.subtract({ days: reminder.days }), reminder.time, visit.zone));
}

export type PlannedReminder = { key: string; due: Date; late: boolean };

/**
 * The organization's reminders for a visit booked or moved at `now`: each one's
 * key and due instant, `late` when that has passed (or the visit has begun) and
 * the reminder is skipped. Two settings that come to the same key are one reminder.
 */
export function planReminders(visit: VisitTime, reminders: readonly Reminder[], now: Date): PlannedReminder[] {
  const begins = visitBegins(visit);
  if (!begins) return [];
  const planned = new Map<string, PlannedReminder>();
  for (const reminder of reminders) {
    const due = reminderDue(visit, reminder)!;
    const key = reminderKey(reminder);
    if (!planned.has(key)) planned.set(key, { key, due, late: due.getTime() < now.getTime() || due.getTime() >= begins.getTime() });
  }
  return [...planned.values()];
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * When the quiet hours that `instant` falls in end, at `zone`; null when it is
 * not in quiet hours. Quiet hours from 21:00 to 08:00 run over midnight; from
 * 12:00 to 14:00 within a day; equal times or none mean no quiet hours.
 */
export function quietHoursEnd(instant: Date, quiet: QuietHours | null, zone: string): Date | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const local = zonedOf(instant, zone);
  const minutes = local.hour * 60 + local.minute;
  const inside = from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
  if (!inside) return null;
  // Before `to` on this local day: it ends today; otherwise (the evening part) tomorrow.
  const date = minutes < to ? local.toPlainDate() : local.toPlainDate().add({ days: 1 });
  const end = instantOf(wallClock(date, quiet.to, zone));
  // A clock change can put the wall clock "to" at or before the instant (a repeated hour): no wait then.
  return end.getTime() > instant.getTime() ? end : null;
}

/** The triggers whose text is not held by quiet hours: it says what is happening now. */
const NOT_HELD = new Set<string>(["on_my_way"]);

/** When a message due at `due` goes out on a channel: a text in quiet hours at the end of them, anything else at once. */
export function channelDue(due: Date, channel: "email" | "sms", trigger: string, quiet: QuietHours | null, zone: string): Date {
  if (channel !== "sms" || NOT_HELD.has(trigger)) return due;
  return quietHoursEnd(due, quiet, zone) ?? due;
}
