"use client";
import { Tabs } from "@mantine/core";
import Link from "next/link";
import { useLabel } from "@/components/shell/use-label";
import type { DetailTab } from "./detail-config";

/** Tabs are links, so each tab has its own URL and leaving a dirty form through one is guarded like any link. */
// Mantine refuses an empty tab value, and the Details tab lives at the empty path.
const tabValue = (path: string) => `tab:${path}`;

export function DetailTabs({ tabs, base, active }: { tabs: DetailTab[]; base: string; active: string }) {
  const label = useLabel();
  return (
    <Tabs value={tabValue(active)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.path}
            value={tabValue(tab.path)}
            renderRoot={(props) => <Link {...props} href={tab.path ? `${base}/${tab.path}` : base} />}
          >
            {label(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
