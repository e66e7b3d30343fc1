"use client";
import { useTranslations } from "next-intl";

/**
 * Labels in screen configs (columns, filters, fields, tabs) are catalogue keys or
 * plain text: a key is translated, anything else is shown as it is.
 */
export function useConfigLabel(): (label: string) => string {
  const t = useTranslations();
  return (label: string) => (t.has(label as never) ? t(label as never) : label);
}
