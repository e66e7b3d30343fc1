"use client";
import { ActionIcon, Anchor, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconX } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useFileSize } from "./use-file-size";
import type { Upload } from "./use-upload";

type Props = { uploads: Upload[]; onDismiss: (key: number) => void; onClearFinished: () => void };

const percent = (upload: Upload) => (upload.size > 0 ? Math.round((upload.loaded / upload.size) * 100) : 100);

function UploadStatus({ upload }: { upload: Upload }) {
  const t = useTranslations();
  const format = useFormatter();
  switch (upload.state) {
    case "waiting":
      return <Text size="xs" c="dimmed">{t("file.upload.waiting")}</Text>;
    case "uploading":
      return <Text size="xs" c="dimmed">{format.number(percent(upload) / 100, { style: "percent" })}</Text>;
    case "done":
      return (
        <Group gap={4} wrap="nowrap">
          <IconCheck size={14} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text size="xs" c="green">{t("file.upload.done")}</Text>
        </Group>
      );
    case "failed":
      return (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconAlertCircle size={14} color="var(--mantine-color-red-filled)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="red" role="alert" style={{ overflowWrap: "anywhere" }}>
            {upload.error}
          </Text>
        </Group>
      );
  }
}

/** Each dropped file with its progress, and once it is done, whether it arrived or why not. */
export function UploadList({ uploads, onDismiss, onClearFinished }: Props) {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  if (uploads.length === 0) return null;
  const finished = uploads.some((upload) => upload.state === "done" || upload.state === "failed");
  return (
    <Stack gap={6}>
      <Stack gap={6} component="ul" aria-label={t("file.upload.list")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {uploads.map((upload) => (
          <Paper component="li" key={upload.key} withBorder radius="sm" px="sm" py={6} aria-label={upload.name}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate="end" title={upload.name}>
                    {upload.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {formatFileSize(upload.size)}
                  </Text>
                </Group>
                {(upload.state === "uploading" || upload.state === "waiting") && (
                  <Progress value={percent(upload)} size="sm" aria-label={t("file.upload.uploading", { name: upload.name })} animated={upload.state === "uploading"} />
                )}
                <UploadStatus upload={upload} />
              </Stack>
              {(upload.state === "done" || upload.state === "failed") && (
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("file.upload.dismiss", { name: upload.name })} onClick={() => onDismiss(upload.key)}>
                  <IconX size={14} />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {finished && (
        <Anchor component="button" type="button" size="xs" onClick={onClearFinished} style={{ alignSelf: "flex-end" }}>
          {t("file.upload.clear")}
        </Anchor>
      )}
    </Stack>
  );
}
