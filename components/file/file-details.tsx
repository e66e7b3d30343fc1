"use client";
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { fileUrl } from "@/lib/client/api";
import { useFileSize } from "./use-file-size";
import type { FileDetail } from "./file-item";
import { FilePreview, hasPreview } from "./file-preview";
import { FileUsageList } from "./file-usage-list";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A file's Details tab, read-only (spec §2): what it is, its content, where it is used, and a preview. */
export function FileDetails() {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  const { item: file } = useDetail<FileDetail>();
  return (
    <SimpleGrid cols={{ base: 1, md: hasPreview(file) ? 2 : 1 }} spacing="md" maw={hasPreview(file) ? undefined : 760}>
      <Stack gap="md">
        <Card title={t("file.details.file")}>
          <Stack gap="sm" component="dl" m={0}>
            <Field label={t("file.field.title")}>{file.name}</Field>
            <Field label={t("file.field.filetype")}>{file.mimetype}</Field>
            <Field label={t("file.field.size")}>{formatFileSize(file.size)}</Field>
            <Field label={t("file.details.content")}>
              {file.removed ? (
                <Text span c="dimmed">
                  {t("file.details.removed")}
                </Text>
              ) : (
                <Anchor href={fileUrl(file.id)} download={file.name} style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
                  <IconDownload size={16} aria-hidden />
                  {t("file.details.download")}
                </Anchor>
              )}
            </Field>
          </Stack>
        </Card>
        <Card title={t("file.details.usedIn")}>
          <FileUsageList used={file.used} />
        </Card>
      </Stack>
      {hasPreview(file) && (
        <Card title={t("file.details.preview")}>
          <FilePreview file={file} />
        </Card>
      )}
    </SimpleGrid>
  );
}
