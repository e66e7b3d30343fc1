"use client";
import { Button, ColorSwatch, Group, Paper, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { useApi } from "@/lib/client/use-api";
import { formatFileSize } from "@/lib/schemas/file-kind";
import { CATEGORY_COLORS, CATEGORY_LABELS, FILE_STATS_PATH, type FileStats } from "./file-item";

const TITLE_ID = "storage-usage-title";

function Legend({ stats }: { stats: FileStats }) {
  return (
    <Group component="ul" gap="md" aria-label="Storage by category" style={{ listStyle: "none", margin: 0, padding: 0, rowGap: 4 }}>
      {stats.categories.map((category) => (
        <Group component="li" key={category.id} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${CATEGORY_COLORS[category.id]}-filled)`} size={10} withShadow={false} aria-hidden />
          <Text size="sm">{CATEGORY_LABELS[category.id]}</Text>
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
  const { data: stats, error, mutate, isValidating } = useApi<FileStats>(FILE_STATS_PATH);
  const whole = stats ? Math.max(stats.quota ?? 0, stats.size) : 0;
  const share = (size: number) => (whole > 0 ? (size / whole) * 100 : 0);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={TITLE_ID}>
            Storage
          </Text>
          {stats && (
            <Text size="sm" data-testid="storage-total">
              {stats.quota !== null
                ? `${formatFileSize(stats.size)} of ${formatFileSize(stats.quota)} used`
                : `Total ${formatFileSize(stats.size)}`}
            </Text>
          )}
        </Group>
        {error && !stats ? (
          <Group gap="sm">
            <Text size="sm" c="red">
              Failed to load storage usage
            </Text>
            <Button size="xs" variant="default" loading={isValidating} onClick={() => void mutate()}>
              Retry
            </Button>
          </Group>
        ) : !stats ? (
          <Stack gap="sm" aria-busy aria-label="Loading storage usage">
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
                  aria-label={`${CATEGORY_LABELS[category.id]}: ${formatFileSize(category.size)}`}
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
