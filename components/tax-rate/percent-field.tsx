"use client";
import { NumberInput } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PERCENT_SCALE } from "@/lib/money/decimal";
import { separators } from "@/lib/money/format";
import { ZERO_RATED, type TaxCategory } from "@/lib/money/tax";

/** A rate's percentage with up to three decimals; rates that charge no tax are 0 % and cannot be typed. */
export function PercentField({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const locale = useLocale();
  const zeroRated = ZERO_RATED.has(form?.values.category as TaxCategory);
  return (
    <NumberInput
      label={t("taxRate.field.percent")}
      required={!zeroRated}
      disabled={zeroRated}
      value={zeroRated ? 0 : typeof value === "number" || typeof value === "string" ? value : ""}
      onChange={(next) => onChange(next === "" ? undefined : next)}
      decimalScale={PERCENT_SCALE}
      decimalSeparator={separators(locale).decimal}
      min={0}
      max={100}
      allowNegative={false}
      hideControls
      rightSection="%"
      inputMode="decimal"
      error={error}
    />
  );
}
