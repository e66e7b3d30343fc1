import { Group, Text } from "@mantine/core";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { Sharing } from "@/lib/schemas/sharing";
import { useTranslations } from "next-intl";
import { LEVEL_KEYS } from "./sharing-levels";

/** Sharing in words: the default level, then each location's own level. */
export function SharingSummary({ sharing }: { sharing: Sharing }) {
  const t = useTranslations();
  const level = (value: string) => (LEVEL_KEYS[value] ? t(LEVEL_KEYS[value]) : value);
  return (
    <Group gap={6} component="span" display="inline-flex" wrap="wrap">
      <Text span size="sm">
        {level(sharing.default)}
      </Text>
      {sharing.locations.map((entry) => (
        <Group key={entry.id} gap={4} component="span" display="inline-flex" wrap="nowrap">
          <Text span size="sm" c="dimmed">
            ·
          </Text>
          <ReferenceBadge type="location" id={entry.id} />
          <Text span size="sm">
            {level(entry.level)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
