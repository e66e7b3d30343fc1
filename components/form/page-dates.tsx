"use client";
import { DatesProvider, type DayOfWeek } from "@mantine/dates";
import "dayjs/locale/de";
import "dayjs/locale/en-gb";
import "dayjs/locale/fr";
import { useLocale } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { firstDayOfWeek, type AppLocale } from "@/lib/i18n/locales";

/** The calendar language of each page language, as dayjs names it. */
const DAYJS_LOCALES: Record<AppLocale, string> = { "en-US": "en", "en-GB": "en-gb", "de-DE": "de", "fr-FR": "fr" };

/**
 * Date pickers inside name months and days in the page's language and start the week
 * where it does. Only screens with a picker load it, not every page.
 */
export function PageDates({ children }: { children: ReactNode }) {
  const locale = useLocale() as AppLocale;
  const settings = useMemo(() => ({ locale: DAYJS_LOCALES[locale] ?? "en", firstDayOfWeek: firstDayOfWeek(locale) as DayOfWeek }), [locale]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}
