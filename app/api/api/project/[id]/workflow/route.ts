import { route } from "@/lib/server/route";
import { availableWorkflows } from "@/lib/services/workflow";

// GET /api/api/project/{id}/workflow — the workflows this member can run on the project now
export const GET = route({ resource: "Project" }, ({ db, session, params }) => availableWorkflows(db, session, params.id));
