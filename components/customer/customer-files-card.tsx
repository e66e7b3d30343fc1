"use client";
import { ActionIcon, Anchor, Group, Stack, Text } from "@mantine/core";
import { IconDownload, IconPaperclip } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFileSize } from "@/components/file/use-file-size";
import { RelativeTime } from "@/components/detail/relative-time";
import { fileUrl } from "@/lib/client/api";
import type { ActivityFile } from "./customer-activity-data";
import { RecordCard } from "./record-card";

type Props = { files: ActivityFile[] | undefined; error: unknown; onRetry: () => void };

/** Files the customer's messages carried, newest first: each opens its page (preview, where used), or downloads at once. */
export function CustomerFilesCard({ files, error, onRetry }: Props) {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  return (
    <RecordCard
      title={t("customer.files.title")}
      loadingLabel={t("customer.files.loading")}
      loading={files === undefined}
      error={error}
      onRetry={onRetry}
      empty={files && files.length === 0 ? t("customer.files.empty") : null}
    >
      <Stack gap={6} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {files?.map((file) => (
          <li key={file.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Anchor component={Link} href={`/file/${file.id}`} size="sm" truncate="end" title={file.name}>
                  {file.name}
                </Anchor>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                  {formatFileSize(file.size)}
                </Text>
                <RelativeTime date={file.created} size="xs" />
                <ActionIcon
                  component="a"
                  href={fileUrl(file.id)}
                  download={file.name}
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t("customer.files.download", { name: file.name })}
                >
                  <IconDownload size={14} />
                </ActionIcon>
              </Group>
            </Group>
          </li>
        ))}
      </Stack>
    </RecordCard>
  );
}
