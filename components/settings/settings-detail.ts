import type { DetailConfig } from "@/components/detail/detail-config";
import type { MemberItem } from "@/components/member/member-item";
import { MEMBER } from "@/components/entities";

/** One's own member record, at /settings; the theme tab lives in the browser only. Labels are catalogue keys. */
export const settingsDetail: DetailConfig<MemberItem> = {
  type: MEMBER.type,
  section: "settings.title",
  list: null,
  title: () => "settings.title",
  tabs: [
    { label: "settings.tab.profile", path: "" },
    { label: "settings.tab.security", path: "security" },
    { label: "settings.tab.notifications", path: "notifications" },
    { label: "settings.tab.theme", path: "theme" },
    { label: "settings.tab.calendar", path: "calendar" },
    { label: "settings.tab.tokens", path: "tokens" },
  ],
  own: () => true,
};
