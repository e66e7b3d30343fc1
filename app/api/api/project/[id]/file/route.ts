import { projectFileCreateSchema } from "@/lib/schemas/project-file";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { addProjectFile, listProjectFiles } from "@/lib/services/project-file";

// GET /api/api/project/{id}/file — the photos and files kept with the project, newest first
export const GET = route({ params: idParams("Project") }, ({ db, session, params }) => listProjectFiles(db, session, params.id));

// POST /api/api/project/{id}/file — keep an upload (POST /file) with the project: its editors, or a member assigned to one of its visits
export const POST = route({ params: idParams("Project"), body: projectFileCreateSchema, status: 201 }, ({ db, session, params, body }) =>
  addProjectFile(db, session, params.id, body),
);
