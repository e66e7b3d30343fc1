/** "YYYY-MM-DD" of an instant's wall-clock day in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar day "YYYY-MM-DD". */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day `count` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** A day as a date to format with `timeZone: "UTC"` (its midnight there), so it never slips to a neighbour. */
export const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
