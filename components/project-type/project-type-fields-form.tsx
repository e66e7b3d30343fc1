import type { FormConfig } from "@/components/form/form-config";
import type { projectTypeUpdateSchema } from "@/lib/schemas/project-type";
import { FieldDefinitionListField } from "./field-definition-list-field";
import { projectTypeFormBase } from "./project-type-form";
import type { ProjectTypeItem } from "./project-type-item";
import { StatusListField } from "./status-list-field";
import { holds } from "@/lib/client/use-session";

/** The Statuses and fields tab: statuses and custom fields, saved together by the shared Details form. */
export const projectTypeFieldsForm: FormConfig<ProjectTypeItem, never, typeof projectTypeUpdateSchema> = {
  ...projectTypeFormBase,
  update: {
    editable: (_item, session) => holds(session, "projects_manage"),
    fields: [
      { key: "statuses", label: "projectType.statuses.label", kind: "custom", render: (props) => <StatusListField {...props} /> },
      { key: "fields", label: "projectType.fields.label", kind: "custom", render: (props) => <FieldDefinitionListField {...props} /> },
    ],
    schema: () => import("@/lib/schemas/project-type").then((schemas) => schemas.projectTypeUpdateSchema),
    values: (item) => ({ statuses: item.statuses, fields: item.fields }),
  },
};
