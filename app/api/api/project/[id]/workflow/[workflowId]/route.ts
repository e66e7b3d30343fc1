import { workflowRunSchema } from "@/lib/schemas/workflow";
import { notFound } from "@/lib/server/errors";
import { route } from "@/lib/server/route";
import { runWorkflow } from "@/lib/services/workflow";

// POST /api/api/project/{id}/workflow/{workflowId} — run a workflow: requirements, inputs, effects, history
export const POST = route({ resource: "Project", body: workflowRunSchema }, ({ db, session, params, body }) => {
  if (!/^[1-9]\d{0,8}$/.test(params.workflowId)) throw notFound("Workflow");
  return runWorkflow(db, session, params.id, Number(params.workflowId), body);
});
