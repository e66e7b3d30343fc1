import { projectCreateSchema, projectListQuerySchema } from "@/lib/schemas/project";
import { route } from "@/lib/server/route";
import { createProject, listProjects } from "@/lib/services/project";

// GET /api/api/project — list projects
export const GET = route({ query: projectListQuerySchema }, ({ db, session, query }) => listProjects(db, session, query));

// POST /api/api/project — create a project (every active member may)
export const POST = route({ body: projectCreateSchema, status: 201 }, ({ db, session, body }) =>
  createProject(db, session, body),
);
