"use client";
import { Autocomplete, Select } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useApi } from "@/lib/client/use-api";
import { ALL_TAX_RATES, type TaxRateItem } from "./price-item-item";

/** A rate as a choice reads it: "Reduced rate · 5 %". */
export function useTaxRateLabel() {
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (rate: TaxRateItem) => `${rate.name} · ${percent.format(rate.percent)} %`;
}

/** The organization's tax rates, archived ones too (an item may still name one), highest first. */
export const useTaxRates = () => useApi<{ items: TaxRateItem[] }>("/tax_rate", ALL_TAX_RATES);

/** An active tax rate of the organization; left empty on a new item, the default applies. */
export function TaxRateSelect({ value, saved, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  const label = useTaxRateLabel();
  const { data } = useTaxRates();
  const rates = data?.items ?? [];
  const fallback = rates.find((rate) => rate.default);
  const options = rates.filter((rate) => rate.status === "active" || rate.id === saved).map((rate) => ({ value: rate.id, label: label(rate) }));
  return (
    <Select
      label={t("priceItem.field.taxRate")}
      data={options}
      value={typeof value === "string" && value ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      placeholder={fallback ? t("priceItem.field.taxRateDefault", { rate: label(fallback) }) : undefined}
      error={error}
      allowDeselect={false}
    />
  );
}

/** Free text, with the categories items are in already offered as it is typed. */
export function CategoryInput({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  const { data } = useApi<{ items: string[] }>("/price_item/categories");
  return (
    <Autocomplete
      label={t("priceItem.field.category")}
      data={data?.items ?? []}
      value={typeof value === "string" ? value : ""}
      onChange={onChange}
      error={error}
      placeholder={t("priceItem.field.categoryPlaceholder")}
    />
  );
}
