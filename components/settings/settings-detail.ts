import type { DetailConfig } from "@/components/detail/detail-config";
import type { MemberItem } from "@/components/member/member-item";

/** One's own member record, at /settings; the theme tab lives in the browser only. */
export const settingsDetail: DetailConfig<MemberItem> = {
  type: "member",
  section: "Settings",
  list: null,
  title: () => "Settings",
  tabs: [
    { label: "Profile", path: "" },
    { label: "Notifications", path: "notifications" },
    { label: "Theme", path: "theme" },
  ],
};
