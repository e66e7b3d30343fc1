"use client";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useMemo, useState, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { BrandColorContext, brandCssVariables, brandTheme } from "@/lib/client/brand-color";
import { TOAST } from "@/lib/client/toast";
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
      <ModalsProvider>
        <Notifications position="bottom-right" w={TOAST.width} limit={5} transitionDuration={TOAST.exitMs} />
        <BrandColorContext.Provider value={setBrand}>
          <SWRConfig value={{ revalidateOnFocus: false }}>{children}</SWRConfig>
        </BrandColorContext.Provider>
      </ModalsProvider>
    </MantineProvider>
  );
}
