import { NAME_SORTS, sharingFilter, statusFilter } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import { memberListQuerySchema } from "@/lib/schemas/member";
import type { MemberItem } from "./member-item";

export const memberBrowse: BrowseConfig<MemberItem> = {
  type: "member",
  title: "Members",
  section: "Members",
  create: { label: "New member", privilege: "members_manage" },
  querySchema: memberListQuerySchema,
  filters: [statusFilter(STATUS_ACTIVE_REMOVED), sharingFilter],
  sorts: NAME_SORTS,
  name: (item) => item.name,
  status: (item) => item.status,
  location: (item) => item.location,
  columns: [
    { header: "Email", cell: (item) => item.email, visibleFrom: "sm" },
    { header: "Role", cell: (item) => <ReferenceBadge type="role" id={item.role} />, visibleFrom: "md" },
  ],
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
