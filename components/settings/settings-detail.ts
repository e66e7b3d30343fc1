import type { DetailConfig } from "@/components/detail/detail-config";
import type { MemberItem } from "@/components/member/member-item";
import { MEMBER } from "@/components/entities";

/** One's own member record, at /settings; the theme tab lives in the browser only. */
export const settingsDetail: DetailConfig<MemberItem> = {
  type: MEMBER.type,
  section: "Settings",
  list: null,
  title: () => "Settings",
  tabs: [
    { label: "Profile", path: "" },
    { label: "Security", path: "security" },
    { label: "Notifications", path: "notifications" },
    { label: "Theme", path: "theme" },
    { label: "API tokens", path: "tokens" },
  ],
  own: () => true,
};
