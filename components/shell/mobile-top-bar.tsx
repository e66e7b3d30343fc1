"use client";
import { Burger, Group, Text } from "@mantine/core";
import type { SessionView } from "@/lib/client/use-session";
import { NotificationsPopover } from "./notifications-popover";

/** Only shown at 768 px or less: the menu button, where you are, and the bell. */
type Props = { session: SessionView; opened: boolean; onToggle: () => void };

export function MobileTopBar({ session, opened, onToggle }: Props) {
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={opened} onClick={onToggle} size="sm" aria-label={opened ? "Close navigation" : "Open navigation"} />
        <Text fw={600} truncate>
          {session.location?.name ?? session.organization.name}
        </Text>
      </Group>
      <NotificationsPopover variant="icon" />
    </Group>
  );
}
