import { Button, CloseButton, Group, Paper, Text } from "@mantine/core";
import { IconFileExport } from "@tabler/icons-react";

type Props = { count: number; exporting: boolean; onExport: () => void; onClear: () => void };

export function BulkBar({ count, exporting, onExport, onClear }: Props) {
  if (count === 0) return null;
  return (
    <Paper withBorder px="md" py={6} bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          Selected {count} {count === 1 ? "item" : "items"}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" leftSection={<IconFileExport size={14} />} loading={exporting} onClick={onExport}>
            Export selected
          </Button>
          <CloseButton size="sm" aria-label="Clear selection" onClick={onClear} />
        </Group>
      </Group>
    </Paper>
  );
}
