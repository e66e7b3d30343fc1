"use client";
import { MantineProvider } from "@mantine/core";
import { useMemo, useState, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { Toaster } from "@/components/toast/toaster";
import { BrandColorContext, brandCssVariables, brandTheme } from "@/lib/client/brand-color";
import { useThemeScale } from "@/lib/client/use-theme-scale";

/** Keeps the stored scale applied, also when another tab changes it. */
function ThemeScale() {
  useThemeScale();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [brand, setBrand] = useState<string | null>(null);
  const theme = useMemo(() => brandTheme(brand), [brand]);
  const cssVariables = useMemo(() => brandCssVariables(brand), [brand]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="auto">
      <ThemeScale />
      <Toaster />
      <BrandColorContext.Provider value={setBrand}>
        <SWRConfig value={{ revalidateOnFocus: false }}>{children}</SWRConfig>
      </BrandColorContext.Provider>
    </MantineProvider>
  );
}
