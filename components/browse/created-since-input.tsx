"use client";
import { DateInput } from "@mantine/dates";
import { useTranslations } from "next-intl";
import { PageDates } from "@/components/form/page-dates";
import type { FilterRenderProps } from "./browse-config";

const pad = (n: number) => String(n).padStart(2, "0");

/** The local calendar day of an instant, as a date input holds it (YYYY-MM-DD). */
function localDay(iso: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of a local calendar day as an instant, so "since Monday" means this member's Monday. */
function dayStart(day: string): string | undefined {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date).toISOString();
}

export function CreatedSinceInput({ value, onChange }: FilterRenderProps) {
  const t = useTranslations();
  return (
    <PageDates>
    <DateInput
      aria-label={t("browse.filter.createdSince")}
      value={localDay(value[0]) || null}
      clearable
      popoverProps={{ withinPortal: false }}
      onChange={(day) => {
        const start = day ? dayStart(day) : undefined;
        onChange(start ? [start] : []);
      }}
    />
    </PageDates>
  );
}

