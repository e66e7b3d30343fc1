import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

type Props = { skip: number; limit: number; shown: number; more: boolean; onSkip: (skip: number) => void };

/** Previous/Next over skip and limit; the API says whether more rows follow, not how many. */
export function PaginationBar({ skip, limit, shown, more, onSkip }: Props) {
  const t = useTranslations();
  if (skip === 0 && !more) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {shown > 0 ? t("browse.paging.showing", { from: skip + 1, to: skip + shown }) : t("browse.paging.empty")}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconChevronLeft size={14} />}
          disabled={skip === 0}
          onClick={() => onSkip(Math.max(0, skip - limit))}
        >
          {t("browse.paging.previous")}
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronRight size={14} />}
          disabled={!more}
          onClick={() => onSkip(skip + limit)}
        >
          {t("common.next")}
        </Button>
      </Group>
    </Group>
  );
}
