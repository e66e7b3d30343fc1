import { Button, CloseButton, Group, Paper, Text } from "@mantine/core";
import { IconFileExport } from "@tabler/icons-react";
import { useSubmit } from "@/lib/client/use-submit";
import type { BulkAction } from "./browse-config";
import { useConfigLabel } from "@/components/form/config-label";

type Props = {
  count: number;
  exporting: boolean;
  onExport: () => void;
  onClear: () => void;
  /** The entity's own actions on the selection, run with the selected ids; `onDone` follows each success. */
  actions?: { list: BulkAction[]; ids: string[]; onDone: () => void };
};

export function BulkBar({ count, exporting, onExport, onClear, actions }: Props) {
  const { busy, submit } = useSubmit();
  const configLabel = useConfigLabel();
  if (count === 0) return null;
  async function run(action: BulkAction, { ids, onDone }: NonNullable<Props["actions"]>) {
    const done = await submit(async () => {
      await action.run(ids);
      return true;
    });
    if (done) onDone();
  }
  return (
    <Paper withBorder px="md" py={6} bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Selected {count} {count === 1 ? "item" : "items"}
        </Text>
        <Group gap="xs">
          {actions?.list.map((action) => (
            <Button key={action.label} size="compact-sm" variant="default" leftSection={action.icon} loading={busy} onClick={() => void run(action, actions)}>
              {configLabel(action.label)}
            </Button>
          ))}
          <Button size="compact-sm" variant="default" leftSection={<IconFileExport size={14} />} loading={exporting} onClick={onExport}>
            Export selected
          </Button>
          <CloseButton size="sm" aria-label="Clear selection" onClick={onClear} />
        </Group>
      </Group>
    </Paper>
  );
}
