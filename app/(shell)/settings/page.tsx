"use client";
import { Group, Stack, Text } from "@mantine/core";
import { MemberAvatar } from "@/components/shell/member-avatar";
import { useSession } from "@/lib/client/use-session";

export default function ProfileSettingsPage() {
  const { data: session } = useSession();
  if (!session) return null;
  const { name, email } = session.member;
  return (
    <Group gap="md" wrap="nowrap">
      <MemberAvatar name={name} email={email} size="lg" />
      <Stack gap={2}>
        <Text fw={600}>{name}</Text>
        <Text c="dimmed" size="sm">
          {email}
        </Text>
      </Stack>
    </Group>
  );
}
