"use client";
import { Group, NumberInput, Stack } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { MoneyInput } from "@/components/money/money-input";
import { useCurrency } from "@/components/money/use-currency";
import { PERCENT_SCALE, percentNumber, toScaled } from "@/lib/money/decimal";
import { separators } from "@/lib/money/format";
import { markupOf, priceFromMarkup } from "@/lib/money/totals";

/**
 * Unit cost, markup and unit price together: type the markup and the price follows
 * the cost; type the price and the markup follows. Only price and cost are saved
 * (the server keeps those); the markup is what they make.
 */
export function PriceFields({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const locale = useLocale();
  const currency = useCurrency();
  const price = typeof value === "number" ? value : null;
  const cost = typeof form?.values.unit_cost === "number" ? form.values.unit_cost : null;
  // The markup as typed, while it is the one that leads; otherwise it is read from price and cost.
  const [typedMarkup, setTypedMarkup] = useState<number | null>(null);
  const derived = price !== null ? markupOf(price, cost) : null;
  const markup = typedMarkup ?? (derived === null ? null : percentNumber(derived));

  const setCost = (next: number | null) => {
    form?.set("unit_cost", next);
    // A markup typed last keeps its word: the price follows the new cost.
    if (typedMarkup !== null && next) onChange(priceFromMarkup(next, toScaled(typedMarkup, PERCENT_SCALE, true)!));
  };
  const setMarkup = (next: number | string) => {
    const scaled = next === "" ? null : toScaled(String(next).replace(separators(locale).decimal, "."), PERCENT_SCALE, true);
    setTypedMarkup(scaled === null ? null : percentNumber(scaled));
    if (scaled !== null && cost) onChange(priceFromMarkup(cost, scaled));
  };
  const setPrice = (next: number | null) => {
    setTypedMarkup(null);
    onChange(next);
  };

  return (
    <Stack gap={4}>
      <Group grow align="flex-start" wrap="wrap" gap="sm">
        <MoneyInput label={t("priceItem.field.unitCost")} value={cost} onChange={setCost} currency={currency} />
        <NumberInput
          label={t("priceItem.field.markup")}
          description={cost ? undefined : t("priceItem.field.markupNeedsCost")}
          disabled={!cost}
          value={markup ?? ""}
          onChange={setMarkup}
          decimalScale={PERCENT_SCALE}
          decimalSeparator={separators(locale).decimal}
          allowNegative
          min={-100}
          hideControls
          rightSection="%"
          inputMode="decimal"
        />
        <MoneyInput label={t("priceItem.field.unitPrice")} value={price} onChange={setPrice} currency={currency} required error={error} />
      </Group>
    </Stack>
  );
}
