import { workflowListQuerySchema } from "@/lib/schemas/workflow";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { availableWorkflows } from "@/lib/services/workflow";

// GET /api/api/project/{id}/workflow — the workflows this member can run on the project now, and whether they may edit it
export const GET = route({ params: idParams("Project"), query: workflowListQuerySchema }, ({ db, session, params, query }) =>
  availableWorkflows(db, session, params.id, query),
);
