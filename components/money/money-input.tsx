"use client";
import { NumberInput } from "@mantine/core";
import { useLocale } from "next-intl";
import type { ReactNode } from "react";
import { currencyDecimals } from "@/lib/money/currency";
import { decimalToMinor, minorToDecimal, separators } from "@/lib/money/format";

type Props = {
  label: ReactNode;
  description?: ReactNode;
  /** Minor units of `currency`, or none. */
  value: number | null;
  onChange: (value: number | null) => void;
  currency: string;
  error?: string;
  required?: boolean;
  /** Where there is no visible label (a cell of a line), what the input is called. */
  "aria-label"?: string;
  placeholder?: string;
  size?: "xs" | "sm" | "md";
};

/**
 * An amount typed the page's language's way ("1.234,50" in German) with the
 * currency's decimals, kept as minor units: the number reaches lib/money as the
 * text the input shows, never through float arithmetic.
 */
export function MoneyInput({ label, description, value, onChange, currency, error, required, ...rest }: Props) {
  const locale = useLocale();
  const { decimal, group } = separators(locale);
  const decimals = currencyDecimals(currency);
  return (
    <NumberInput
      {...rest}
      label={label}
      description={description}
      error={error}
      required={required}
      // A number, so the input keeps the text being typed ("12," on the way to "12,5") while it means the same amount.
      value={value === null ? "" : Number(minorToDecimal(value, currency))}
      onChange={(next) => {
        if (next === "") return onChange(null);
        const minor = decimalToMinor(String(next).replace(decimal, "."), currency);
        if (minor !== null) onChange(minor);
      }}
      decimalScale={decimals}
      fixedDecimalScale
      decimalSeparator={decimal}
      thousandSeparator={group}
      min={0}
      allowNegative={false}
      hideControls
      rightSection={currency}
      rightSectionWidth={48}
      inputMode="decimal"
    />
  );
}
