"use client";
import { Burger, Group, Indicator, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { SessionView } from "@/lib/client/use-session";
import { useUnreadConversations } from "@/lib/client/use-unread-conversations";
import { NotificationsPopover } from "./notifications-popover";

/** Only shown at 768 px or less: the menu button, where you are, and the bell. */
type Props = { session: SessionView; opened: boolean; onToggle: () => void };

export function MobileTopBar({ session, opened, onToggle }: Props) {
  // A dot on the menu button: the count itself is on the Conversations link inside.
  const unreadConversations = useUnreadConversations();
  const t = useTranslations();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Indicator color="red" size={8} offset={3} disabled={unreadConversations === 0 || opened}>
          <Burger opened={opened} onClick={onToggle} size="sm" aria-label={opened ? t("shell.frame.closeNavigation") : t("shell.frame.openNavigation")} />
        </Indicator>
        <Text fw={600} truncate>
          {session.location?.name ?? session.organization.name}
        </Text>
      </Group>
      <NotificationsPopover variant="icon" />
    </Group>
  );
}
