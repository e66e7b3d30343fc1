import type { FormConfig } from "@/components/form/form-config";
import { SESSION_KEY } from "@/lib/client/api";
import type { organizationUpdateSchema } from "@/lib/schemas/organization";
import { isCountry } from "@/lib/schemas/countries";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { LANGUAGE_OPTIONS } from "@/components/form/language-field";
import { BrandColorField } from "./brand-color-field";
import { countryOptions } from "./country-options";
import type { OrganizationItem } from "./organization-item";
import { holds } from "@/lib/client/use-session";
import { ORGANIZATION, formHeading } from "@/components/entities";

/** The organization's profile form; its countries are named in the page's language (`locale`). */
export const organizationForm = (locale: string): FormConfig<OrganizationItem, never, typeof organizationUpdateSchema> => ({
  ...formHeading(ORGANIZATION),
  name: (item) => item.name,
  // The shell shows the name, colour and image from the session.
  alsoInvalidate: [SESSION_KEY],
  update: {
    editable: (_item, session) => holds(session, "admin"),
    fields: [
      { key: "name", label: "organization.field.name", kind: "text", required: true },
      { key: "color", label: "organization.field.color", kind: "custom", required: true, render: (props) => <BrandColorField {...props} /> },
      { key: "image", label: "organization.field.image", kind: "image" },
      {
        key: "country",
        label: "organization.field.country",
        kind: "select",
        options: countryOptions(locale),
        searchable: true,
        clearable: true,
        description: "organization.field.countryDescription",
      },
      {
        key: "language",
        label: "organization.field.language",
        kind: "select",
        required: true,
        options: LANGUAGE_OPTIONS,
        description: "organization.field.languageDescription",
      },
    ],
    schema: () => import("@/lib/schemas/organization").then((schemas) => schemas.organizationUpdateSchema),
    values: (item) => ({
      name: item.name, color: item.color, image: item.image, country: isCountry(item.country) ? item.country : null,
      language: isLocale(item.language) ? item.language : DEFAULT_LOCALE,
    }),
    toast: "organization.form.saved",
  },
});
