import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { memberForm } from "./member-form";
import { memberStatus, type MemberItem } from "./member-item";
import { MEMBER, detailHeading } from "@/components/entities";

export const memberDetail: DetailConfig<MemberItem> = {
  ...detailHeading(MEMBER),
  title: (item) => item.name,
  status: memberStatus,
  tabs: [DETAILS_AND_HISTORY[0], { label: "member.tab.security", path: "security" }, DETAILS_AND_HISTORY[1]],
  // One's own record, whatever its sharing (lib/entities/member.ts ownRecord).
  own: (item, session) => item.id === session.member.id,
};

export const memberHistoryFields = historyFieldsOf(memberForm.update.fields);
