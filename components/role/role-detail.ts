import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { roleForm } from "./role-form";
import type { RoleItem } from "./role-item";
import { ROLE, detailHeading } from "@/components/entities";

export const roleDetail: DetailConfig<RoleItem> = {
  ...detailHeading(ROLE),
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: [DETAILS_AND_HISTORY[0], { label: "role.tab.members", path: "members" }, DETAILS_AND_HISTORY[1]],
};

export const roleHistoryFields = historyFieldsOf(roleForm.update.fields);
