import { nameSchema } from "./fields";
import { listQuerySchema } from "./list-query";
import { PROJECT_TYPE_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { fieldDefinitionSchema, statusSchema, uniqueIds } from "./project-fields";
import { workflowListSchema } from "./workflow";
import { z } from "./z";

export const ICONS = [
  "goal",
  "wrench",
  "life_buoy",
  "ligature",
  "light_bulb",
  "land_plot",
  "hammer",
  "bolt",
  "droplet",
  "flame",
  "home",
  "truck",
  "paint",
  "key",
] as const;
export type ProjectTypeIcon = (typeof ICONS)[number];

/** The 26 palette colours (Radix step 9, ARCHITECTURE.md §5); the API stores the hex value. */
export const PALETTE = [
  { name: "gray", hex: "#8D8D8D" },
  { name: "tomato", hex: "#E54D2E" },
  { name: "red", hex: "#E5484D" },
  { name: "ruby", hex: "#E54666" },
  { name: "crimson", hex: "#E93D82" },
  { name: "pink", hex: "#D6409F" },
  { name: "plum", hex: "#AB4ABA" },
  { name: "purple", hex: "#8E4EC6" },
  { name: "violet", hex: "#6E56CF" },
  { name: "iris", hex: "#5B5BD6" },
  { name: "indigo", hex: "#3E63DD" },
  { name: "blue", hex: "#0090FF" },
  { name: "cyan", hex: "#00A2C7" },
  { name: "teal", hex: "#12A594" },
  { name: "jade", hex: "#29A383" },
  { name: "green", hex: "#30A46C" },
  { name: "grass", hex: "#46A758" },
  { name: "brown", hex: "#AD7F58" },
  { name: "bronze", hex: "#A18072" },
  { name: "gold", hex: "#978365" },
  { name: "sky", hex: "#7CE2FE" },
  { name: "mint", hex: "#86EAD4" },
  { name: "lime", hex: "#BDEE63" },
  { name: "yellow", hex: "#FFE629" },
  { name: "amber", hex: "#FFC53D" },
  { name: "orange", hex: "#F76B15" },
] as const;

export const DEFAULT_PROJECT_TYPE_COLOR = "#0090FF";
const PALETTE_HEX = new Set<string>(PALETTE.map((color) => color.hex));

export const iconSchema = z.enum(ICONS, { error: `Icon must be one of ${ICONS.join(", ")}` });

export const paletteColorSchema = z
  .string({ error: "Choose a color from the palette" })
  .trim()
  .toUpperCase()
  .refine((hex) => PALETTE_HEX.has(hex), { error: "Choose a color from the palette" });

export type { FieldDefinition, FieldValue, ProjectStatus } from "./project-fields";

export const statusListSchema = uniqueIds(
  z
    .array(statusSchema)
    .min(1, { error: "A project type needs at least one status" })
    .max(100, { error: "At most 100 statuses" }),
  "Status",
);

export const fieldListSchema = uniqueIds(z.array(fieldDefinitionSchema).max(200, { error: "At most 200 fields" }), "Field");

export const projectTypeListQuerySchema = listQuerySchema(PROJECT_TYPE_LIST);

/** True: a project's status changes only by running one of the type's workflows, never by editing it. */
const statusesByWorkflowSchema = z.boolean({ error: "Use true or false" });

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
  status: z.enum(STATUS_ACTIVE_REMOVED, { error: "Status is active or removed" }).optional(),
  sharing: sharingSchema.optional(),
  statuses_by_workflow: statusesByWorkflowSchema.optional(),
  statuses: statusListSchema.optional(),
  fields: fieldListSchema.optional(),
  workflows: workflowListSchema.optional(),
});

export type ProjectTypeCreate = z.input<typeof projectTypeCreateSchema>;
export type ProjectTypeUpdate = z.input<typeof projectTypeUpdateSchema>;
