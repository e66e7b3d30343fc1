import { optionsOf } from "@/components/browse/common-filters";
import type { Privilege } from "@/lib/schemas/constants";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import type { Sharing } from "@/lib/schemas/sharing";

/** A role as GET /role and GET /role/{id} answer it. */
export type RoleItem = {
  id: string;
  name: string;
  status: (typeof STATUS_ACTIVE_REMOVED)[number];
  privileges: Privilege[];
  location: string | null;
  sharing: Sharing;
  organization: string;
  created: string;
  updated: string;
};

export const ROLE_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);
