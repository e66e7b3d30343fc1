import { namedScopedList } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { PROJECT_TYPE_LIST } from "@/lib/schemas/lists";
import { colorName } from "./project-type-colors";
import { ProjectTypeIcon } from "./project-type-icon";
import type { ProjectTypeItem } from "./project-type-item";
import { PROJECT_TYPE, browseHeading, createAction } from "@/components/entities";

export const projectTypeBrowse: BrowseConfig<ProjectTypeItem> = {
  ...browseHeading(PROJECT_TYPE),
  create: createAction(PROJECT_TYPE),
  list: PROJECT_TYPE_LIST,
  ...namedScopedList,
  leading: (item) => <ProjectTypeIcon icon={item.icon} color={item.color} size={24} />,
  columns: [
    { header: "projectType.column.statuses", cell: (item) => item.statuses.length, visibleFrom: "sm" },
    { header: "projectType.column.fields", cell: (item) => item.fields.length, visibleFrom: "sm" },
    { header: "projectType.column.workflows", cell: (item) => item.workflows.length, visibleFrom: "md" },
    { header: "projectType.column.updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
  // CSV headers stay English: an exported file is read back by import and other programs.
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Icon", value: (item) => item.icon },
    { header: "Color", value: (item) => colorName(item.color) },
    { header: "Status", value: (item) => item.status },
    { header: "Statuses", value: (item) => item.statuses.map((status) => status.title).join(", ") },
    { header: "Fields", value: (item) => item.fields.map((field) => field.title).join(", ") },
    { header: "Workflows", value: (item) => item.workflows.map((workflow) => workflow.title).join(", ") },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};
