import type { useTranslations } from "next-intl";

type Translator = ReturnType<typeof useTranslations>;
type Values = Record<string, string | number | Date>;

let current: Translator | null = null;

/** Set by the page's providers (app/providers.tsx) with the page's own translator. */
export function setTranslator(t: Translator) {
  current = t;
}

/**
 * A catalogue key in the page's language, for code that runs outside components:
 * toasts, validation, event handlers in plain modules. Components use
 * `useTranslations()` instead. Before the providers have rendered it gives the key.
 */
export function translate(key: string, values?: Values): string {
  return current ? current(key as never, values as never) : key;
}

/** The page's language: what the server rendered it in (`<html lang>`). */
export function pageLocale(): string {
  return typeof document === "undefined" ? "en-US" : document.documentElement.lang || "en-US";
}
