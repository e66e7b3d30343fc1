import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { roleForm } from "./role-form";
import type { RoleItem } from "./role-item";

export const roleDetail: DetailConfig<RoleItem> = {
  type: "role",
  section: "Roles",
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

export const roleHistoryFields = historyFieldsOf(roleForm.update.fields);
