import type { FormConfig } from "@/components/form/form-config";
import type { MemberItem } from "@/components/member/member-item";
import { SESSION_KEY } from "@/lib/client/api";
import type { memberUpdateSchema } from "@/lib/schemas/member";
import { MEMBER } from "@/components/entities";
import { ownLanguageField, ownLanguageValue } from "@/components/form/language-field";

/** The part of one's own member record anyone may change (OWN_PROFILE_FIELDS); email and password are on the Security tab. */
export const profileForm: FormConfig<MemberItem, never, typeof memberUpdateSchema> = {
  type: MEMBER.type,
  label: "settings.tab.profile",
  section: "settings.title",
  name: (item) => item.name,
  // The user menu shows name and image from the session.
  alsoInvalidate: [SESSION_KEY],
  update: {
    fields: [
      { key: "image", label: "settings.profile.image", kind: "image" },
      { key: "name", label: "settings.profile.name", kind: "text", required: true },
      ownLanguageField("language", "settings.profile.language", "settings.profile.languageDescription"),
    ],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({ image: item.image, name: item.name, language: ownLanguageValue(item.language) }),
    toast: "settings.saved",
  },
};
