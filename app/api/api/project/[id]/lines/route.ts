import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { projectLines } from "@/lib/services/project-lines";

// GET /api/api/project/{id}/lines — the lines agreed for the project (from its approved quote), with their totals
export const GET = route({ params: idParams("Project") }, ({ db, session, params }) => projectLines(db, session, params.id));
