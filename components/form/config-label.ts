"use client";
import { useTranslations } from "next-intl";

/**
 * The text of a config's label: translated when it is a catalogue key, else as it is
 * (a name typed by a user, a label that is no key).
 */
export function useConfigLabel(): (label: string) => string {
  const t = useTranslations();
  return (label: string) => (t.has(label as never) ? t(label as never) : label);
}
