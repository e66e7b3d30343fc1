import type { z } from "zod";
import { customerBrowse } from "@/components/customer/customer-browse";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { FieldConfig, FieldRenderProps, FormConfig, FormValues, Values } from "@/components/form/form-config";
import { newItemLocationField } from "@/components/location/new-item-location-field";
import { memberBrowse } from "@/components/member/member-browse";
import { PickerField } from "@/components/pickers/picker-field";
import type { projectCreateSchema, projectUpdateSchema } from "@/lib/schemas/project";
import type { FieldValue } from "@/lib/schemas/project-fields";
import { ProjectFieldsInput } from "./project-fields-input";
import type { ProjectItem } from "./project-item";
import { ProjectStatusField } from "./project-status-field";
import { ProjectTypeField } from "./project-type-field";
import { fetchProjectType } from "./project-type-data";
import { useProjectAccess } from "./use-project-workflows";
import { holds } from "@/lib/client/use-session";
import { lazyComponent } from "@/lib/client/lazy-component";
import { CUSTOMER, MEMBER, PROJECT, PROJECT_TYPE, formHeading, newItemLabel } from "@/components/entities";

// Fetched with the form's first draw rather than with the screen.
const ProjectSiteField = lazyComponent(() => import("./project-site-field").then((module) => module.ProjectSiteField));

// Create and update share these fields (a new project's location is chosen once, on create).
const fields: FieldConfig<Omit<FormValues<typeof projectCreateSchema>, "location">>[] = [
  { key: "title", label: "project.field.title", kind: "text", required: true },
  { key: "type", label: "project.field.type", required: true, reference: PROJECT_TYPE.type, kind: "custom", render: (props) => <ProjectTypeField {...props} /> },
  { key: "status", label: "project.field.status", required: true, kind: "custom", render: (props) => <ProjectStatusField {...props} /> },
  { key: "fields", label: "project.field.fields", kind: "custom", render: (props) => <ProjectFieldsInput {...props} /> },
  {
    key: "owner",
    label: "project.field.owner",
    reference: MEMBER.type,
    kind: "custom",
    render: (props) => <OwnerField {...props} />,
  },
  {
    key: "customer",
    label: "project.field.customer",
    reference: CUSTOMER.type,
    kind: "custom",
    render: (props) => <ProjectCustomerField {...props} />,
  },
  { key: "site", label: "project.field.site", kind: "custom", render: (props) => <ProjectSiteField {...props} /> },
  { key: "description", label: "project.field.description", kind: "textarea" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer picker; on New project it takes the customer the link came with (`/project/new?customer=<id>`, from a customer's record). */
function ProjectCustomerField(props: FieldRenderProps) {
  const t = useTranslations();
  const { itemId, value, onChange } = props;
  useEffect(() => {
    if (itemId || value) return;
    const given = new URLSearchParams(window.location.search).get("customer");
    if (given && UUID.test(given)) onChange(given);
    // Once, when the create form opens.
  }, []);
  return <PickerField {...props} label={t("project.field.customer")} config={customerBrowse} />;
}

function OwnerField(props: FieldRenderProps) {
  const t = useTranslations();
  return <PickerField {...props} label={t("project.field.owner")} config={memberBrowse} />;
}

const pathOf = (path: string) => path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const schemas = () => import("@/lib/schemas/project");

/**
 * The schema plus the custom fields of the chosen type (required, pattern),
 * checked by the same function the server uses. Without a loadable type the
 * server alone decides.
 */
async function withTypeFields(schema: z.ZodType, values: Values): Promise<z.ZodType> {
  const typeId = values.type;
  if (typeof typeId !== "string" || !typeId) return schema;
  const [type, { checkFieldValues }] = await Promise.all([fetchProjectType(typeId).catch(() => null), import("@/lib/schemas/project-fields")]);
  if (!type) return schema;
  const required = type.fields.filter((field) => field.required).map((field) => field.id);
  return schema.superRefine((data, ctx) => {
    const given = (data as { fields?: unknown }).fields;
    if (!Array.isArray(given)) return;
    for (const issue of checkFieldValues(type.fields, given as FieldValue[], { required }).issues) {
      ctx.addIssue({ code: "custom", path: pathOf(issue.path), message: issue.message, params: issue.values });
    }
  });
}

export const projectForm: FormConfig<ProjectItem, typeof projectCreateSchema, typeof projectUpdateSchema> = {
  ...formHeading(PROJECT),
  name: (item) => item.title,
  create: {
    title: newItemLabel(PROJECT),
    fields: [...fields, newItemLocationField()],
    schema: () => schemas().then((loaded) => loaded.projectCreateSchema),
    // The status comes with the type; empty field values never enter the list.
    initial: { title: "", type: "", status: undefined, fields: [], owner: null, customer: null, description: "" },
    schemaFor: async (values) => withTypeFields((await schemas()).projectCreateSchema, values),
  },
  update: {
    editable: (item, session) => holds(session, "projects_manage") || item.owner === session.member.id,
    useAccess: useProjectAccess,
    fields: [...fields, { key: "sharing", label: "project.field.sharing", kind: "sharing" }],
    schema: () => schemas().then((loaded) => loaded.projectUpdateSchema),
    values: (item) => ({
      title: item.title,
      type: item.type,
      status: item.status,
      fields: item.fields,
      owner: item.owner,
      customer: item.customer,
      site: item.site,
      description: item.description,
      sharing: item.sharing,
    }),
    // A new type travels with the status and values chosen for it, even where they equal the old ones.
    payload: (changes, values) => ("type" in changes ? { ...changes, status: values.status, fields: values.fields } : changes),
    schemaFor: async (values) => withTypeFields((await schemas()).projectUpdateSchema, values),
  },
};
