"use client";
import { Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconCloudUpload, IconUpload } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { UploadList } from "./upload-list";
import { useUpload } from "./use-upload";

/**
 * Upload by dropping files, or by click, Enter or Space, which open the file
 * dialog. Several files at once, each with its progress and its own error.
 */
export function FileDropzone() {
  const t = useTranslations();
  const { uploads, upload, dismiss, clearFinished } = useUpload();
  return (
    <Stack gap="xs">
      <Dropzone onDrop={(files) => void upload(files)} multiple role="button" aria-label={t("file.upload.label")} aria-describedby="file-dropzone-hint" data-testid="file-dropzone" p="md">
        <Group justify="center" gap="md" mih={72} wrap="nowrap" style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-primary-color-filled)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Idle>
            <IconCloudUpload size={36} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={500}>{t("file.upload.drop")}</Text>
            <Text size="sm" c="dimmed" id="file-dropzone-hint">
              {t("file.upload.hint")}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <UploadList uploads={uploads} onDismiss={dismiss} onClearFinished={clearFinished} />
    </Stack>
  );
}
