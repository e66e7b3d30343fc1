/**
 * Wall-clock times of visits, "YYYY-MM-DDTHH:mm" at a zone, as the board's
 * calendar and the visit form use them: arithmetic on their fields, no zone involved.
 */
import { addDays } from "./days";

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

/** The first day of a day's week, the week starting on `firstDay` (0 Sunday, 1 Monday). */
export function weekStart(day: string, firstDay: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday - firstDay + 7) % 7));
}

/** A zone's offset from UTC at an instant, "+01:00" (what the calendar takes as its zone). */
export function offsetAt(timeZone: string, at = new Date()): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const offset = name.replace("GMT", "");
  return offset === "" ? "+00:00" : offset;
}

/** "09:00" of a wall-clock time. */
export const clockOf = (local: string) => local.slice(11, 16);
