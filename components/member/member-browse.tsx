import { namedScopedList } from "@/components/browse/common-filters";
import type { BrowseConfig, FilterConfig } from "@/components/browse/browse-config";
import { itemFilter } from "@/components/browse/item-picker";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { MemberAvatar } from "@/components/shell/member-avatar";
import { MEMBER_LIST } from "@/lib/schemas/lists";
import { memberStatus, type MemberItem } from "./member-item";
import { MEMBER, ROLE, browseHeading } from "@/components/entities";

export const roleFilter: FilterConfig = itemFilter("role", ROLE.label, { type: ROLE.type, name: (item) => item.name });

export const memberBrowse: BrowseConfig<MemberItem> = {
  ...browseHeading(MEMBER),
  create: { label: "member.browse.new", privilege: MEMBER.createPrivilege, first: "member.browse.first" },
  list: MEMBER_LIST,
  ...namedScopedList,
  filters: [...namedScopedList.filters, roleFilter],
  // Invited until they set a password: "Ivy (invited)", like "(removed)".
  status: memberStatus,
  leading: (item) => <MemberAvatar name={item.name} email={item.email} image={item.image} size="sm" />,
  columns: [
    { header: "common.email", cell: (item) => item.email, visibleFrom: "sm" },
    { header: ROLE.label, cell: (item) => <ReferenceBadge type="role" id={item.role} />, visibleFrom: "md" },
  ],
  // The export's headers stay English: an exported file is read back by the importer and by scripts.
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Email", value: (item) => item.email },
    { header: "Status", value: (item) => item.status },
    { header: "Role", value: (item) => item.role },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};
