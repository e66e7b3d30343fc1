"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { UNIT_WORD_KEYS, type PriceUnit } from "@/lib/schemas/price-book-values";

/**
 * A quantity with its unit after it, as the quote's PDF prints it ("16 hours", "1 piece",
 * "2,5 m²"); an unknown unit as it is written. Needs the catalogue's words for units in documents.
 */
export function useQuantityWithUnit() {
  const t = useTranslations();
  const locale = useLocale();
  return useCallback(
    (quantity: number, unit: string) => {
      const key = Object.hasOwn(UNIT_WORD_KEYS, unit) ? UNIT_WORD_KEYS[unit as PriceUnit] : null;
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity)} ${key ? t(key as "document.unit.hour", { count: quantity }) : unit}`;
    },
    [t, locale],
  );
}
