import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { SharingSummary } from "@/components/sharing/sharing-summary";
import { isSharing } from "@/components/sharing/sharing-levels";
import { useConfigLabel } from "@/components/form/config-label";

/** How a field's value reads in the history; `options` turn stored values into their labels. */
export type HistoryField = { label: string; options?: { value: string; label: string }[]; format?: (value: unknown) => ReactNode };

const EMPTY = (
  <Text span size="sm" c="dimmed" fs="italic">
    empty
  </Text>
);

function named(value: object): string | undefined {
  const record = value as Record<string, unknown>;
  const name = record.title ?? record.name ?? record.label;
  return typeof name === "string" ? name : undefined;
}

function plain(value: unknown): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (typeof value === "object" && value !== null) return named(value) ?? JSON.stringify(value);
  return String(value);
}

export function HistoryValue({ value, field }: { value: unknown; field?: HistoryField }) {
  const configLabel = useConfigLabel();
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return EMPTY;
  if (field?.format) return <>{field.format(value)}</>;
  if (isSharing(value)) return <SharingSummary sharing={value} />;
  const option = field?.options?.find((o) => o.value === value);
  return (
    <Text span size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
      {option ? configLabel(option.label) : plain(value)}
    </Text>
  );
}
