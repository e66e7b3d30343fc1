"use client";
import { Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import type { HistoryField } from "@/components/detail/history-value";
import { WEEKDAYS } from "@/lib/schemas/weekdays";
import { bankValue, type BusinessItem, type HoursValue } from "./business-values";

/** The label keys of the details, in the form's order. */
const LABELS = {
  legal_name: "businessDetails.field.legalName",
  vat_number: "businessDetails.field.vatNumber",
  registration_number: "businessDetails.field.registrationNumber",
  line1: "businessDetails.field.line1",
  line2: "businessDetails.field.line2",
  zip: "businessDetails.field.zip",
  city: "businessDetails.field.city",
  state: "businessDetails.field.state",
  country: "businessDetails.field.country",
  phone: "businessDetails.field.phone",
  email: "businessDetails.field.email",
  website: "businessDetails.field.website",
  bank: "businessDetails.field.bank",
  currency: "businessDetails.field.currency",
  time_zone: "businessDetails.field.timeZone",
  hours: "businessDetails.field.hours",
} as const;

/** A week's hours in one line: "Mon 07:30–12:00, 13:00–17:00 · Sat closed". */
function useHoursText() {
  const t = useTranslations();
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return (hours: HoursValue) =>
    WEEKDAYS.flatMap((day, index) => {
      const intervals = hours[day];
      if (!intervals) return [];
      const name = format.format(Date.UTC(2024, 0, 1 + index));
      const times = intervals.length ? intervals.map(({ from, to }) => `${from}–${to}`).join(", ") : t("businessDetails.hours.closedDay");
      return [`${name} ${times}`];
    }).join(" · ");
}

/** Business details as History shows them: each detail given, by its label. */
function BusinessSummary({ value }: { value: BusinessItem }) {
  const t = useTranslations();
  const hoursText = useHoursText();
  const text = (key: keyof BusinessItem): string | undefined => {
    const part = value[key];
    if (part === null || part === undefined) return undefined;
    if (key === "bank") return Object.values(bankValue(value.bank) ?? {}).filter(Boolean).join(" · ");
    if (key === "hours") return hoursText(part as HoursValue);
    return String(part);
  };
  const lines = (Object.keys(LABELS) as (keyof typeof LABELS)[]).flatMap((key) => {
    const shown = text(key);
    return shown ? [{ key, shown }] : [];
  });
  return (
    <Stack gap={2} component="span">
      {lines.map(({ key, shown }) => (
        <Text key={key} span size="sm" style={{ overflowWrap: "anywhere" }}>
          {t(LABELS[key])}: <b>{shown}</b>
        </Text>
      ))}
    </Stack>
  );
}

/** How a location's History shows a change of its business details. */
export const businessHistoryField: HistoryField = {
  label: "businessDetails.tab",
  format: (value) => <BusinessSummary value={value as BusinessItem} />,
};
