"use client";
import { Alert, List } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { useLabel } from "@/components/shell/use-label";
import { repeatedValues } from "@/lib/import/repeated-values";
import type { ImportConfig } from "./import-config";

/** Values named one by one; the rest are counted. */
const SHOWN = 5;

/**
 * Before an import, as the entity's form does for one value: the values of a
 * field (emails) that several rows of the file share, and what the import will
 * do with them, which depends on matching and on an ID column.
 */
export function RepeatedValuesNotice({ config, value, match }: { config: ImportConfig; value: FileMappingValue | null; match: boolean }) {
  const t = useTranslations();
  const format = useFormatter();
  const configLabel = useLabel();
  const repeated = config.repeated;
  const column = repeated && value ? value.mappings[repeated.field] : undefined;
  const entries = useMemo(() => (value && column !== undefined ? repeatedValues(value.sheet, column) : []), [value, column]);
  if (!repeated || entries.length === 0) return null;
  const byId = value?.mappings.id !== undefined;
  const entity = config.nouns.one;
  const label = configLabel(repeated.label);
  const what =
    match && config.matchBy
      ? t("import.repeated.matched", { match: configLabel(config.matchBy.label), label })
      : t("import.repeated.added", { entity });
  const rows = (list: number[]) => format.list(list.map((row) => format.number(row)), { type: "conjunction" });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t("import.repeated.title", { label })}
      role="region"
      aria-label={t("import.repeated.label", { label })}
    >
      <List size="sm" spacing={2} mb="xs">
        {entries.slice(0, SHOWN).map((entry) => (
          <List.Item key={entry.value} style={{ overflowWrap: "anywhere" }}>
            {t("import.repeated.entry", { value: entry.value, rows: rows(entry.rows) })}
          </List.Item>
        ))}
        {entries.length > SHOWN && <List.Item>{t("import.repeated.more", { count: entries.length - SHOWN })}</List.Item>}
      </List>
      {byId ? t("import.repeated.byId", { entity, label, what: what.charAt(0).toLocaleLowerCase() + what.slice(1) }) : what}
    </Alert>
  );
}
