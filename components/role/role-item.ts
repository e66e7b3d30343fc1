import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { roleEntity } from "@/lib/entities/role";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { optionsOf } from "@/components/browse/common-filters";

/** A role as GET /role and GET /role/{id} answer it. */
export type RoleItem = Jsonify<ReturnType<(typeof roleEntity)["view"]>>;

export const ROLE_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED, { active: "role.status.active", removed: "role.status.removed" });
