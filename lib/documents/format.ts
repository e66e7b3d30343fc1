import { fromScaled, PERCENT_SCALE, QUANTITY_SCALE, type PercentMilli, type Thousandths } from "@/lib/money/decimal";
import type { DocumentAddress } from "@/lib/schemas/quote-content";

/**
 * Dates, quantities, percentages and addresses as a document prints them in its
 * language (Intl). Amounts are lib/money/format.ts's. Numbers reach Intl as decimal
 * text, never as floats.
 */

/** A calendar day (YYYY-MM-DD) as the language writes it: "28 November 2026", "28. November 2026". */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** An instant's day and time at a time zone, with the zone's name. */
export function formatInstant(at: Date, locale: string, timeZone: string): { day: string; time: string } {
  const zone = safeZone(timeZone);
  return {
    day: new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: zone }).format(at),
    time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: zone, timeZoneName: "short" }).format(at),
  };
}

function safeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

const decimals = new Map<string, Intl.NumberFormat>();

function decimalFormat(locale: string, style: "decimal" | "percent") {
  const key = `${locale}|${style}`;
  let format = decimals.get(key);
  if (!format) decimals.set(key, (format = new Intl.NumberFormat(locale, { style, maximumFractionDigits: 3, numberingSystem: "latn" })));
  return format;
}

/** Thousandths as the language writes the quantity: 1500 → "1.5" / "1,5". */
export const formatQuantity = (quantity: Thousandths, locale: string) =>
  decimalFormat(locale, "decimal").format(fromScaled(quantity, QUANTITY_SCALE) as Intl.StringNumericLiteral);

/** Thousandths of a percent as the language writes the percentage: 19000 → "19%" / "19 %". */
export const formatPercent = (percent: PercentMilli, locale: string) =>
  decimalFormat(locale, "percent").format(fromScaled(percent, PERCENT_SCALE + 2) as Intl.StringNumericLiteral);

/** A country code as the language names it ("DE" → "Germany", "Allemagne"); other text as it is. */
export function countryName(country: string | null, locale: string): string | null {
  if (!country) return null;
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/**
 * An address's printed lines: street lines, then postcode and city (with the state),
 * then the country when it differs from `homeCountry` (a letter within a country
 * leaves it out).
 */
export function addressLines(address: DocumentAddress, locale: string, homeCountry?: string | null): string[] {
  const cityLine = [address.zip, address.city].filter(Boolean).join(" ");
  const lines = [address.line1, address.line2, [cityLine, address.state].filter(Boolean).join(", ")];
  const country = address.country && address.country.toUpperCase() !== (homeCountry ?? "").toUpperCase() ? countryName(address.country, locale) : null;
  return [...lines, country].filter((line): line is string => !!line && line.trim() !== "");
}
