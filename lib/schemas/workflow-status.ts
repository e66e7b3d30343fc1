import type { Workflow } from "./workflow";

// Apart from the workflow schemas: the board reads it at once, while its run
// dialog fetches the schemas only when first opened.

/**
 * The status a workflow leaves a project in: its last status_set that selects a
 * status (0 selects none), or undefined when it sets none. Running the workflow
 * applies it so; a board drop on a column is offered the workflows leading there.
 */
export function leadsTo(workflow: Pick<Workflow, "effects">): number | undefined {
  let status: number | undefined;
  for (const effect of workflow.effects) if (effect.type === "status_set" && effect.value !== 0) status = effect.value;
  return status;
}
