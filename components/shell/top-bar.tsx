"use client";
import { Avatar, Button, Group, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useLogout } from "@/lib/client/use-logout";
import type { SessionView } from "@/lib/client/use-session";

export function TopBar({ session }: { session: SessionView }) {
  const logout = useLogout();
  return (
    <Group justify="space-between" px="md" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group gap="xs">
        <Text fw={700}>Craftdesk</Text>
        <Text c="dimmed">·</Text>
        <Text>{session.organization.name}</Text>
      </Group>
      <Group gap="sm">
        <Avatar size="sm" radius="xl" name={session.member.name} color="initials" />
        <Text size="sm" visibleFrom="xs">
          {session.member.name}
        </Text>
        <Button variant="subtle" size="compact-sm" leftSection={<IconLogout size={16} />} onClick={logout}>
          Log out
        </Button>
      </Group>
    </Group>
  );
}
