import type { Jsonify } from "@/lib/schemas/jsonify";
import type { VisitClash } from "@/lib/schemas/visit";
import { VISIT_STATUSES, type VisitStatus } from "@/lib/schemas/visit-status";
import type { VisitView } from "@/lib/services/visit";

export { VISIT_STATUSES, type VisitClash, type VisitStatus };

/** A visit as the visit API answers it (GET /visit, GET /visit/{id}, create and update answers). */
export type VisitItem = Jsonify<VisitView>;

export const STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: "dispatch.status.scheduled",
  on_the_way: "dispatch.status.on_the_way",
  in_progress: "dispatch.status.in_progress",
  completed: "dispatch.status.completed",
  cancelled: "dispatch.status.cancelled",
};

/** A status's Mantine colour. */
export const STATUS_COLORS: Record<VisitStatus, string> = {
  scheduled: "blue",
  on_the_way: "violet",
  in_progress: "orange",
  completed: "green",
  cancelled: "gray",
};

/** A list answer: `items` like the other lists (older drafts of the contract said `data`). */
export type VisitPage = { items?: VisitItem[]; data?: VisitItem[]; more?: boolean; next?: string | null };
export const visitsOf = (page: VisitPage | undefined): VisitItem[] => page?.items ?? page?.data ?? [];

/** What a visit's time becomes: a time ("YYYY-MM-DDTHH:mm" wall clock at its zone), a day, or neither. */
export type VisitTime = { start: string; end: string; day?: undefined } | { day: string; start?: undefined; end?: undefined };

/** The body that sets a visit's time: setting one of start or day clears the other. */
export const timeBody = (time: VisitTime) => (time.day !== undefined ? { day: time.day, start: null, end: null } : { start: time.start, end: time.end, day: null });

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
  const date = new Date(Date.UTC(y, m - 1, d, h, min + minutes));
  return date.toISOString().slice(0, 16);
}

/** Minutes between two wall-clock times. */
export function minutesBetween(from: string, to: string): number {
  const utc = (local: string) => Date.parse(`${local}:00Z`);
  return Math.round((utc(to) - utc(from)) / 60000);
}

/** A day ("YYYY-MM-DD") moved by some days. */
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

/** Today at a time zone, "YYYY-MM-DD". */
export function todayAt(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A zone's offset from UTC at an instant, "+01:00" (what the calendar takes as its zone). */
export function offsetAt(timeZone: string, at = new Date()): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const offset = name.replace("GMT", "");
  return offset === "" ? "+00:00" : offset;
}

/** An instant's wall clock at a zone, "YYYY-MM-DDTHH:mm". */
export function wallClockAt(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "09:00" of a wall-clock time. */
export const clockOf = (local: string) => local.slice(11, 16);

/** A visit's time shown to a viewer in another zone: the same instant at theirs, "10:00–11:00". */
export function timeAt(visit: Pick<VisitItem, "start" | "end">, timeZone: string, locale: string): string | null {
  if (!visit.start || !visit.end) return null;
  const format = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit" });
  return format.formatRange(new Date(visit.start), new Date(visit.end));
}
