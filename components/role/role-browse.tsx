import { useTranslations } from "next-intl";
import { namedScopedList } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { privilegeLabel } from "@/lib/schemas/constants";
import { ROLE_LIST } from "@/lib/schemas/lists";
import type { RoleItem } from "./role-item";
import { ROLE, browseHeading } from "@/components/entities";

/** A role's privileges by their labels, in the page's language. */
function PrivilegeList({ privileges }: { privileges: string[] }) {
  const t = useTranslations();
  return <>{privileges.map((privilege) => t(privilegeLabel(privilege))).join(", ")}</>;
}

export const roleBrowse: BrowseConfig<RoleItem> = {
  ...browseHeading(ROLE),
  title: "role.browse.title",
  create: { label: "role.browse.new", privilege: ROLE.createPrivilege, first: "role.browse.first" },
  list: ROLE_LIST,
  ...namedScopedList,
  columns: [
    { header: "role.field.privileges", cell: (item) => <PrivilegeList privileges={item.privileges} />, visibleFrom: "sm" },
    { header: "role.column.updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
  // The export's headers stay English: an exported file is read back by the importer and by scripts.
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Status", value: (item) => item.status },
    { header: "Privileges", value: (item) => item.privileges.join(", ") },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};
