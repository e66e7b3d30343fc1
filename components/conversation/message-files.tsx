"use client";
import { Anchor, Group, Paper, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useFileSize } from "@/components/file/use-file-size";
import { fileUrl } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import type { FileItem } from "@/components/file/file-item";

function Attachment({ id }: { id: string }) {
  const t = useTranslations();
  const formatFileSize = useFileSize();
  const { data, error } = useApi<FileItem>(`/file/${id}`, undefined, { revalidateOnFocus: false, shouldRetryOnError: false });
  const name = data?.name ?? (error ? t("conversation.files.unknown") : "…");
  return (
    <Paper withBorder radius="sm" px={8} py={4} bg="var(--mantine-color-body)">
      <Group gap={6} wrap="nowrap">
        <IconPaperclip size={14} aria-hidden />
        {data?.removed ? (
          // Its content was deleted for good: nothing left to download.
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("conversation.files.removed", { name })}
          </Text>
        ) : (
          <Anchor href={fileUrl(id)} download={data?.name} size="sm" style={{ overflowWrap: "anywhere" }}>
            {name}
          </Anchor>
        )}
        {data && !data.removed && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatFileSize(data.size)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** A message's attachments, each a download link with its name and size. */
export function MessageFiles({ ids }: { ids: string[] }) {
  const t = useTranslations();
  if (ids.length === 0) return null;
  return (
    <Group gap={6} aria-label={t("conversation.files.label")} role="list">
      {ids.map((id) => (
        <div role="listitem" key={id}>
          <Attachment id={id} />
        </div>
      ))}
    </Group>
  );
}
