"use client";
import { Anchor, Breadcrumbs, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";

/** Tabs as routes: each tab is its own URL, so reloads and links land on it. */
const TABS = [
  { label: "Profile", href: "/settings" },
  { label: "Notifications", href: "/settings/notifications" },
  { label: "Theme", href: "/settings/theme" },
];

export default function SettingsLayout({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const current = TABS.find((tab) => tab.href === pathname)?.href ?? null;
  return (
    <Container size="md" py="lg">
      <Stack>
        <Breadcrumbs>
          <Anchor component={Link} href="/">
            Home
          </Anchor>
          <Text>Settings</Text>
        </Breadcrumbs>
        <Title order={2}>Settings</Title>
        <Tabs value={current} onChange={(href) => href && router.push(href)}>
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.href} value={tab.href}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {children}
      </Stack>
    </Container>
  );
}
