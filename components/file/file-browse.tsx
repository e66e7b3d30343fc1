import { NAME_SORTS } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { FILE, browseHeading } from "@/components/entities";
import { fileStatus, type FileItem } from "./file-item";
import { FileKindCell, FileSizeCell } from "./file-cells";
import { FileThumb } from "./file-thumb";
import { FILE_LIST } from "@/lib/schemas/lists";

const SORT_KEYS: Record<string, string> = { name: "file.sort.name", created: "file.sort.created" };

/** Files are created by uploading them above the list, so there is no New button. */
export const fileBrowse: BrowseConfig<FileItem> = {
  ...browseHeading(FILE),
  title: "file.entity.other",
  section: "file.entity.other",
  plural: "file.entity.other",
  empty: "file.entity.empty",
  list: FILE_LIST,
  filters: [
    {
      key: "removed",
      label: "file.filter.removed",
      kind: "single",
      options: [
        { value: "false", label: "file.filter.active" },
        { value: "true", label: "file.filter.removedOnly" },
      ],
    },
  ],
  // Files are never edited, so they have no "updated" worth sorting by; size is theirs.
  sorts: [
    ...NAME_SORTS.filter((sort) => sort.value !== "updated").map((sort) => ({ ...sort, label: SORT_KEYS[sort.value] ?? sort.label })),
    { value: "size", label: "file.sort.size" },
  ],
  nameHeader: "file.column.name",
  name: (item) => item.name,
  leading: (item) => <FileThumb file={item} />,
  status: fileStatus,
  columns: [
    { header: "file.column.type", cell: (item) => <FileKindCell mimetype={item.mimetype} />, visibleFrom: "sm" },
    { header: "file.column.size", cell: (item) => <FileSizeCell size={item.size} /> },
    { header: "file.column.created", cell: (item) => <RelativeTime date={item.created} />, visibleFrom: "xs" },
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
