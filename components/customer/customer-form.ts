import type { FieldConfig, FormConfig, FormValues } from "@/components/form/form-config";
import { customerCreateSchema, customerUpdateSchema } from "@/lib/schemas/customer";
import {
  CUSTOMER_CONTACT_FIELDS,
  CUSTOMER_STATUS_OPTIONS,
  CUSTOMER_TYPE_OPTIONS,
  type CustomerItem,
} from "./customer-item";
import { holds } from "@/lib/client/use-session";
import { CUSTOMER, formHeading, newItemLabel } from "@/components/entities";

// Create and update take the same identity and contact fields.
type CustomerFields = FieldConfig<FormValues<typeof customerCreateSchema>>;

const contactFields: CustomerFields[] = CUSTOMER_CONTACT_FIELDS.map((field) => ({
  key: field.key,
  label: field.label,
  kind: "kind" in field ? field.kind : "text",
}));

const identityFields: CustomerFields[] = [
  { key: "type", label: "Type", kind: "select", required: true, options: CUSTOMER_TYPE_OPTIONS },
  { key: "name", label: "Full name", labelFor: (values) => (values.type === "organization" ? "Organization name" : "Full name"), kind: "text", required: true },
];

const blankContact = Object.fromEntries(CUSTOMER_CONTACT_FIELDS.map((field) => [field.key, ""]));

export const customerForm: FormConfig<CustomerItem, typeof customerCreateSchema, typeof customerUpdateSchema> = {
  ...formHeading(CUSTOMER),
  name: (item) => item.name,
  create: {
    title: newItemLabel(CUSTOMER),
    fields: [...identityFields, ...contactFields],
    schema: customerCreateSchema,
    initial: { type: "individual", name: "", ...blankContact },
  },
  update: {
    editable: (_item, session) => holds(session, "customers_manage"),
    fields: [
      ...identityFields,
      ...contactFields,
      { key: "status", label: "Status", kind: "select", required: true, options: CUSTOMER_STATUS_OPTIONS },
      { key: "sharing", label: "Sharing", kind: "sharing", full: "full" },
    ],
    schema: customerUpdateSchema,
    values: (item) => ({
      type: item.type,
      name: item.name,
      ...Object.fromEntries(CUSTOMER_CONTACT_FIELDS.map((field) => [field.key, item[field.key] ?? ""])),
      status: item.status,
      sharing: item.sharing,
    }),
  },
};
