"use client";
import { createTheme, MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { useThemeScale } from "@/lib/client/use-theme-scale";

const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
});

/** Keeps the stored scale applied, also when another tab changes it. */
function ThemeScale() {
  useThemeScale();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <ThemeScale />
      <ModalsProvider>
        <Notifications position="bottom-right" w={300} limit={5} />
        <SWRConfig value={{ revalidateOnFocus: false }}>{children}</SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}
