import "server-only";
import { Temporal } from "temporal-polyfill";
import { WALL_CLOCK } from "@/lib/schemas/visit";

/**
 * Instants and wall clocks at an IANA time zone (ARCHITECTURE.md §8a), through the
 * Temporal polyfill: no offset arithmetic by hand. Wall clocks are "YYYY-MM-DDTHH:mm".
 */

export const isWallClock = (text: string) => WALL_CLOCK.test(text);

/** Why a wall clock has no instant: it falls in the hour skipped when the clocks go forward. */
export class SkippedWallClock extends Error {}

/**
 * The instant of an input time: an instant with an offset is that instant; a wall
 * clock is read at `zone`. A wall clock the zone skips (01:30 in London on the last
 * Sunday of March) is refused (SkippedWallClock), never moved silently to another
 * time; one the zone passes twice (01:30 on the last Sunday of October) is its
 * first occurrence, as calendars read it.
 */
export function instantAt(text: string, zone: string): Date {
  if (!isWallClock(text)) return new Date(Temporal.Instant.from(text).epochMilliseconds);
  const wall = Temporal.PlainDateTime.from(text);
  const zoned = wall.toZonedDateTime(zone, { disambiguation: "earlier" });
  if (!zoned.toPlainDateTime().equals(wall)) throw new SkippedWallClock(text);
  return new Date(zoned.epochMilliseconds);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock at `zone` of an instant, as the database's timestamp keeps it ("2027-03-28 09:00:00"). */
export function wallClockAt(instant: Date, zone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
  return `${z.year}-${pad(z.month)}-${pad(z.day)} ${pad(z.hour)}:${pad(z.minute)}:${pad(z.second)}`;
}

/** The instants a local day runs between at `zone`: its first moment and the next day's (23 or 25 hours on a change). */
export function dayBounds(day: string, zone: string): { start: Date; end: Date } {
  const date = Temporal.PlainDate.from(day);
  const start = date.toZonedDateTime({ timeZone: zone });
  const end = date.add({ days: 1 }).toZonedDateTime({ timeZone: zone });
  return { start: new Date(start.epochMilliseconds), end: new Date(end.epochMilliseconds) };
}

/** The day after a date ("2027-03-28" → "2027-03-29"). */
export const nextDay = (day: string) => Temporal.PlainDate.from(day).add({ days: 1 }).toString();

/** A database timestamp's text ("2027-03-28 09:00:00") as a view's wall clock ("2027-03-28T09:00"). */
export const shownWallClock = (stored: string | null) => (stored === null ? null : `${stored.slice(0, 10)}T${stored.slice(11, 16)}`);

/** The weekday (1 Monday … 7 Sunday) and minutes since midnight of an instant at `zone`. */
export function localParts(instant: Date, zone: string) {
  const z = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
  return { date: z.toPlainDate().toString(), weekday: z.dayOfWeek, minutes: z.hour * 60 + z.minute };
}

/** The instant of a wall clock "HH:mm" on a date at `zone` (for opening hours; a skipped time moves forward). */
export function instantOnDay(day: string, clock: string, zone: string): Date {
  const z = Temporal.PlainDateTime.from(`${day}T${clock}`).toZonedDateTime(zone, { disambiguation: "compatible" });
  return new Date(z.epochMilliseconds);
}
