import { projectUpdateSchema } from "@/lib/schemas/project";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getProject, updateProject } from "@/lib/services/project";

// GET /api/api/project/{id} — one project
export const GET = route({ params: idParams("Project") }, ({ db, session, params }) => getProject(db, session, params.id));

// PATCH /api/api/project/{id} — owners edit their own projects, projects_manage edits any
export const PATCH = route({ params: idParams("Project"), body: projectUpdateSchema }, ({ db, session, params, body }) =>
  updateProject(db, session, params.id, body),
);
