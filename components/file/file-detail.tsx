import { Text } from "@mantine/core";
import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { FILE, detailHeading } from "@/components/entities";
import { formatFileSize } from "@/lib/schemas/file-kind";
import { fileStatus, type FileDetail } from "./file-item";
import { RemoveFileButton } from "./remove-file-button";

export const fileDetail: DetailConfig<FileDetail> = {
  ...detailHeading(FILE),
  title: (item) => item.name,
  status: fileStatus,
  aside: (item) => <RemoveFileButton file={item} />,
  tabs: DETAILS_AND_HISTORY,
};

/** History reads a file's fields with the labels of its Details tab. */
export const fileHistoryFields: Record<string, HistoryField> = {
  name: { label: "Title" },
  mimetype: { label: "Filetype" },
  size: {
    label: "Size",
    format: (value) => (
      <Text span size="sm" fw={500}>
        {formatFileSize(Number(value))}
      </Text>
    ),
  },
  removed: { label: "Removed" },
};
