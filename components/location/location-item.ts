import type { Sharing } from "@/lib/schemas/sharing";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import { optionsOf } from "@/components/browse/common-filters";

/** A location as GET /location and GET /location/{id} answer it. */
export type LocationItem = {
  id: string;
  name: string;
  status: (typeof STATUS_ACTIVE_REMOVED)[number];
  sharing: Sharing;
  organization: string;
  created: string;
  updated: string;
};

export const LOCATION_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);
