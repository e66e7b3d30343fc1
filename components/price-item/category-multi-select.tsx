"use client";
import { MultiSelect } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import { useApi } from "@/lib/client/use-api";

export type CategoryMultiSelectProps = { label: string; value: string[]; onChange: (categories: string[]) => void };

/** The price book's categories to filter by: those its items are in. Its dropdown stays inside the filter popover. */
export function CategoryMultiSelect({ label, value, onChange }: CategoryMultiSelectProps) {
  const t = useTranslations();
  const text = useLabel();
  const { data } = useApi<{ items: string[] }>("/price_item/categories");
  // A category chosen before (a shared link) stays choosable though no item is in it any more.
  const categories = [...new Set([...value, ...(data?.items ?? [])])];
  return (
    <MultiSelect
      aria-label={text(label)}
      placeholder={value.length ? undefined : t("common.search")}
      data={categories}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={data ? t("common.noResults") : t("common.loading")}
      comboboxProps={{ withinPortal: false }}
      clearable
    />
  );
}
