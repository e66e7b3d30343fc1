import { Text } from "@mantine/core";
import { NAME_SORTS } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { FILE, browseHeading } from "@/components/entities";
import { fileCategory, formatFileSize } from "@/lib/schemas/file-kind";
import { CATEGORY_TYPE_LABELS, fileStatus, type FileItem } from "./file-item";
import { FileThumb } from "./file-thumb";
import { FILE_LIST } from "@/lib/schemas/lists";

/** Files are created by uploading them above the list, so there is no New button. */
export const fileBrowse: BrowseConfig<FileItem> = {
  ...browseHeading(FILE),
  list: FILE_LIST,
  filters: [
    {
      key: "removed",
      label: "Removed",
      kind: "single",
      options: [
        { value: "false", label: "Active" },
        { value: "true", label: "Removed" },
      ],
    },
  ],
  // Files are never edited, so they have no "updated" worth sorting by; size is theirs.
  sorts: [...NAME_SORTS.filter((sort) => sort.value !== "updated"), { value: "size", label: "Size" }],
  name: (item) => item.name,
  leading: (item) => <FileThumb file={item} />,
  status: fileStatus,
  columns: [
    {
      header: "Type",
      cell: (item) => (
        <Text size="sm" title={item.mimetype}>
          {CATEGORY_TYPE_LABELS[fileCategory(item.mimetype)]}
        </Text>
      ),
      visibleFrom: "sm",
    },
    { header: "Size", cell: (item) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{formatFileSize(item.size)}</Text> },
    { header: "Created", cell: (item) => <RelativeTime date={item.created} />, visibleFrom: "xs" },
  ],
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Type", value: (item) => item.mimetype },
    { header: "Size (bytes)", value: (item) => item.size },
    { header: "Removed", value: (item) => item.removed },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};
