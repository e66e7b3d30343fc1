import { pageLocale } from "./translate";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

type Options = {
  /** The page's language (useLocale() in components); the document's when not given. */
  locale?: string;
  now?: number;
  /** The words for under a minute, in the page's language ("just now"). */
  justNow: string;
};

/** "3 minutes ago", "yesterday", "in 2 hours" in the page's language; under a minute is `justNow`. Takes API date strings as they come. */
export function relativeTime(date: Date | string | number, { locale = pageLocale(), now = Date.now(), justNow }: Options): string {
  const seconds = (new Date(date).getTime() - now) / 1000;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return justNow;
}

/** Date and time in the page's language, with its clock (24-hour in German and French). */
export const absoluteTime = (date: Date | string | number, locale: string = pageLocale()) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(date));
