import type { DocumentAddress } from "@/lib/schemas/quote-content";

/** An address as the lines a public page prints, empty parts left out. */
export const addressLines = (address: DocumentAddress) =>
  [address.line1, address.line2, [address.zip, address.city].filter(Boolean).join(" "), address.state].filter((part): part is string => Boolean(part));

/** A day (YYYY-MM-DD) or an instant as a long date in the page's language. */
export const day = (locale: string, value: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** A percentage given as a number, with at most three decimals. */
export const percentText = (locale: string, percent: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(percent);
