import { LOCALES } from "@/lib/i18n/locales";
import { COUNTRIES, isCountry } from "./countries";

/** Other names people write a country with, beside its code and its names in the app's languages. */
const ALIASES: Record<string, string> = {
  uk: "GB",
  "u.k.": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  usa: "US",
  "u.s.a.": "US",
  "u.s.": "US",
  america: "US",
  "united states of america": "US",
  holland: "NL",
  turkey: "TR",
};

/** Case, accents, dots and spaces aside: "Österreich" and "osterreich" read the same. */
export const countryKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\-'’]+/g, " ")
    .trim();

let names: Map<string, string> | undefined;

/** Every country's names in the app's languages (Intl's), and the aliases, by their key. */
export function countryNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  for (const locale of LOCALES) {
    const display = new Intl.DisplayNames([locale], { type: "region" });
    for (const code of COUNTRIES) {
      const name = display.of(code);
      if (name && name !== code && !names.has(countryKey(name))) names.set(countryKey(name), code);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) names.set(countryKey(alias), code);
  return names;
}

/**
 * The ISO 3166-1 alpha-2 code a written country means: a code ("gb") or a name in
 * one of the app's languages ("United Kingdom", "Royaume-Uni", "Deutschland"); null
 * for anything else. A customer's country is text as it was typed; a site's is a code.
 */
export function countryOfText(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const upper = trimmed.toUpperCase();
  if (isCountry(upper)) return upper;
  return countryNames().get(countryKey(trimmed)) ?? null;
}
