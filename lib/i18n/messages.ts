import "server-only";
// The core translator, as next-intl re-exports it: the package root under the react-server condition loads React client code (scripts run with it).
import { createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, isLocale, type AppLocale } from "./locales";
import type { Words } from "./words";
import enUS from "@/messages/en-US.json";
import enGB from "@/messages/en-GB.json";
import deDE from "@/messages/de-DE.json";
import frFR from "@/messages/fr-FR.json";

export type Messages = typeof enUS;

const CATALOGUES: Record<AppLocale, Messages> = { "en-US": enUS, "en-GB": enGB, "de-DE": deDE, "fr-FR": frFR };

/** The catalogue of a language (the default's for an unknown one). */
export function messagesOf(locale: string | null | undefined): Messages {
  return CATALOGUES[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/**
 * Whether `key` names a message of the language's catalogue, not a group of them: a
 * string, or an array where the build precompiled its placeholders. Read from the
 * catalogue itself, as translators of precompiled catalogues have no `raw`.
 */
export function isMessage(locale: string | null | undefined, key: string): boolean {
  let value: unknown = messagesOf(locale);
  for (const part of key.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, part)) return false;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" || Array.isArray(value);
}

const translator = (locale: AppLocale) => createTranslator({ locale, messages: messagesOf(locale) });
type Translator = ReturnType<typeof translator>;

// One per language, kept: a translator holds no request's state, and its formatters are reused.
const translators = new Map<AppLocale, Translator>();

/** A translator outside a request (mail, jobs, error answers), in the given language. */
export function translatorFor(locale: string | null | undefined): Translator {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let kept = translators.get(chosen);
  if (!kept) translators.set(chosen, (kept = translator(chosen)));
  return kept;
}

/** Words in `locale`: a catalogue key translated with its values, any other text as it is. */
export function wordsFor(locale: string | null | undefined): Words {
  const t = translatorFor(locale);
  return (key, values) => (t.has(key as never) ? t(key as never, values as never) : key);
}
