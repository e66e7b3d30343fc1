"use client";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconMessage, IconUser, type Icon } from "@tabler/icons-react";
import Link from "next/link";
import type { FileUse } from "./file-item";

type Place = { key: string; href: string; label: string; kind: string; icon: Icon };

/** Where a use of the file leads, and how it reads. */
function placeOf(use: FileUse): Place {
  switch (use.type) {
    case "message":
      return { key: `message-${use.id}`, href: `/conversation/${use.conversation}`, label: use.title || "Message", kind: "Attached to a message", icon: IconMessage };
    case "member":
      return { key: `member-${use.id}`, href: `/member/${use.id}`, label: use.name, kind: "Member picture", icon: IconUser };
    case "organization":
      return { key: `organization-${use.id}`, href: "/organization", label: use.name, kind: "Organization logo", icon: IconBuildingStore };
  }
}

/** The messages, members and organization that use the file, each a link to it. */
export function FileUsageList({ used }: { used: FileUse[] }) {
  if (used.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not used anywhere
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" aria-label="Used in" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {used.map(placeOf).map(({ key, href, label, kind, icon: PlaceIcon }) => (
        <Group component="li" key={key} gap="xs" wrap="nowrap">
          <PlaceIcon size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor component={Link} href={href} size="sm" style={{ overflowWrap: "anywhere" }}>
            {label}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {kind}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
