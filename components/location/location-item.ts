import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { locationEntity } from "@/lib/entities/location";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { optionsOf } from "@/components/browse/common-filters";

/** A location as GET /location and GET /location/{id} answer it. */
export type LocationItem = Jsonify<ReturnType<(typeof locationEntity)["view"]>>;

export const LOCATION_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED, { active: "location.status.active", removed: "location.status.removed" });
