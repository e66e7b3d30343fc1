"use client";
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

type Props = {
  title: string;
  /** What the loader says while the card loads: "Loading open projects". */
  loadingLabel: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** What the card says when there is nothing to show; null when there is something. */
  empty: string | null;
  children?: ReactNode;
};

/** One card of a record page: its heading and actions, and the loading, failed and empty states every card has. */
export function RecordCard({ title, loadingLabel, actions, loading, error, onRetry, empty, children }: Props) {
  const t = useTranslations();
  const headingId = `record-card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          {actions && <Group gap={6}>{actions}</Group>}
        </Group>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t("customer.card.failed", { title })}</Text>
              <Button size="compact-sm" variant="default" onClick={onRetry}>
                {t("common.retry")}
              </Button>
            </Group>
          </Alert>
        ) : loading ? (
          <Center py="sm">
            <Loader size="sm" aria-label={loadingLabel} />
          </Center>
        ) : empty !== null ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
