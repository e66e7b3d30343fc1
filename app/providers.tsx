"use client";
import { MantineProvider } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { Toaster } from "@/components/toast/toaster";
import { BrandColorContext, brandCssVariables, brandTheme } from "@/lib/client/brand-color";
import { setTranslator } from "@/lib/client/translate";
import { useThemeScale } from "@/lib/client/use-theme-scale";

/** Keeps the stored scale applied, also when another tab changes it. */
function ThemeScale() {
  useThemeScale();
  return null;
}

/**
 * Marks the page as running (`<html data-hydrated>`) once React has taken over the
 * server's HTML: before that a button the server drew does nothing when clicked.
 * Browser tests wait for it before they click on a served screen.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/** Lets toasts and validation outside components speak the page's language. */
function TranslatorBridge() {
  setTranslator(useTranslations());
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [brand, setBrand] = useState<string | null>(null);
  const theme = useMemo(() => brandTheme(brand), [brand]);
  const cssVariables = useMemo(() => brandCssVariables(brand), [brand]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <ThemeScale />
      <HydratedMark />
      <TranslatorBridge />
      <Toaster />
      <BrandColorContext.Provider value={setBrand}>
        <SWRConfig value={{ revalidateOnFocus: false }}>{children}</SWRConfig>
      </BrandColorContext.Provider>
    </MantineProvider>
  );
}
