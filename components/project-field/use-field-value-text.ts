"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { isEmptyValue, kindOf, type KindedField } from "@/lib/schemas/field-kinds";

/**
 * A custom field's value in words, as the page's language writes it: numbers
 * grouped and with the field's decimals and unit, dates and instants (in this
 * browser's zone) by Intl, options by their labels, a checkbox as Yes or No.
 */
export function useFieldValueText() {
  const locale = useLocale();
  const t = useTranslations();
  return useCallback(
    (field: KindedField | undefined, value: unknown): string => {
      if (isEmptyValue(value)) return kindOf(field ?? {}) === "checkbox" ? t("common.no") : "";
      const label = (id: unknown) => field?.options?.find((option) => option.id === id)?.label ?? String(id);
      switch (field ? kindOf(field) : "text") {
        case "number": {
          if (typeof value !== "number") return String(value);
          const digits = field?.decimals ?? undefined;
          const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits ?? 6 }).format(value);
          return field?.unit ? `${text} ${field.unit}` : text;
        }
        case "date":
          return typeof value === "string"
            ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`))
            : String(value);
        case "datetime":
          return typeof value === "string" ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)) : String(value);
        case "single_choice":
          return label(value);
        case "multiple_choice":
          return Array.isArray(value) ? value.map(label).join(", ") : String(value);
        case "checkbox":
          return value === true ? t("common.yes") : t("common.no");
        default:
          return String(value);
      }
    },
    [locale, t],
  );
}
