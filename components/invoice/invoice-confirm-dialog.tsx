"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
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
  /** Fields asked with the question (the issue date). */
  children?: ReactNode;
};

/** A question before a step that cannot be taken back (issuing, voiding). */
export function InvoiceConfirmDialog({ opened, title, text, confirm, color, busy, onConfirm, onClose, children }: Props) {
  const t = useTranslations();
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {children}
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
