"use client";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconMessage, IconUser, type Icon } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { FileUse } from "./file-item";

type Place = { key: string; href: string; label: string | null; kind: string; icon: Icon };

/** Where a use of the file leads, and how it reads. */
function placeOf(use: FileUse): Place {
  switch (use.type) {
    case "message":
      return { key: `message-${use.id}`, href: `/conversation/${use.conversation}`, label: use.title || null, kind: "file.usage.message", icon: IconMessage };
    case "member":
      return { key: `member-${use.id}`, href: `/member/${use.id}`, label: use.name, kind: "file.usage.member", icon: IconUser };
    case "organization":
      return { key: `organization-${use.id}`, href: "/organization", label: use.name, kind: "file.usage.organization", icon: IconBuildingStore };
  }
}

/** The messages, members and organization that use the file, each a link to it. */
export function FileUsageList({ used }: { used: FileUse[] }) {
  const t = useTranslations();
  if (used.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("file.usage.none")}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" aria-label={t("file.details.usedIn")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {used.map(placeOf).map(({ key, href, label, kind, icon: PlaceIcon }) => (
        <Group component="li" key={key} gap="xs" wrap="nowrap">
          <PlaceIcon size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor component={Link} href={href} size="sm" style={{ overflowWrap: "anywhere" }}>
            {label ?? t("file.usage.untitledMessage")}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t(kind)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
