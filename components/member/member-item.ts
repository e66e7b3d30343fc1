import { optionsOf } from "@/components/browse/common-filters";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import type { Sharing } from "@/lib/schemas/sharing";

/** A member as GET /member and GET /member/{id} answer it. */
export type MemberItem = {
  id: string;
  name: string;
  email: string;
  status: (typeof STATUS_ACTIVE_REMOVED)[number];
  image: string | null;
  role: string;
  location: string | null;
  organization: string;
  notification_emails: NotificationFrequency;
  sharing: Sharing;
  has_password: boolean;
  created: string;
  updated: string;
};

export const MEMBER_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);
