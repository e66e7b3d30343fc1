import type { DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { FILE, detailHeading } from "@/components/entities";
import { FileSizeCell } from "./file-cells";
import { fileStatus, type FileDetail } from "./file-item";
import { RemoveFileButton } from "./remove-file-button";

export const fileDetail: DetailConfig<FileDetail> = {
  ...detailHeading(FILE),
  section: "file.entity.other",
  title: (item) => item.name,
  status: fileStatus,
  aside: (item) => <RemoveFileButton file={item} />,
  tabs: [
    { label: "file.tab.details", path: "" },
    { label: "file.tab.history", path: "history" },
  ],
};

/** History reads a file's fields with the labels of its Details tab. */
export const fileHistoryFields: Record<string, HistoryField> = {
  name: { label: "file.field.title" },
  mimetype: { label: "file.field.filetype" },
  size: { label: "file.field.size", format: (value) => <FileSizeCell size={Number(value)} span /> },
  removed: { label: "file.field.removed" },
};
