const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "3 minutes ago", "yesterday", "in 2 hours"; under a minute is "just now". Takes API date strings as they come. */
export function relativeTime(date: Date | string | number, now: number = Date.now()): string {
  const seconds = (new Date(date).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export const absoluteTime = (date: Date | string | number) => absolute.format(new Date(date));
