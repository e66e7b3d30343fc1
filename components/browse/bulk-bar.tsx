import { Button, CloseButton, Group, Paper, Text } from "@mantine/core";
import { IconFileExport } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import { useSubmit } from "@/lib/client/use-submit";
import type { BulkAction } from "./browse-config";

type Props = {
  count: number;
  exporting: boolean;
  onExport: () => void;
  onClear: () => void;
  /** The entity's own actions on the selection, run with the selected ids; `onDone` follows each success. */
  actions?: { list: BulkAction[]; ids: string[]; onDone: () => void };
};

export function BulkBar({ count, exporting, onExport, onClear, actions }: Props) {
  const t = useTranslations();
  const label = useLabel();
  const { busy, submit } = useSubmit();
  if (count === 0) return null;
  async function run(action: BulkAction, { ids, onDone }: NonNullable<Props["actions"]>) {
    const done = await submit(async () => {
      await action.run(ids);
      return true;
    });
    if (done) onDone();
  }
  return (
    <Paper withBorder px="md" py={6} bg="var(--mantine-primary-color-light)" role="region" aria-label={t("browse.bulk.label")}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t("browse.bulk.selected", { count })}
        </Text>
        <Group gap="xs">
          {actions?.list.map((action) => (
            <Button key={action.label} size="compact-sm" variant="default" leftSection={action.icon} loading={busy} onClick={() => void run(action, actions)}>
              {label(action.label)}
            </Button>
          ))}
          <Button size="compact-sm" variant="default" leftSection={<IconFileExport size={14} />} loading={exporting} onClick={onExport}>
            {t("browse.bulk.export")}
          </Button>
          <CloseButton size="sm" aria-label={t("browse.bulk.clear")} onClick={onClear} />
        </Group>
      </Group>
    </Paper>
  );
}
