"use client";
import { Center, Loader, Paper, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { LoadFailure } from "@/components/shell/load-failure";
import { useApi } from "@/lib/client/use-api";
import { useDetail } from "./detail-context";
import { HistoryEntry, type HistoryItem } from "./history-entry";
import type { HistoryField } from "./history-value";

type Props = {
  type: string;
  fields: Record<string, HistoryField>;
  /** The item's own history path (`/quote/{id}/history`) for an entity that answers it there rather than at /history. */
  path?: (id: string) => string;
};

/** Any entity's History tab (GET /history) for the item of the detail layout, newest first as the server sends it. */
export function HistoryTab({ type, fields, path }: Props) {
  const t = useTranslations();
  const { id } = useDetail<{ id: string }>().item;
  const { data, error } = useApi<{ items: HistoryItem[] }>(path ? path(id) : "/history", path ? undefined : { type, id });
  if (error) return <LoadFailure text={t("common.loadFailed")} error={error} />;
  if (!data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }
  if (data.items.length === 0) return <Text c="dimmed">{t("history.empty")}</Text>;
  return (
    <Stack gap="sm" maw={760}>
      {data.items.map((entry) => (
        <Paper key={entry.id} withBorder p="sm">
          <HistoryEntry entry={entry} fields={fields} />
        </Paper>
      ))}
    </Stack>
  );
}
