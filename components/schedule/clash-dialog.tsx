"use client";
import { Button, List, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { useSubmit } from "@/lib/client/use-submit";
import type { ClashQuestion } from "./use-schedule-actions";
import { useClashText } from "./clash-text";

/** A saved change brought new clashes: keep it anyway, or undo it. */
export function ClashDialog({ question, opened, onDone }: { question: ClashQuestion | null; opened: boolean; onDone: () => void }) {
  const t = useTranslations();
  const text = useClashText();
  const { busy, submit } = useSubmit();
  if (!question) return null;
  const undo = question.undo;
  return (
    <Dialog opened={opened} onClose={onDone} title={t("dispatch.clash.title")} centered>
      <Stack gap="md">
        <Text size="sm">{t("dispatch.clash.text", { title: question.visit.project_title })}</Text>
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon color="red" variant="light" size={22} radius="xl">
              <IconAlertTriangle size={14} />
            </ThemeIcon>
          }
        >
          {question.clashes.map((clash) => (
            <List.Item key={`${clash.type}:${clash.id}:${clash.start}`}>{text(clash, question.visit.time_zone)}</List.Item>
          ))}
        </List>
        <DialogActions>
          {undo && (
            <Button variant="default" loading={busy} onClick={() => void submit(async () => { await undo(); onDone(); })}>
              {t("dispatch.clash.undo")}
            </Button>
          )}
          <Button color="red" disabled={busy} onClick={onDone} data-autofocus>
            {t("dispatch.clash.keep")}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
