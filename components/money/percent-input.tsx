"use client";
import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useLocale } from "next-intl";
import { PERCENT_SCALE } from "@/lib/money/decimal";
import { separators } from "@/lib/money/format";

/**
 * A percentage from 0 to 100 with at most three decimals (stored as thousandths of a
 * percent), typed with the reader's decimal separator: a tax rate's, a quote's deposit,
 * a line's discount. It answers as Mantine's NumberInput does (a number, or the text
 * while it is not one yet); `readPercent` turns that into a number.
 */
export function PercentInput(props: Omit<NumberInputProps, "decimalScale" | "decimalSeparator" | "min" | "max" | "allowNegative" | "rightSection">) {
  const locale = useLocale();
  return (
    <NumberInput
      hideControls
      inputMode="decimal"
      {...props}
      decimalScale={PERCENT_SCALE}
      decimalSeparator={separators(locale).decimal}
      min={0}
      max={100}
      allowNegative={false}
      rightSection="%"
    />
  );
}

/** What a PercentInput answered, as a number ("" while empty), whatever the separator typed. */
export const readPercent = (next: number | string, locale: string): number | "" =>
  next === "" ? "" : typeof next === "number" ? next : Number(String(next).replace(separators(locale).decimal, "."));
