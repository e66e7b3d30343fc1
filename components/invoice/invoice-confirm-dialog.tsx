"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";

type Props = {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  color?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A question before a step that cannot be taken back (issuing, voiding). */
export function InvoiceConfirmDialog({ opened, title, text, confirm, color, busy, onConfirm, onClose }: Props) {
  const t = useTranslations();
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <DialogActions>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button color={color} loading={busy} onClick={onConfirm} data-autofocus>
              {confirm}
            </Button>
          </Group>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
