import { checkFieldValue } from "./field-check";
import { kindOf } from "./field-kinds";
import { nameSchema } from "./fields";
import {
  checkFieldValues,
  descriptionSchema,
  fieldDataSchema,
  fieldValuesSchema,
  itemIdSchema,
  uniqueIds,
  type FieldDefinition,
  type Issue,
  type ProjectStatus,
} from "./project-fields";
import { z } from "./z";

/** A member id, "self" (whoever runs the workflow) or null (nobody). */
const MEMBER_REF = "validation.workflow.owner";
export const memberRefSchema = z.union([z.uuid({ error: MEMBER_REF }), z.literal("self"), z.null()], { error: MEMBER_REF });

const fieldRefs = uniqueIds(
  z
    // "", [] and false stand for no value: "must be empty" in a requirement, "clear it" in an effect.
    .array(z.strictObject({ id: itemIdSchema, value: fieldDataSchema }))
    .min(1, { error: "validation.chooseField" })
    .max(200, { error: "validation.most.fields" }),
  "Field",
);

export const requirementSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("status_eq"),
      value: z.array(itemIdSchema).min(1, { error: "validation.chooseStatus" }).max(100),
    }),
    z.strictObject({
      type: z.literal("role_eq"),
      value: z.array(z.uuid({ error: "validation.roleId" })).min(1, { error: "validation.chooseRoles" }).max(100),
    }),
    z.strictObject({
      type: z.literal("owner_eq"),
      // `null` alone is accepted as "no owner" and stored as [null].
      value: z
        .union([z.array(memberRefSchema).min(1, { error: "validation.chooseOwner" }).max(100), z.null()], {
          error: "validation.workflow.owners",
        })
        .transform((value) => value ?? [null]),
    }),
    z.strictObject({ type: z.literal("field_eq"), fields: fieldRefs }),
  ],
  { error: "validation.workflow.requirementType" },
);

export const inputSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("field"),
      fields: uniqueIds(
        z
          .array(z.strictObject({ id: itemIdSchema, required: z.boolean({ error: "validation.requiredFlag" }).default(false) }))
          .min(1, { error: "validation.chooseField" })
          .max(200),
        "Field",
      ),
    }),
    z.strictObject({ type: z.literal("comment"), required: z.boolean({ error: "validation.requiredFlag" }).default(false) }),
  ],
  { error: "validation.workflow.inputType" },
);

export const effectSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("status_set"),
      value: z.int({ error: "validation.statusId" }).min(0, { error: "validation.statusIdOrNone" }),
    }),
    z.strictObject({ type: z.literal("owner_set"), value: memberRefSchema }),
    z.strictObject({ type: z.literal("field_set"), fields: fieldRefs }),
  ],
  { error: "validation.workflow.effectType" },
);

export const workflowSchema = z.strictObject({
  id: itemIdSchema,
  title: nameSchema,
  description: descriptionSchema,
  requirements: z.array(requirementSchema).max(50, { error: "validation.most.requirements" }).default([]),
  inputs: z.array(inputSchema).max(20, { error: "validation.most.inputs" }).default([]),
  effects: z.array(effectSchema).max(50, { error: "validation.most.effects" }).default([]),
});

export const workflowListSchema = uniqueIds(z.array(workflowSchema).max(100, { error: "validation.most.workflows" }), "Workflow");

export type Requirement = z.output<typeof requirementSchema>;
export type WorkflowInput = z.output<typeof inputSchema>;
export type Effect = z.output<typeof effectSchema>;
export type Workflow = z.output<typeof workflowSchema>;

/** POST /project/{id}/workflow/{workflowId} */
export const workflowRunSchema = z.strictObject({
  fields: fieldValuesSchema.optional(),
  comment: z.string().trim().max(5000).nullish(),
});

export type WorkflowRun = z.input<typeof workflowRunSchema>;

/** What running the workflow asks for: its field inputs (`required` ids among them) and its comment input, if any. */
export function workflowAsks(workflow: Workflow) {
  const fields = workflow.inputs.flatMap((input) => (input.type === "field" ? input.fields : []));
  const comment = workflow.inputs.find((input) => input.type === "comment");
  return { fields, required: fields.filter((entry) => entry.required).map((entry) => entry.id), comment };
}

