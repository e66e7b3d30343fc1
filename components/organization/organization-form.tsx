import type { FormConfig } from "@/components/form/form-config";
import { SESSION_KEY } from "@/lib/client/api";
import type { organizationUpdateSchema } from "@/lib/schemas/organization";
import { isCountry } from "@/lib/schemas/countries";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { BrandColorField } from "./brand-color-field";
import { countryOptions } from "./country-options";
import type { OrganizationItem } from "./organization-item";
import { holds } from "@/lib/client/use-session";
import { ORGANIZATION, formHeading } from "@/components/entities";

export const organizationForm: FormConfig<OrganizationItem, never, typeof organizationUpdateSchema> = {
  ...formHeading(ORGANIZATION),
  name: (item) => item.name,
  // The shell shows the name, colour and image from the session.
  alsoInvalidate: [SESSION_KEY],
  update: {
    editable: (_item, session) => holds(session, "admin"),
    fields: [
      { key: "name", label: "Display name", kind: "text", required: true },
      { key: "color", label: "Brand color", kind: "custom", required: true, render: (props) => <BrandColorField {...props} /> },
      { key: "image", label: "Image", kind: "image" },
      {
        key: "country",
        label: "Country",
        kind: "select",
        options: countryOptions(),
        searchable: true,
        clearable: true,
        description: "Phone numbers typed without a country code are read as numbers of this country",
      },
      {
        key: "language",
        label: "Language",
        kind: "select",
        required: true,
        options: LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
        description: "Of the screens and of what is sent to customers",
      },
    ],
    schema: () => import("@/lib/schemas/organization").then((schemas) => schemas.organizationUpdateSchema),
    values: (item) => ({
      name: item.name, color: item.color, image: item.image, country: isCountry(item.country) ? item.country : null,
      language: isLocale(item.language) ? item.language : DEFAULT_LOCALE,
    }),
    toast: "Changes have been saved",
  },
};
