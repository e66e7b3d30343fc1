"use client";
import { useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PercentInput } from "@/components/money/percent-input";
import { ZERO_RATED, type TaxCategory } from "@/lib/money/tax";

/** A rate's percentage with up to three decimals; rates that charge no tax are 0 % and cannot be typed. */
export function PercentField({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const zeroRated = ZERO_RATED.has(form?.values.category as TaxCategory);
  return (
    <PercentInput
      label={t("taxRate.field.percent")}
      required={!zeroRated}
      disabled={zeroRated}
      value={zeroRated ? 0 : typeof value === "number" || typeof value === "string" ? value : ""}
      onChange={(next) => onChange(next === "" ? undefined : next)}
      error={error}
    />
  );
}
