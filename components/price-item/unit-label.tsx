"use client";
import { useLabel } from "@/components/shell/use-label";
import { PRICE_UNIT_OPTIONS } from "./price-item-item";

/** A price unit's name in the page's language ("hour" → "Stunde"); an unknown unit as it is. */
export function UnitLabel({ unit }: { unit: string }) {
  const label = useLabel();
  return <>{label(PRICE_UNIT_OPTIONS.find((option) => option.value === unit)?.label ?? unit)}</>;
}
