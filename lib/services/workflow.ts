import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { projectType } from "@/db/schema/project";
import { checkFieldValues, type FieldValue } from "@/lib/schemas/project-fields";
import type { Requirement, Workflow, workflowRunSchema } from "@/lib/schemas/workflow";
import type { z } from "@/lib/schemas/z";
import { accessLevel } from "@/lib/server/access";
import { badRequest, conflict, notFound } from "@/lib/server/errors";
import { getItem, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { activeMember, projectEntity, projectView, type ProjectView } from "./project";
import { lockedProjectType, type ProjectTypeRow } from "./project-type";

/** Who runs the workflow on which project, as the requirements see it. */
type Situation = { project: ProjectView; type: ProjectTypeRow; memberId: string; roleId: string };

const valueOf = (fields: FieldValue[], id: number) => fields.find((entry) => entry.id === id)?.value ?? "";

function holds(requirement: Requirement, { project, memberId, roleId }: Situation): boolean {
  switch (requirement.type) {
    case "status_eq":
      return requirement.value.includes(project.status);
    case "role_eq":
      return requirement.value.includes(roleId);
    case "owner_eq":
      return requirement.value.some((owner) => (owner === "self" ? memberId : owner) === project.owner);
    case "field_eq":
      return requirement.fields.every((entry) => valueOf(project.fields, entry.id) === entry.value);
  }
}

/** Why a requirement does not hold, in words for the 409 details. */
function explain(requirement: Requirement, { type }: Situation): string {
  const fieldTitle = (id: number) => type.fields.find((field) => field.id === id)?.title ?? `field ${id}`;
  switch (requirement.type) {
    case "status_eq": {
      const titles = requirement.value.map((id) => type.statuses.find((status) => status.id === id)?.title ?? `${id}`);
      return `the status must be ${titles.join(" or ")}`;
    }
    case "role_eq":
      return "your role is not one it allows";
    case "owner_eq":
      return "the project's owner is not one it allows";
    case "field_eq":
      return requirement.fields
        .map((entry) => (entry.value ? `${fieldTitle(entry.id)} must be "${entry.value}"` : `${fieldTitle(entry.id)} must be empty`))
        .join(", ");
  }
}

const unmet = (workflow: Workflow, situation: Situation) =>
  workflow.requirements.filter((requirement) => !holds(requirement, situation));

async function roleOf(db: Db, session: SessionContext) {
  const [row] = await db.select({ roleId: member.roleId }).from(member).where(eq(member.id, session.memberId));
  return row.roleId;
}

/** The workflows whose requirements hold for this member and project now (the detail screen's buttons). */
export async function availableWorkflows(db: Db, session: SessionContext, projectId: string) {
  const project = await getItem(db, session, projectEntity, projectId);
  const level = accessLevel({ organizationId: project.organization, locationId: project.location, sharing: project.sharing }, session);
  if (level !== "edit") return { items: [] };
  const [type] = await db
    .select()
    .from(projectType)
    .where(and(eq(projectType.id, project.type), eq(projectType.organizationId, session.organizationId)));
  const situation = { project, type, memberId: session.memberId, roleId: await roleOf(db, session) };
  return { items: type.workflows.filter((workflow) => unmet(workflow, situation).length === 0) };
}

/** Input values: only fields the workflow asks for, the required ones present, each valid for its field. */
function inputValues(type: ProjectTypeRow, workflow: Workflow, input: z.output<typeof workflowRunSchema>) {
  const asked = workflow.inputs.flatMap((entry) => (entry.type === "field" ? entry.fields : []));
  const checked = checkFieldValues(type.fields, input.fields ?? [], {
    required: asked.filter((entry) => entry.required).map((entry) => entry.id),
    allowed: asked.map((entry) => entry.id),
  });
  const issues = checked.issues;
  const commentRequired = workflow.inputs.some((entry) => entry.type === "comment" && entry.required);
  if (commentRequired && !input.comment) issues.push({ path: "comment", message: "Required" });
  if (issues.length > 0) throw badRequest(issues);
  return checked.values;
}

// In place, so setting a value a field already has is no change at all.
function setValue(fields: FieldValue[], { id, value }: FieldValue): FieldValue[] {
  if (!value) return fields.filter((entry) => entry.id !== id);
  if (!fields.some((entry) => entry.id === id)) return [...fields, { id, value }];
  return fields.map((entry) => (entry.id === id ? { id, value } : entry));
}

/**
 * Runs a workflow in the project's write transaction, on the locked row: the
 * requirements are checked again (409 when one no longer holds), the inputs
 * validated, then the effects and input values applied with one history entry
 * naming the workflow and carrying the comment. Inputs win over field_set
 * effects for the same field: they are what the member typed.
 */
export function runWorkflow(
  db: Db,
  session: SessionContext,
  projectId: string,
  workflowId: number,
  input: z.output<typeof workflowRunSchema>,
) {
  return updateItem(db, session, projectEntity, projectId, {}, {
    async prepare(tx, row) {
      const type = await lockedProjectType(tx, session, row.typeId);
      const workflow = type.workflows.find((entry) => entry.id === workflowId);
      if (!workflow) throw notFound("Workflow");
      const situation = { project: projectView(row), type, memberId: session.memberId, roleId: await roleOf(tx, session) };
      const failing = unmet(workflow, situation);
      if (failing.length > 0) {
        throw conflict(`"${workflow.title}" cannot run now: ${failing.map((r) => explain(r, situation)).join("; ")}`);
      }
      const typed = inputValues(type, workflow, input);
      let { status, fields } = row;
      let owner = row.ownerId;
      for (const effect of workflow.effects) {
        if (effect.type === "status_set" && effect.value !== 0) status = effect.value;
        if (effect.type === "owner_set") owner = effect.value === "self" ? session.memberId : effect.value;
        if (effect.type === "field_set") fields = effect.fields.reduce(setValue, fields);
      }
      fields = typed.reduce(setValue, fields);
      if (owner && owner !== row.ownerId && !(await activeMember(tx, session, owner))) {
        throw conflict(`"${workflow.title}" assigns a member who is no longer active`);
      }
      const notes: Record<string, [unknown, unknown]> = { workflow: [null, workflow.title] };
      if (input.comment) notes.comment = [null, input.comment];
      return { patch: { status, owner, fields }, notes };
    },
  });
}
