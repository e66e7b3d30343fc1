"use client";
import { NAME_SORTS, statusFilter } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { MoneyText } from "@/components/money/money-text";
import { PRICE_ITEM_IMPORT_FIELDS } from "@/lib/import/price-item-fields";
import { minorToDecimal } from "@/lib/money/format";
import { PRICE_ITEM_LIST, PRICE_ITEM_STATUSES } from "@/lib/schemas/price-book-values";
import { PRICE_ITEM, browseHeading, createAction } from "@/components/entities";
import type { PriceItemItem } from "./price-item-item";
import { UnitLabel } from "./unit-label";
import { useTaxRateLabel, useTaxRates } from "./price-item-pickers";
import type { CategoryMultiSelectProps } from "./category-multi-select";
import type { FilterConfig } from "@/components/browse/browse-config";
import { lazyComponent } from "@/lib/client/lazy-component";

// Fetched when the filter popover first opens, as the other pickers of filters are.
const CategoryMultiSelect = lazyComponent<CategoryMultiSelectProps>(() => import("./category-multi-select").then((module) => module.CategoryMultiSelect));

const categoryFilter: FilterConfig = {
  key: "category",
  label: "priceItem.field.category",
  kind: "custom",
  preload: CategoryMultiSelect.preload,
  render: ({ value, onChange }) => <CategoryMultiSelect label="priceItem.field.category" value={value} onChange={onChange} />,
};

function TaxRateName({ id }: { id: string }) {
  const { data } = useTaxRates();
  const label = useTaxRateLabel();
  const rate = data?.items.find((entry) => entry.id === id);
  return <>{rate ? label(rate) : ""}</>;
}

const amount = (value: number | null, currency: string) => (value === null ? "" : minorToDecimal(value, currency));

/**
 * The price book's list. Exports write amounts in the currency's units (12.50) under
 * the import's own headers, so an export imports back.
 */
export function priceItemBrowse(currency: string): BrowseConfig<PriceItemItem> {
  return {
    ...browseHeading(PRICE_ITEM),
    empty: "priceItem.entity.empty",
    create: createAction(PRICE_ITEM),
    list: PRICE_ITEM_LIST,
    filters: [statusFilter(PRICE_ITEM_STATUSES), categoryFilter],
    sorts: [...NAME_SORTS, { value: "price", label: "priceItem.sort.price" }],
    name: (item) => item.name,
    status: (item) => item.status,
    columns: [
      { header: "priceItem.field.unit", cell: (item) => <UnitLabel unit={item.unit} />, visibleFrom: "sm" },
      { header: "priceItem.field.unitPrice", cell: (item) => <MoneyText amount={item.unit_price} />, belowName: true, visibleFrom: "sm" },
      { header: "priceItem.field.taxRate", cell: (item) => <TaxRateName id={item.tax_rate} />, visibleFrom: "lg" },
      { header: "priceItem.field.category", cell: (item) => item.category ?? "", visibleFrom: "md", belowName: true },
      { header: "priceItem.column.updated", cell: (item) => <RelativeTime date={item.updated} />, visibleFrom: "md" },
    ],
    csv: [
      { header: "ID", value: (item) => item.id },
      { header: "Name", value: (item) => item.name },
      { header: "Description", value: (item) => item.description ?? "" },
      { header: "Unit", value: (item) => item.unit },
      { header: "Unit price", value: (item) => amount(item.unit_price, currency) },
      { header: "Unit cost", value: (item) => amount(item.unit_cost, currency) },
      { header: "Tax rate", value: (item) => item.tax_rate },
      { header: "Category", value: (item) => item.category ?? "" },
      { header: "Status", value: (item) => item.status },
      { header: "Created", value: (item) => item.created },
    ],
    exportLimit: 10000,
    import: {
      nouns: { one: "price_item", other: "price_items" },
      fields: PRICE_ITEM_IMPORT_FIELDS,
      path: `${PRICE_ITEM.path}/import`,
      privilege: "admin",
      list: PRICE_ITEM.path,
    },
  };
}
