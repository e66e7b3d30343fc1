"use client";
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { fileCategory } from "@/lib/schemas/file-kind";
import { CATEGORY_TYPE_LABELS } from "./file-item";
import { useFileSize } from "./use-file-size";

/** What kind of file it is, with its mimetype on hover. */
export function FileKindCell({ mimetype }: { mimetype: string }) {
  const t = useTranslations();
  return (
    <Text size="sm" title={mimetype}>
      {t(CATEGORY_TYPE_LABELS[fileCategory(mimetype)])}
    </Text>
  );
}

/** A size in the page's language; `span` inside a sentence (history). */
export function FileSizeCell({ size, span }: { size: number; span?: boolean }) {
  const formatFileSize = useFileSize();
  return (
    <Text size="sm" span={span} fw={span ? 500 : undefined} style={{ whiteSpace: "nowrap" }}>
      {formatFileSize(size)}
    </Text>
  );
}
