import type { Effect, Requirement, Workflow, WorkflowInput } from "@/lib/schemas/workflow";

/** Catalogue keys of each kind's name as the dialog's menus and cards show them. */
export const REQUIREMENT_LABELS: Record<Requirement["type"], string> = {
  status_eq: "workflow.requirement.statusEq",
  role_eq: "workflow.requirement.roleEq",
  owner_eq: "workflow.requirement.ownerEq",
  field_eq: "workflow.requirement.fieldEq",
};

export const INPUT_LABELS: Record<WorkflowInput["type"], string> = {
  field: "workflow.input.field",
  comment: "workflow.input.comment",
};

export const EFFECT_LABELS: Record<Effect["type"], string> = {
  status_set: "workflow.effect.statusSet",
  owner_set: "workflow.effect.ownerSet",
  field_set: "workflow.effect.fieldSet",
};

export function blankRequirement(type: Requirement["type"]): Requirement {
  switch (type) {
    case "status_eq":
      return { type, value: [] };
    case "role_eq":
      return { type, value: [] };
    case "owner_eq":
      return { type, value: ["self"] };
    case "field_eq":
      return { type, fields: [] };
  }
}

export function blankInput(type: WorkflowInput["type"]): WorkflowInput {
  return type === "field" ? { type, fields: [] } : { type, required: false };
}

export function blankEffect(type: Effect["type"]): Effect {
  switch (type) {
    case "status_set":
      return { type, value: 0 };
    case "owner_set":
      return { type, value: "self" };
    case "field_set":
      return { type, fields: [] };
  }
}

export const blankWorkflow = (id: number): Workflow => ({ id, title: "", description: "", requirements: [], inputs: [], effects: [] });
