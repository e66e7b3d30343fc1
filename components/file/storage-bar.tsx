"use client";
import { Button, ColorSwatch, Group, Paper, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useApi } from "@/lib/client/use-api";
import { useFileSize } from "./use-file-size";
import { CATEGORY_COLORS, CATEGORY_LABELS, FILE_STATS_PATH, type FileStats } from "./file-item";

const TITLE_ID = "storage-usage-title";

function Legend({ stats }: { stats: FileStats }) {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  return (
    <Group component="ul" gap="md" aria-label={t("file.storage.byCategory")} style={{ listStyle: "none", margin: 0, padding: 0, rowGap: 4 }}>
      {stats.categories.map((category) => (
        <Group component="li" key={category.id} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${CATEGORY_COLORS[category.id]}-filled)`} size={10} withShadow={false} aria-hidden />
          <Text size="sm">{t(CATEGORY_LABELS[category.id])}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatFileSize(category.size)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * How much the organization stores (admins), or the files the member sees, per
 * category (spec §2: total plus size per category, other last). Against the quota
 * when there is one (admins only), so the empty part
 * of the bar is what is left; else the categories share the whole bar.
 */
export function StorageBar() {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  const { data: stats, error, mutate, isValidating } = useApi<FileStats>(FILE_STATS_PATH);
  const whole = stats ? Math.max(stats.quota ?? 0, stats.size) : 0;
  const share = (size: number) => (whole > 0 ? (size / whole) * 100 : 0);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={TITLE_ID}>
            {t("file.storage.title")}
          </Text>
          {stats && (
            <Text size="sm" data-testid="storage-total">
              {stats.quota !== null
                ? t("file.storage.used", { used: formatFileSize(stats.size), quota: formatFileSize(stats.quota) })
                : t("file.storage.total", { total: formatFileSize(stats.size) })}
            </Text>
          )}
        </Group>
        {error && !stats ? (
          <Group gap="sm">
            <Text size="sm" c="red">
              {t("file.storage.failed")}
            </Text>
            <Button size="xs" variant="default" loading={isValidating} onClick={() => void mutate()}>
              {t("file.storage.retry")}
            </Button>
          </Group>
        ) : !stats ? (
          <Stack gap="sm" aria-busy aria-label={t("file.storage.loading")}>
            <Skeleton height={16} radius="xl" />
            <Skeleton height={14} width="60%" />
          </Stack>
        ) : (
          <>
            <Progress.Root size="lg" radius="xl">
              {stats.categories.map((category) => (
                <Progress.Section
                  key={category.id}
                  value={share(category.size)}
                  color={CATEGORY_COLORS[category.id]}
                  aria-label={`${t(CATEGORY_LABELS[category.id])}: ${formatFileSize(category.size)}`}
                />
              ))}
            </Progress.Root>
            <Legend stats={stats} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
