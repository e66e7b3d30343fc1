import { workflowRunSchema } from "@/lib/schemas/workflow";
import { z } from "@/lib/schemas/z";
import { pathId, pathNumber } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { runWorkflow } from "@/lib/services/workflow";

const params = z.object({ id: pathId("Project"), workflowId: pathNumber("Workflow") });

// POST /api/api/project/{id}/workflow/{workflowId} — run a workflow: requirements, inputs, effects, history
export const POST = route({ params, body: workflowRunSchema }, ({ db, session, params, body }) =>
  runWorkflow(db, session, params.id, params.workflowId, body),
);