/**
 * A run's inputs against the workflow: only the fields it asks for, the required
 * ones present, each valid for its field; the comment when it is required.
 * Without the type's `definitions` (a screen still loading them) only the comment
 * is checked. Empty values are dropped from `values`.
 */
export function checkWorkflowRun(definitions: FieldDefinition[] | undefined, workflow: Workflow, run: z.output<typeof workflowRunSchema>) {
  const asks = workflowAsks(workflow);
  const checked = definitions
    ? checkFieldValues(definitions, run.fields ?? [], { required: asks.required, allowed: asks.fields.map((entry) => entry.id) })
    : { values: [], issues: [] };
  const issues: Issue[] = checked.issues;
  if (asks.comment?.required && !run.comment) issues.push({ path: "comment", message: "validation.required" });
  return { issues, values: checked.values };
}

/** GET /project/{id}/workflow: `status` keeps only the workflows that move the project to that status (a board drop). */
export const workflowListQuerySchema = z.strictObject({
  status: z.coerce
    .number({ error: "validation.workflow.statusQuery" })
    .int({ error: "validation.workflow.statusQuery" })
    .min(1, { error: "validation.workflow.statusQuery" })
    .optional(),
});

export type WorkflowListQuery = z.output<typeof workflowListQuerySchema>;

type Definition = { statuses: ProjectStatus[]; fields: FieldDefinition[]; workflows: Workflow[] };

/**
 * Workflows may only name statuses and fields of their own type, and may only
 * compare with and set values their field's kind accepts (field-kinds.ts).
 */
export function workflowIssues({ statuses, fields, workflows }: Definition): Issue[] {
  const issues: Issue[] = [];
  workflows.forEach((workflow, w) => {
    const at = (...parts: (string | number)[]) => ["workflows", w, ...parts].join(".");
    const refusal = (path: string, message: string, values: Record<string, string | number>) =>
      issues.push({ path, message, values: { workflow: workflow.title, ...values } });
    const status = (id: number, path: string) => {
      if (!statuses.some((entry) => entry.id === id)) refusal(path, "validation.workflow.unknownStatus", { id: String(id) });
    };
    const field = (id: number, path: string) => {
      const found = fields.find((entry) => entry.id === id);
      if (!found) refusal(path, "validation.workflow.unknownField", { id: String(id) });
      return found;
    };
    workflow.requirements.forEach((requirement, r) => {
      if (requirement.type === "status_eq") requirement.value.forEach((id, k) => status(id, at("requirements", r, "value", k)));
      if (requirement.type !== "field_eq") return;
      requirement.fields.forEach((entry, k) => {
        const definition = field(entry.id, at("requirements", r, "fields", k, "id"));
        // A text no project holds only never matches; a value of the wrong kind is a mistake.
        const checked = definition && kindOf(definition) !== "text" && checkFieldValue(definition, entry.value);
        if (definition && checked && "error" in checked) {
          refusal(at("requirements", r, "fields", k, "value"), "validation.workflow.comparesRefused", { field: definition.title });
        }
      });
    });
    workflow.inputs.forEach((input, i) => {
      if (input.type === "field") input.fields.forEach((entry, k) => field(entry.id, at("inputs", i, "fields", k, "id")));
    });
    workflow.effects.forEach((effect, e) => {
      if (effect.type === "status_set" && effect.value !== 0) status(effect.value, at("effects", e, "value"));
      if (effect.type !== "field_set") return;
      effect.fields.forEach((entry, k) => {
        const definition = field(entry.id, at("effects", e, "fields", k, "id"));
        if (!definition) return;
        const path = at("effects", e, "fields", k, "value");
        const checked = checkFieldValue(definition, entry.value);
        if ("empty" in checked && definition.required) refusal(path, "validation.workflow.clearsRequired", { field: definition.title });
        else if ("error" in checked) refusal(path, "validation.workflow.refusedValue", { field: definition.title });
      });
    });
  });
  return issues;
}
