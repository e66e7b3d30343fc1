"use client";
import { AppShell, Badge, Divider, NavLink, ScrollArea, Stack } from "@mantine/core";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CONVERSATION } from "@/components/entities";
import type { SessionView } from "@/lib/client/use-session";
import { useUnreadConversations } from "@/lib/client/use-unread-conversations";
import { LocationSwitcher } from "./location-switcher";
import { isActive, visibleSections } from "./nav-sections";
import { NotificationsPopover } from "./notifications-popover";
import { UserMenu } from "./user-menu";
import classes from "./shell.module.css";

/** Spec §2: conversations with unread messages among up to 10 active ones. */
function UnreadConversationsBadge() {
  const count = useUnreadConversations();
  const t = useTranslations();
  if (count === 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={t("shell.nav.unreadConversations", { count })} data-testid="conversations-badge">
      {count}
    </Badge>
  );
}

/** Counters beside a link, by its path. */
const LINK_BADGES: Record<string, () => ReactNode> = { [CONVERSATION.path]: () => <UnreadConversationsBadge /> };

/** Switcher on top, the sections of spec §2 in the middle, the member's menu at the bottom. */
export function Sidebar({ session }: { session: SessionView }) {
  const pathname = usePathname();
  const t = useTranslations();
  const sections = visibleSections(session.location === null);
  return (
    <>
      <AppShell.Section p="xs">
        <LocationSwitcher session={session} />
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} px="xs" py="xs">
        <Stack gap={6}>
          {sections.map((section) => (
            <div key={section.key} role="group" aria-label={t(section.key)}>
              <div className={classes.sectionLabel} aria-hidden>
                {t(section.key)}
              </div>
              {section.withNotifications && <NotificationsPopover variant="nav" />}
              {section.links.map(({ href, key, icon: Icon }) => (
                <NavLink
                  key={href}
                  component={Link}
                  href={href}
                  label={t(key)}
                  className={classes.navLink}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  rightSection={LINK_BADGES[href]?.()}
                  active={isActive(pathname, href)}
                  aria-current={isActive(pathname, href) ? "page" : undefined}
                />
              ))}
            </div>
          ))}
        </Stack>
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="xs">
        <UserMenu session={session} />
      </AppShell.Section>
    </>
  );
}
