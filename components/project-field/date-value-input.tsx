"use client";
import { DateInput, DateTimePicker } from "@mantine/dates";
import { useLocale, useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { PageDates } from "@/components/form/page-dates";
import { instantOfLocal, localOfInstant } from "./local-time";

type Props = Pick<ComponentProps<typeof DateInput>, "label" | "description" | "required" | "error" | "placeholder" | "aria-label" | "autoFocus" | "style" | "popoverProps"> & {
  kind: "date" | "datetime";
  value: unknown;
  onChange: (value: string | null) => void;
};

/** A date (YYYY-MM-DD) or an instant (ISO 8601, UTC) picked in the page's language and the browser's time zone. */
export function DateValueInput({ kind, value, onChange, ...shared }: Props) {
  const locale = useLocale();
  const t = useTranslations();
  const text = typeof value === "string" && value ? value : null;
  return (
    <PageDates>
      {kind === "date" ? (
        <DateInput {...shared} value={text} onChange={(day) => onChange(day || null)} clearable />
      ) : (
        <DateTimePicker
          {...shared}
          value={text ? localOfInstant(text) : null}
          valueFormat={(local) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(instantOfLocal(local)))}
          onChange={(local) => onChange(local ? instantOfLocal(local) : null)}
          timePickerProps={{ hoursInputLabel: t("project.fieldInput.hours"), minutesInputLabel: t("project.fieldInput.minutes") }}
          submitButtonProps={{ "aria-label": t("common.confirm") }}
          clearable
        />
      )}
    </PageDates>
  );
}
