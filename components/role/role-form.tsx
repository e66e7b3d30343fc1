import type { FieldConfig, FormConfig, FormValues } from "@/components/form/form-config";
import type { roleCreateSchema, roleUpdateSchema } from "@/lib/schemas/role";
import { PrivilegesField } from "./privileges-field";
import { ROLE_STATUS_OPTIONS, type RoleItem } from "./role-item";
import { holds } from "@/lib/client/use-session";
import { ROLE, formHeading } from "@/components/entities";

const privilegesField: FieldConfig<FormValues<typeof roleCreateSchema>> = {
  key: "privileges",
  label: "role.field.privileges",
  kind: "custom",
  render: (props) => <PrivilegesField {...props} />,
};

export const roleForm: FormConfig<RoleItem, typeof roleCreateSchema, typeof roleUpdateSchema> = {
  ...formHeading(ROLE),
  name: (item) => item.name,
  create: {
    title: "role.browse.new",
    fields: [{ key: "name", label: "common.name", kind: "text", required: true }, privilegesField],
    schema: () => import("@/lib/schemas/role").then((schemas) => schemas.roleCreateSchema),
    initial: { name: "", privileges: [] },
  },
  update: {
    editable: (_item, session) => holds(session, "members_manage"),
    fields: [
      { key: "name", label: "common.name", kind: "text", required: true },
      { key: "status", label: "role.field.status", kind: "select", required: true, options: ROLE_STATUS_OPTIONS },
      privilegesField,
      { key: "sharing", label: "role.field.sharing", kind: "sharing", full: "full" },
    ],
    schema: () => import("@/lib/schemas/role").then((schemas) => schemas.roleUpdateSchema),
    values: (item) => ({ name: item.name, status: item.status, privileges: item.privileges, sharing: item.sharing }),
  },
};
