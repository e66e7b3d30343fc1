"use client";
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { unmappedRequired, type ImportField, type Mapping } from "@/lib/import/fields";

/** Says which required fields still need a column, in red, or that all have one, in green. */
export function MappingStatus({ fields, mappings }: { fields: readonly ImportField[]; mappings: Mapping }) {
  const t = useTranslations();
  const configLabel = useLabel();
  const missing = unmappedRequired(fields, mappings);
  const ok = missing.length === 0;
  const Icon = ok ? IconCircleCheck : IconAlertCircle;
  return (
    <Text size="sm" c={ok ? "green" : "red"} role="status" data-state={ok ? "valid" : "invalid"} style={{ display: "flex", gap: 6, alignItems: "center" }}>
      <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
      {ok
        ? t("import.mapping.complete")
        : t("import.mapping.missing", { count: missing.length, fields: missing.map((field) => configLabel(field.label)).join(", ") })}
    </Text>
  );
}
