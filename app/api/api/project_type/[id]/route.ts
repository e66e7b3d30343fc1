import { projectTypeUpdateSchema } from "@/lib/schemas/project-type";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getProjectType, updateProjectType } from "@/lib/services/project-type";

// GET /api/api/project_type/{id} — one project type with its statuses, fields and workflows
export const GET = route({ params: idParams("Project type") }, ({ db, session, params }) =>
  getProjectType(db, session, params.id),
);

// PATCH /api/api/project_type/{id} — change details, statuses, fields or workflows
export const PATCH = route(
  { params: idParams("Project type"), body: projectTypeUpdateSchema, privilege: "projects_manage" },
  ({ db, session, params, body }) => updateProjectType(db, session, params.id, body),
);
