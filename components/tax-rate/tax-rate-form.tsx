import type { FieldConfig, FormConfig, FormValues } from "@/components/form/form-config";
import { TAX_RATE_STATUS_OPTIONS, type TaxRateItem } from "@/components/price-item/price-item-item";
import { optionsOf } from "@/components/browse/common-filters";
import { TAX_CATEGORIES } from "@/lib/money/tax";
import type { taxRateCreateSchema, taxRateUpdateSchema } from "@/lib/schemas/tax-rate";
import { holds } from "@/lib/client/use-session";
import { TAX_RATE, formHeading } from "@/components/entities";
import { PercentField } from "./percent-field";

const schemas = () => import("@/lib/schemas/tax-rate");

export const TAX_CATEGORY_OPTIONS = optionsOf(TAX_CATEGORIES, {
  standard: "taxRate.category.standard",
  reduced: "taxRate.category.reduced",
  zero: "taxRate.category.zero",
  exempt: "taxRate.category.exempt",
  reverse_charge: "taxRate.category.reverse_charge",
  intra_community: "taxRate.category.intra_community",
});

const fields: FieldConfig<FormValues<typeof taxRateCreateSchema>>[] = [
  { key: "name", label: "taxRate.field.name", kind: "text", required: true },
  { key: "category", label: "taxRate.field.category", kind: "select", options: TAX_CATEGORY_OPTIONS, required: true, description: "taxRate.field.categoryHint" },
  { key: "percent", label: "taxRate.field.percent", kind: "custom", render: (props) => <PercentField {...props} /> },
  { key: "exemption_reason", label: "taxRate.field.exemptionReason", kind: "textarea", description: "taxRate.field.exemptionReasonHint" },
  { key: "default", label: "taxRate.field.default", kind: "switch", description: "taxRate.field.defaultHint" },
];

/** An organization's tax rate; where it lives in Organization settings, admins change it. */
export const taxRateForm: FormConfig<TaxRateItem, typeof taxRateCreateSchema, typeof taxRateUpdateSchema> = {
  ...formHeading(TAX_RATE),
  name: (item) => item.name,
  // The price book's choices and the organization's list show the rates.
  alsoInvalidate: ["/tax_rate"],
  create: {
    title: "taxRate.entity.new",
    fields,
    schema: () => schemas().then((module) => module.taxRateCreateSchema),
    initial: { name: "", category: "standard", percent: undefined, exemption_reason: "", default: undefined },
    // A switch left off is no change of the default.
    payload: (body) => ({ ...body, default: body.default === true ? true : undefined }),
    then: async () => "/organization/tax_rates",
  },
  update: {
    editable: (_item, session) => holds(session, "admin"),
    fields: [
      ...(fields as FieldConfig<FormValues<typeof taxRateUpdateSchema>>[]),
      { key: "status", label: "taxRate.field.status", kind: "select", options: TAX_RATE_STATUS_OPTIONS, required: true },
    ],
    schema: () => schemas().then((module) => module.taxRateUpdateSchema),
    values: (item) => ({
      name: item.name,
      category: item.category,
      percent: item.percent,
      exemption_reason: item.exemption_reason ?? "",
      default: item.default || undefined,
      status: item.status,
    }),
  },
};
