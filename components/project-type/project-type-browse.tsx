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
    { header: "Statuses", cell: (item) => item.statuses.length, visibleFrom: "sm" },
    { header: "Fields", cell: (item) => item.fields.length, visibleFrom: "sm" },
    { header: "Workflows", cell: (item) => item.workflows.length, visibleFrom: "md" },
    { header: "Updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
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
