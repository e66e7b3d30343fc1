import type { Effect, Requirement, Workflow, WorkflowInput } from "@/lib/schemas/workflow";

/** Names of each kind as the dialog's menus and cards show them. */
export const REQUIREMENT_LABELS: Record<Requirement["type"], string> = {
  status_eq: "Status is one of",
  role_eq: "Role of whoever runs it is one of",
  owner_eq: "Owner is one of",
  field_eq: "Fields have these values",
};

export const INPUT_LABELS: Record<WorkflowInput["type"], string> = {
  field: "Ask for fields",
  comment: "Ask for a comment",
};

export const EFFECT_LABELS: Record<Effect["type"], string> = {
  status_set: "Set the status",
  owner_set: "Set the owner",
  field_set: "Set field values",
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
