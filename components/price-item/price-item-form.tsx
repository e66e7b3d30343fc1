import type { FieldConfig, FormConfig, FormValues } from "@/components/form/form-config";
import type { priceItemCreateSchema, priceItemUpdateSchema } from "@/lib/schemas/price-item";
import { holds } from "@/lib/client/use-session";
import { PRICE_ITEM, TAX_RATE, formHeading } from "@/components/entities";
import { PriceFields } from "./price-fields";
import { CategoryInput, TaxRateSelect } from "./price-item-pickers";
import { PRICE_ITEM_STATUS_OPTIONS, PRICE_UNIT_OPTIONS, type PriceItemItem } from "./price-item-item";

const schemas = () => import("@/lib/schemas/price-item");

type Fields = FieldConfig<Omit<FormValues<typeof priceItemCreateSchema>, "markup">>;

const fields: Fields[] = [
  { key: "name", label: "priceItem.field.name", kind: "text", required: true },
  { key: "description", label: "priceItem.field.description", kind: "textarea" },
  { key: "unit", label: "priceItem.field.unit", kind: "select", options: PRICE_UNIT_OPTIONS, required: true },
  { key: "unit_price", label: "priceItem.field.unitPrice", kind: "custom", render: (props) => <PriceFields {...props} /> },
  { key: "tax_rate", label: "priceItem.field.taxRate", kind: "custom", reference: TAX_RATE.type, render: (props) => <TaxRateSelect {...props} /> },
  { key: "category", label: "priceItem.field.category", kind: "custom", render: (props) => <CategoryInput {...props} /> },
];

/** The price book's form: price and cost in minor units of the organization's currency, the markup between them. */
export const priceItemForm: FormConfig<PriceItemItem, typeof priceItemCreateSchema, typeof priceItemUpdateSchema> = {
  ...formHeading(PRICE_ITEM),
  name: (item) => item.name,
  create: {
    title: "priceItem.entity.new",
    fields,
    schema: () => schemas().then((module) => module.priceItemCreateSchema),
    initial: { name: "", description: "", unit: "piece", unit_price: undefined, unit_cost: null, tax_rate: undefined, category: "" },
  },
  update: {
    editable: (_item, session) => holds(session, "admin"),
    fields: [
      ...(fields as FieldConfig<FormValues<typeof priceItemUpdateSchema>>[]),
      { key: "status", label: "priceItem.field.status", kind: "select", options: PRICE_ITEM_STATUS_OPTIONS, required: true },
    ],
    schema: () => schemas().then((module) => module.priceItemUpdateSchema),
    values: (item) => ({
      name: item.name,
      description: item.description ?? "",
      unit: item.unit,
      unit_price: item.unit_price,
      unit_cost: item.unit_cost,
      tax_rate: item.tax_rate,
      category: item.category ?? "",
      status: item.status,
    }),
  },
};
