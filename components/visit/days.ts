/**
 * Days of visits, "YYYY-MM-DD": calendar arithmetic (no zone involved), and the
 * day and wall clock of an instant at a zone.
 */

/** The day `days` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
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

// Making a DateTimeFormat costs far more than using one: a board reads hundreds of times in a few zones.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** An instant's wall clock at a zone, "YYYY-MM-DDTHH:mm". */
export function wallClockAt(instant: string | Date, timeZone: string): string {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The day at a time zone, "YYYY-MM-DD": today, or the day of `now`. */
export const todayAt = (timeZone: string, now = new Date()): string => wallClockAt(now, timeZone).slice(0, 10);

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A zone's name as people read it: "America/New York". */
export const zoneName = (timeZone: string) => timeZone.replaceAll("_", " ");
