import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { projectTypeEntity } from "@/lib/entities/project-type";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { optionsOf } from "@/components/browse/common-filters";

/** A project type as GET /project_type and GET /project_type/{id} answer it. */
export type ProjectTypeItem = Jsonify<ReturnType<(typeof projectTypeEntity)["view"]>>;

export const PROJECT_TYPE_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED, {
  active: "projectType.status.active",
  removed: "projectType.status.removed",
});
