import { nameSchema } from "./fields";
import { listQuerySchema } from "./list-query";
import { PROJECT_TYPE_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { fieldDefinitionSchema, statusSchema, uniqueIds } from "./project-fields";
import { workflowListSchema } from "./workflow";
import { DEFAULT_PROJECT_TYPE_COLOR, ICONS, PALETTE, type ProjectTypeIcon } from "./project-type-palette";
import { z } from "./z";

export { DEFAULT_PROJECT_TYPE_COLOR, ICONS, PALETTE, type ProjectTypeIcon };

const PALETTE_HEX = new Set<string>(PALETTE.map((color) => color.hex));

export const iconSchema = z.enum(ICONS, { error: "validation.projectType.icon" });

export const paletteColorSchema = z
  .string({ error: "validation.paletteColor" })
  .trim()
  .toUpperCase()
  .refine((hex) => PALETTE_HEX.has(hex), { error: "validation.paletteColor" });

export type { FieldDefinition, FieldValue, ProjectStatus } from "./project-fields";

export const statusListSchema = uniqueIds(
  z
    .array(statusSchema)
    .min(1, { error: "validation.projectType.statusNeeded" })
    .max(100, { error: "validation.most.statuses" }),
  "Status",
);

export const fieldListSchema = uniqueIds(z.array(fieldDefinitionSchema).max(200, { error: "validation.most.fields" }), "Field");

export const projectTypeListQuerySchema = listQuerySchema(PROJECT_TYPE_LIST);

/** True: a project's status changes only by running one of the type's workflows, never by editing it. */
const statusesByWorkflowSchema = z.boolean({ error: "validation.trueOrFalse" });

export const projectTypeCreateSchema = z.strictObject({
  name: nameSchema,
  icon: iconSchema,
  color: paletteColorSchema.default(DEFAULT_PROJECT_TYPE_COLOR),
  statuses_by_workflow: statusesByWorkflowSchema.default(false),
});

export const projectTypeUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  icon: iconSchema.optional(),
  color: paletteColorSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED, { error: "validation.activeOrRemoved" }).optional(),
  sharing: sharingSchema.optional(),
  statuses_by_workflow: statusesByWorkflowSchema.optional(),
  statuses: statusListSchema.optional(),
  fields: fieldListSchema.optional(),
  workflows: workflowListSchema.optional(),
});

export type ProjectTypeCreate = z.input<typeof projectTypeCreateSchema>;
export type ProjectTypeUpdate = z.input<typeof projectTypeUpdateSchema>;
