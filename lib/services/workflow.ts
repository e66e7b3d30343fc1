import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { projectType } from "@/db/schema/project";
import { checkFieldValue } from "@/lib/schemas/field-check";
import { isEmptyValue } from "@/lib/schemas/field-kinds";
import type { FieldDefinition, FieldValue } from "@/lib/schemas/project-fields";
import type { SharingLevel } from "@/lib/schemas/sharing";
import { checkWorkflowRun, type Workflow, type WorkflowListQuery, type workflowRunSchema } from "@/lib/schemas/workflow";
import { leadsTo } from "@/lib/schemas/workflow-status";
import type { z } from "@/lib/schemas/z";
import { accessLevel } from "@/lib/server/access";
import { badRequest, conflict, forbidden, notFound } from "@/lib/server/errors";
import { getItem, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { projectEntity, projectView } from "@/lib/entities/project";
import type { ProjectTypeRow } from "@/lib/entities/project-type";
import { notifyProjectOwner, notifyWorkflowRun } from "./notify";
import { activeMember } from "./project";
import { lockedProjectType } from "./project-type";
import { editsProject, runnable, runnableWorkflows } from "./workflow-rules";

/**
 * The workflows this member may run on the project now (the detail screen's
 * buttons; with `status`, those that move it there: the board's drop), and
 * whether they may edit the project itself. A project they cannot see is a 404.
 */
export async function availableWorkflows(db: Db, session: SessionContext, projectId: string, query: WorkflowListQuery = {}) {
  const project = await getItem(db, session, projectEntity, projectId);
  const level = accessLevel({ organizationId: project.organization, locationId: project.location, sharing: project.sharing }, session);
  const [type] = await db
    .select()
    .from(projectType)
    .where(and(eq(projectType.id, project.type), eq(projectType.organizationId, session.organizationId)));
  const editable = editsProject(session, project, level);
  const situation = { project, type, memberId: session.memberId, roleId: session.roleId, editable };
  return { items: runnableWorkflows(type.workflows, situation, query.status), editable };
}

/** Input values: only fields the workflow asks for, the required ones present, each valid for its field. */
function inputValues(type: ProjectTypeRow, workflow: Workflow, input: z.output<typeof workflowRunSchema>) {
  const { issues, values } = checkWorkflowRun(type.fields, workflow, input);
  if (issues.length > 0) throw badRequest(issues);
  return values;
}

// In place, so setting a value a field already has is no change at all.
function setValue(fields: FieldValue[], { id, value }: FieldValue): FieldValue[] {
  if (isEmptyValue(value)) return fields.filter((entry) => entry.id !== id);
  if (!fields.some((entry) => entry.id === id)) return [...fields, { id, value }];
  return fields.map((entry) => (entry.id === id ? { id, value } : entry));
}

/** A field_set effect's value as stored (checked when the type was saved): an instant in UTC, options in the field's order. */
function effectValue(definitions: FieldDefinition[], { id, value }: FieldValue): FieldValue {
  const definition = definitions.find((field) => field.id === id);
  const checked = definition ? checkFieldValue(definition, value) : { empty: true as const };
  return { id, value: "value" in checked ? checked.value : "" };
}

/**
 * Runs a workflow in the project's write transaction, on the locked row: who may
 * run it is checked (403 for a member neither editing the project nor named by
 * the workflow), the requirements again (409 when one no longer holds), the inputs
 * validated, then the effects and input values applied with one history entry
 * naming the workflow and carrying the comment. Inputs win over field_set
 * effects for the same field: they are what the member typed, and one sent
 * empty clears its field.
 */
export function runWorkflow(
  db: Db,
  session: SessionContext,
  projectId: string,
  workflowId: number,
  input: z.output<typeof workflowRunSchema>,
) {
  // Viewers reach the workflow's own check below: one that names them is theirs to run.
  let level: SharingLevel = "none";
  let ran = "";
  return updateItem(db, session, projectEntity, projectId, {}, {
    authorize(_row, sessionLevel) {
      level = sessionLevel;
    },
    async prepare(tx, row) {
      const type = await lockedProjectType(tx, session, row.typeId);
      const workflow = type.workflows.find((entry) => entry.id === workflowId);
      if (!workflow) throw notFound("Workflow");
      const project = projectView(row);
      const editable = editsProject(session, project, level);
      const situation = { project, type, memberId: session.memberId, roleId: session.roleId, editable };
      const verdict = runnable(workflow, situation);
      if (verdict.state === "forbidden") throw forbidden();
      if (verdict.state === "unmet") throw conflict("errors.workflow.cannotRun", { title: workflow.title, reasons: verdict.reasons });
      const typed = inputValues(type, workflow, input);
      const status = leadsTo(workflow) ?? row.status;
      let { fields } = row;
      let owner = row.ownerId;
      for (const effect of workflow.effects) {
        if (effect.type === "owner_set") owner = effect.value === "self" ? session.memberId : effect.value;
        if (effect.type === "field_set") fields = effect.fields.map((entry) => effectValue(type.fields, entry)).reduce(setValue, fields);
      }
      fields = typed.reduce(setValue, fields);
      // An asked field sent back empty (the dialog showed its current value) is cleared, as typed values win over effects.
      const cleared = (input.fields ?? []).filter((entry) => isEmptyValue(entry.value)).map((entry) => ({ id: entry.id, value: "" }));
      fields = cleared.reduce(setValue, fields);
      if (owner && owner !== row.ownerId && !(await activeMember(tx, session, owner))) {
        throw conflict("errors.workflow.inactiveAssignee", { title: workflow.title });
      }
      const notes: Record<string, [unknown, unknown]> = { workflow: [null, workflow.title] };
      if (input.comment) notes.comment = [null, input.comment];
      ran = workflow.title;
      return { patch: { status, owner, fields }, notes };
    },
    async after(tx, before, after) {
      await notifyWorkflowRun(tx, session, before, ran);
      await notifyProjectOwner(tx, session, before, after);
    },
  });
}
