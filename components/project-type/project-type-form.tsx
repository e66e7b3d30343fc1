import type { FieldConfig, FormConfig, FormValues } from "@/components/form/form-config";
import type { projectTypeUpdateSchema } from "@/lib/schemas/project-type";
import { DEFAULT_PROJECT_TYPE_COLOR } from "@/lib/schemas/project-type-palette";
import type { projectTypeCreateFormSchema } from "./project-type-create-schema";
import { ColorField } from "./color-field";
import { IconField } from "./icon-field";
import { PROJECT_TYPE_STATUS_OPTIONS, type ProjectTypeItem } from "./project-type-item";
import { holds } from "@/lib/client/use-session";
import { PROJECT_TYPE, formHeading, newItemLabel } from "@/components/entities";

// Create and update share these fields.
const appearance: FieldConfig<FormValues<typeof projectTypeCreateFormSchema>>[] = [
  { key: "name", label: "projectType.field.name", kind: "text", required: true },
  { key: "icon", label: "projectType.field.icon", kind: "custom", required: true, render: (props) => <IconField {...props} /> },
  { key: "color", label: "projectType.field.color", kind: "custom", render: (props) => <ColorField {...props} /> },
];

/** What every form of a project type shares: its API path, names and toasts. */
export const projectTypeFormBase = {
  ...formHeading(PROJECT_TYPE),
  name: (item: ProjectTypeItem) => item.name,
};

/** Create form and the Details tab: title, icon, colour, status and sharing. */
export const projectTypeForm: FormConfig<ProjectTypeItem, typeof projectTypeCreateFormSchema, typeof projectTypeUpdateSchema> = {
  ...projectTypeFormBase,
  create: {
    title: newItemLabel(PROJECT_TYPE),
    fields: appearance,
    schema: () => import("./project-type-create-schema").then((schemas) => schemas.projectTypeCreateFormSchema),
    initial: { name: "", icon: "", color: DEFAULT_PROJECT_TYPE_COLOR },
  },
  update: {
    editable: (_item, session) => holds(session, "projects_manage"),
    fields: [
      ...appearance,
      { key: "status", label: "projectType.field.status", kind: "select", required: true, options: PROJECT_TYPE_STATUS_OPTIONS },
      {
        key: "statuses_by_workflow",
        label: "projectType.field.statusesByWorkflow",
        description: "projectType.field.statusesByWorkflowHint",
        kind: "switch",
      },
      { key: "sharing", label: "projectType.field.sharing", kind: "sharing", full: "full" },
    ],
    schema: () => import("@/lib/schemas/project-type").then((schemas) => schemas.projectTypeUpdateSchema),
    values: (item) => ({
      name: item.name,
      icon: item.icon,
      color: item.color,
      status: item.status,
      statuses_by_workflow: item.statuses_by_workflow,
      sharing: item.sharing,
    }),
  },
};
