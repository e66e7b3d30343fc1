import { projectTypeCreateSchema, projectTypeListQuerySchema } from "@/lib/schemas/project-type";
import { route } from "@/lib/server/route";
import { createProjectType, listProjectTypes } from "@/lib/services/project-type";

// GET /api/api/project_type — list project types
export const GET = route({ query: projectTypeListQuerySchema }, ({ db, session, query }) =>
  listProjectTypes(db, session, query),
);

// POST /api/api/project_type — create a project type with one status, "Open"
export const POST = route(
  { body: projectTypeCreateSchema, privilege: "projects_manage", status: 201 },
  ({ db, session, body }) => createProjectType(db, session, body),
);
