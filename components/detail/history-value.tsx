import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useLabel } from "@/components/shell/use-label";
import { SharingSummary } from "@/components/sharing/sharing-summary";
import { isSharing } from "@/components/sharing/sharing-levels";

/** How a field's value reads in the history; `options` turn stored values into their labels. */
export type HistoryField = { label: string; options?: { value: string; label: string }[]; format?: (value: unknown) => ReactNode };

function Empty() {
  const t = useTranslations();
  return (
    <Text span size="sm" c="dimmed" fs="italic">
      {t("history.emptyValue")}
    </Text>
  );
}

function named(value: object): string | undefined {
  const record = value as Record<string, unknown>;
  const name = record.title ?? record.name ?? record.label;
  return typeof name === "string" ? name : undefined;
}

function plain(value: unknown, yesNo: (yes: boolean) => string): string {
  if (typeof value === "boolean") return yesNo(value);
  if (Array.isArray(value)) return value.map((part) => plain(part, yesNo)).join(", ");
  if (typeof value === "object" && value !== null) return named(value) ?? JSON.stringify(value);
  return String(value);
}

export function HistoryValue({ value, field }: { value: unknown; field?: HistoryField }) {
  const t = useTranslations();
  const label = useLabel();
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return <Empty />;
  if (field?.format) return <>{field.format(value)}</>;
  if (isSharing(value)) return <SharingSummary sharing={value} />;
  const option = field?.options?.find((o) => o.value === value);
  return (
    <Text span size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
      {option ? label(option.label) : plain(value, (yes) => (yes ? t("common.yes") : t("common.no")))}
    </Text>
  );
}
