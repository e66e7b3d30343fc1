import type { Workflow } from "@/lib/schemas/workflow";

function statusIds(workflow: Workflow): number[] {
  return [
    ...workflow.requirements.flatMap((r) => (r.type === "status_eq" ? r.value : [])),
    ...workflow.effects.flatMap((e) => (e.type === "status_set" ? [e.value] : [])),
  ];
}

function fieldIds(workflow: Workflow): number[] {
  return [
    ...workflow.requirements.flatMap((r) => (r.type === "field_eq" ? r.fields.map((f) => f.id) : [])),
    ...workflow.inputs.flatMap((i) => (i.type === "field" ? i.fields.map((f) => f.id) : [])),
    ...workflow.effects.flatMap((e) => (e.type === "field_set" ? e.fields.map((f) => f.id) : [])),
  ];
}

const blocked = (users: Workflow[]) =>
  users.length === 0 ? undefined : `Used by workflow ${users.map((w) => `"${w.title}"`).join(", ")}; change the workflow first`;

/** Why a status cannot be removed while saved workflows still name it, or undefined. */
export const statusRemovalBlocked = (workflows: Workflow[], id: number) => blocked(workflows.filter((w) => statusIds(w).includes(id)));

/** Why a field cannot be removed while saved workflows still name it, or undefined. */
export const fieldRemovalBlocked = (workflows: Workflow[], id: number) => blocked(workflows.filter((w) => fieldIds(w).includes(id)));
