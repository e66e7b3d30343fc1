import { acceptedLanguages } from "@/lib/schemas/accept-language";

/** The languages Craftdesk speaks; each has a catalogue in messages/<locale>.json. */
export const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR"] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = "en-US";

/** Each language by its own name, as a language picker offers it. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  "en-US": "English (US)",
  "en-GB": "English (UK)",
  "de-DE": "Deutsch",
  "fr-FR": "Français",
};

export const isLocale = (value: unknown): value is AppLocale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The supported language a tag means: de → de-DE, fr-CH → fr-FR, en-GB → en-GB, any other English → en-US. */
function localeOfTag(tag: string): AppLocale | null {
  const [language, region] = tag.trim().toLowerCase().split("-");
  if (language === "de") return "de-DE";
  if (language === "fr") return "fr-FR";
  if (language === "en") return region === "gb" ? "en-GB" : "en-US";
  return null;
}

/**
 * The supported language a browser's `Accept-Language` names first, by quality,
 * or null when it names none of them.
 */
export function localeOfLanguages(header: string | null | undefined): AppLocale | null {
  for (const tag of acceptedLanguages(header)) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** The language a member reads (screens, mail to them): their own choice, else their organization's. */
export function memberLocale(own: string | null | undefined, organization: string | null | undefined): AppLocale {
  if (isLocale(own)) return own;
  return isLocale(organization) ? organization : DEFAULT_LOCALE;
}

/** The language for a customer (what is sent to them): their preferred one, else their organization's. */
export const customerLocale = memberLocale;

/** Regions whose week starts on Sunday, for engines without Intl.Locale week info (Firefox). */
const SUNDAY_REGIONS = new Set(["US", "CA", "MX", "BR", "JP", "IL", "AU", "PH", "IN", "ZA", "KR", "TW", "HK"]);

/**
 * The first day of a locale's week, 0 for Sunday to 6 for Saturday (as calendars
 * count): Monday in Germany, France and Britain, Sunday in the United States.
 */
export function firstDayOfWeek(locale: string): number {
  const tag = new Intl.Locale(locale);
  const info = (tag as { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } }).getWeekInfo?.() ??
    (tag as { weekInfo?: { firstDay: number } }).weekInfo;
  if (info) return info.firstDay % 7;
  return SUNDAY_REGIONS.has(tag.maximize().region ?? "") ? 0 : 1;
}
