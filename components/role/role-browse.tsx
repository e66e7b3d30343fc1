import { namedScopedList } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { privilegeLabel } from "@/lib/schemas/constants";
import { ROLE_LIST } from "@/lib/schemas/lists";
import type { RoleItem } from "./role-item";
import { ROLE, browseHeading, createAction } from "@/components/entities";

export const roleBrowse: BrowseConfig<RoleItem> = {
  ...browseHeading(ROLE),
  title: "Browse",
  create: createAction(ROLE),
  list: ROLE_LIST,
  ...namedScopedList,
  columns: [
    { header: "Privileges", cell: (item) => item.privileges.map(privilegeLabel).join(", "), visibleFrom: "sm" },
    { header: "Updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Status", value: (item) => item.status },
    { header: "Privileges", value: (item) => item.privileges.join(", ") },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};
