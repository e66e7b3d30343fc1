import { useTranslations } from "next-intl";
import type { FieldConfig, FieldRenderProps, FormConfig, FormValues } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";
import { roleBrowse } from "@/components/role/role-browse";
import type { memberCreateSchema, memberUpdateSchema } from "@/lib/schemas/member";
import { optionsOf } from "@/components/browse/common-filters";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { MemberItem } from "./member-item";
import { MemberLocationField } from "./member-location-field";
import { newItemLocationField } from "@/components/location/new-item-location-field";
import { emailProofFields, emptyProof, withEmailProof } from "./proof-fields";
import { holds } from "@/lib/client/use-session";
import { translate } from "@/lib/client/translate";
import { LOCATION, MEMBER, ROLE, formHeading } from "@/components/entities";

const MEMBER_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED, { active: "member.status.active", removed: "member.status.removed" });

// Create and update share these fields.
type MemberFields = FieldConfig<FormValues<typeof memberCreateSchema>>;

const roleField: MemberFields = {
  key: "role",
  label: ROLE.label,
  required: true,
  reference: ROLE.type,
  kind: "custom",
  render: (props) => <RoleField {...props} />,
};

function RoleField(props: FieldRenderProps) {
  const t = useTranslations();
  return <PickerField {...props} label={t(ROLE.label)} required config={roleBrowse} />;
}

const identity: MemberFields[] = [
  { key: "name", label: "member.field.name", kind: "text", required: true },
  { key: "email", label: "common.email", kind: "email", required: true },
];

export const memberForm: FormConfig<MemberItem, typeof memberCreateSchema, typeof memberUpdateSchema> = {
  ...formHeading(MEMBER),
  name: (item) => item.name,
  create: {
    title: "member.browse.new",
    fields: [...identity, roleField, newItemLocationField("member")],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberCreateSchema),
    initial: { name: "", email: "", role: "" },
    intro: "member.form.intro",
    createdNote: (item) => translate("member.form.invited", { email: item.email }),
  },
  update: {
    // Members edit their own profile; the server refuses the fields that need members_manage.
    editable: (item, session) => holds(session, "members_manage") || item.id === session.member.id,
    fields: [
      ...identity,
      ...emailProofFields,
      { key: "status", label: "member.field.status", kind: "select", required: true, options: MEMBER_STATUS_OPTIONS },
      roleField,
      { key: "location", label: LOCATION.label, reference: LOCATION.type, kind: "custom", render: (props) => <MemberLocationField {...props} /> },
      { key: "sharing", label: "member.field.sharing", kind: "sharing" },
      { key: "image", label: "member.field.image", kind: "image" },
    ],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({
      name: item.name,
      email: item.email,
      status: item.status,
      role: item.role,
      location: item.location,
      sharing: item.sharing,
      image: item.image,
      ...emptyProof,
    }),
    payload: withEmailProof,
  },
};
