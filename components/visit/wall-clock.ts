/**
 * Days and wall-clock times of visits: "YYYY-MM-DD" days and "YYYY-MM-DDTHH:mm"
 * times at a zone, with arithmetic on their fields (no zone involved) and the
 * readings of an instant at a zone.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** A date's own fields (the calendar hands out dates whose local fields are the board's wall clock). */
export const wallClock = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
export const wallDay = (date: Date) => wallClock(date).slice(0, 10);

/** Minutes added to a wall-clock time, as wall clock again (arithmetic on the fields, no zone involved). */
export function addMinutes(local: string, minutes: number): string {
  const [day, time] = local.split("T");
  const [y, m, d] = day.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d, h, min + minutes)).toISOString().slice(0, 16);
}

/** Minutes between two wall-clock times. */
export function minutesBetween(from: string, to: string): number {
  const utc = (local: string) => Date.parse(`${local}:00Z`);
  return Math.round((utc(to) - utc(from)) / 60000);
}

/** The day `days` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of a day's week, the week starting on `firstDay` (0 Sunday, 1 Monday). */
export function weekStart(day: string, firstDay: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday - firstDay + 7) % 7));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar day "YYYY-MM-DD". */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A day as a date to format with `timeZone: "UTC"`, so it never slips to a neighbour. */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** An instant's wall clock at a zone, "YYYY-MM-DDTHH:mm". */
export function wallClockAt(instant: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The day at a time zone, "YYYY-MM-DD": today, or the day of `now`. */
export const todayAt = (timeZone: string, now = new Date()): string => wallClockAt(now, timeZone).slice(0, 10);

/** A zone's offset from UTC at an instant, "+01:00" (what the calendar takes as its zone). */
export function offsetAt(timeZone: string, at = new Date()): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const offset = name.replace("GMT", "");
  return offset === "" ? "+00:00" : offset;
}

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "09:00" of a wall-clock time. */
export const clockOf = (local: string) => local.slice(11, 16);

/** A zone's name as people read it: "America/New York". */
export const zoneName = (timeZone: string) => timeZone.replaceAll("_", " ");
