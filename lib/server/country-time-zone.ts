import "server-only";
import { isCountry } from "@/lib/schemas/countries";
import { isTimeZone } from "@/lib/schemas/business";

type LocaleInfo = Intl.Locale & { getTimeZones?: () => string[] | undefined; timeZones?: string[] };

/** The UTC offsets a zone keeps in January and July: zones of one country that agree on both keep the same time. */
const offsets = (zone: string) =>
  [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 15)]
    .map((time) => new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(time).find((part) => part.type === "timeZoneName")?.value)
    .join();

const byCountry = new Map<string, string | null>();

/**
 * The time zone of a country where that is one answer: its only zone, or the first
 * of zones that all keep the same time (Germany's Berlin and Büsingen); null where
 * the country spans several (the US, Spain with the Canaries) or is not known.
 */
export function countryTimeZone(country: string | null | undefined): string | null {
  if (!isCountry(country)) return null;
  if (byCountry.has(country)) return byCountry.get(country)!;
  const locale = new Intl.Locale(`und-${country}`) as LocaleInfo;
  const zones = (locale.getTimeZones?.() ?? locale.timeZones ?? []).filter(isTimeZone);
  const zone = zones.length > 0 && new Set(zones.map(offsets)).size === 1 ? zones[0] : null;
  byCountry.set(country, zone);
  return zone;
}
