import type { FormConfig } from "@/components/form/form-config";
import type { MemberItem } from "@/components/member/member-item";
import { emailProofFields, emptyProof, withEmailProof } from "@/components/member/proof-fields";
import { SESSION_KEY } from "@/lib/client/api";
import type { memberUpdateSchema } from "@/lib/schemas/member";
import { MEMBER } from "@/components/entities";

/** One's own sign-in email on Settings → Security; a change asks for the current password (or a code). */
export const emailForm: FormConfig<MemberItem, never, typeof memberUpdateSchema> = {
  type: MEMBER.type,
  label: "common.email",
  section: "settings.title",
  name: (item) => item.name,
  // The user menu shows the email from the session.
  alsoInvalidate: [SESSION_KEY],
  update: {
    fields: [{ key: "email", label: "common.email", kind: "email", required: true }, ...emailProofFields],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({ email: item.email, ...emptyProof }),
    payload: withEmailProof,
    toast: "settings.saved",
  },
};
