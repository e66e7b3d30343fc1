import type { FormConfig } from "@/components/form/form-config";
import type { projectTypeUpdateSchema } from "@/lib/schemas/project-type";
import { projectTypeFormBase } from "./project-type-form";
import type { ProjectTypeItem } from "./project-type-item";
import { WorkflowListField } from "./workflow/workflow-list-field";
import { holds } from "@/lib/client/use-session";

/** The Workflows tab: the list of workflows, saved by the shared Details form. */
export const projectTypeWorkflowsForm: FormConfig<ProjectTypeItem, never, typeof projectTypeUpdateSchema> = {
  ...projectTypeFormBase,
  update: {
    editable: (_item, session) => holds(session, "projects_manage"),
    fields: [{ key: "workflows", label: "workflow.list.label", kind: "custom", render: (props) => <WorkflowListField {...props} /> }],
    schema: () => import("@/lib/schemas/project-type").then((schemas) => schemas.projectTypeUpdateSchema),
    values: (item) => ({ workflows: item.workflows }),
  },
};
