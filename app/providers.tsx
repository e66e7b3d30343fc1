"use client";
import { MantineProvider } from "@mantine/core";
import { DatesProvider, type DayOfWeek } from "@mantine/dates";
import "dayjs/locale/de";
import "dayjs/locale/en-gb";
import "dayjs/locale/fr";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { Toaster } from "@/components/toast/toaster";
import { BrandColorContext, brandCssVariables, brandTheme } from "@/lib/client/brand-color";
import { setTranslator } from "@/lib/client/translate";
import { firstDayOfWeek, type AppLocale } from "@/lib/i18n/locales";
import { useThemeScale } from "@/lib/client/use-theme-scale";

/** Keeps the stored scale applied, also when another tab changes it. */
function ThemeScale() {
  useThemeScale();
  return null;
}

/** Lets toasts and validation outside components speak the page's language. */
function TranslatorBridge() {
  setTranslator(useTranslations());
  return null;
}

/** The calendar language of each page language, as dayjs names it. */
const DAYJS_LOCALES: Record<AppLocale, string> = { "en-US": "en", "en-GB": "en-gb", "de-DE": "de", "fr-FR": "fr" };

/** Date pickers name months and days in the page's language and start the week where it does. */
function PageDates({ children }: { children: ReactNode }) {
  const locale = useLocale() as AppLocale;
  const settings = useMemo(() => ({ locale: DAYJS_LOCALES[locale] ?? "en", firstDayOfWeek: firstDayOfWeek(locale) as DayOfWeek }), [locale]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  const [brand, setBrand] = useState<string | null>(null);
  const theme = useMemo(() => brandTheme(brand), [brand]);
  const cssVariables = useMemo(() => brandCssVariables(brand), [brand]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <ThemeScale />
      <TranslatorBridge />
      <Toaster />
      <BrandColorContext.Provider value={setBrand}>
        <SWRConfig value={{ revalidateOnFocus: false }}>
          <PageDates>{children}</PageDates>
        </SWRConfig>
      </BrandColorContext.Provider>
    </MantineProvider>
  );
}
