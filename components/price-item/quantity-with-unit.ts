"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { PriceUnit } from "@/lib/schemas/price-book-values";

/** The words after a quantity, in the plural it takes (the same the quote's PDF prints). */
const UNIT_WORDS: Record<PriceUnit, string> = {
  hour: "document.unit.hour",
  piece: "document.unit.piece",
  metre: "document.unit.metre",
  square_metre: "document.unit.square_metre",
  kilogram: "document.unit.kilogram",
  litre: "document.unit.litre",
  day: "document.unit.day",
  flat: "document.unit.flat",
};

/**
 * A quantity with its unit after it, as the quote's PDF prints it ("16 hours", "1 piece",
 * "2,5 m²"); an unknown unit as it is written. Needs the catalogue's words for units in documents.
 */
export function useQuantityWithUnit() {
  const t = useTranslations();
  const locale = useLocale();
  return useCallback(
    (quantity: number, unit: string) => {
      const key = Object.hasOwn(UNIT_WORDS, unit) ? UNIT_WORDS[unit as PriceUnit] : null;
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity)} ${key ? t(key as "document.unit.hour", { count: quantity }) : unit}`;
    },
    [t, locale],
  );
}
