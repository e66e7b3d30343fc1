"use client";
import { Anchor, Group, Paper, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { fileUrl } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { fileView } from "@/lib/services/file";

type FileItem = Jsonify<ReturnType<typeof fileView>>;

/** 1234 → "1.2 KB". */
export function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

function Attachment({ id }: { id: string }) {
  const { data, error } = useApi<FileItem>(`/file/${id}`, undefined, { revalidateOnFocus: false, shouldRetryOnError: false });
  const name = data?.name ?? (error ? "Unknown file" : "…");
  return (
    <Paper withBorder radius="sm" px={8} py={4} bg="var(--mantine-color-body)">
      <Group gap={6} wrap="nowrap">
        <IconPaperclip size={14} aria-hidden />
        <Anchor href={fileUrl(id)} download={data?.name} size="sm" style={{ overflowWrap: "anywhere" }}>
          {name}
        </Anchor>
        {data && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {fileSize(data.size)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** A message's attachments, each a download link with its name and size. */
export function MessageFiles({ ids }: { ids: string[] }) {
  if (ids.length === 0) return null;
  return (
    <Group gap={6} aria-label="Attachments" role="list">
      {ids.map((id) => (
        <div role="listitem" key={id}>
          <Attachment id={id} />
        </div>
      ))}
    </Group>
  );
}
