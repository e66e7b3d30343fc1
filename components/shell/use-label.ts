"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";

/** A dotted catalogue key ("browse.sort.name"), as configs name their labels; typed text never looks like one. */
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

/**
 * A label a config hands to a shared screen (column header, filter, tab, field): configs
 * that name a catalogue key get it in the page's language, any other text shows as given.
 */
export function useLabel() {
  const t = useTranslations();
  return useCallback((text: string) => (KEY.test(text) && t.has(text) ? t(text) : text), [t]);
}

/** The words for the statuses shared screens show beside an item's name; others show as the server sends them. */
export const STATUS_KEYS: Record<string, string> = {
  active: "detail.status.active",
  removed: "detail.status.removed",
  closed: "detail.status.closed",
  invited: "detail.status.invited",
  "invitation expired": "detail.status.invitationExpired",
};

/** A noun inside a sentence: lower case, except in German, where nouns keep their capital. */
export function useInSentence() {
  const locale = useLocale();
  return useCallback((noun: string) => (locale.startsWith("de") ? noun : noun.toLocaleLowerCase(locale)), [locale]);
}
