"use client";
import { Alert, List } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import type { FileMappingValue } from "@/components/file-mapping/file-mapping-value";
import { repeatedValues } from "@/lib/import/repeated-values";
import type { ImportConfig } from "./import-config";

/** Values named one by one; the rest are counted. */
const SHOWN = 5;

const rowList = (rows: number[]) => (rows.length === 2 ? `rows ${rows[0]} and ${rows[1]}` : `rows ${rows.slice(0, -1).join(", ")} and ${rows.at(-1)}`);

/**
 * Before an import, as the entity's form does for one value: the values of a
 * field (emails) that several rows of the file share, and what the import will
 * do with them, which depends on matching and on an ID column.
 */
export function RepeatedValuesNotice({ config, value, match }: { config: ImportConfig; value: FileMappingValue | null; match: boolean }) {
  const repeated = config.repeated;
  const column = repeated && value ? value.mappings[repeated.field] : undefined;
  const entries = useMemo(() => (value && column !== undefined ? repeatedValues(value.sheet, column) : []), [value, column]);
  if (!repeated || entries.length === 0) return null;
  const byId = value?.mappings.id !== undefined;
  const { one } = config.nouns;
  const what =
    match && config.matchBy
      ? `With "${config.matchBy.label}", only the first row of each ${repeated.label} is imported; the later ones are refused.`
      : `Each row is added as a ${one} of its own, as the ${one} form allows: check that they are not the same ${one}.`;
  const title = `Repeated ${repeated.label}s in this file`;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="region" aria-label={`Repeated ${repeated.label}s`}>
      <List size="sm" spacing={2} mb="xs">
        {entries.slice(0, SHOWN).map((entry) => (
          <List.Item key={entry.value} style={{ overflowWrap: "anywhere" }}>
            {entry.value} is in {rowList(entry.rows)}
          </List.Item>
        ))}
        {entries.length > SHOWN && <List.Item>and {entries.length - SHOWN} more</List.Item>}
      </List>
      {byId ? `Rows with a ${one}'s ID update that ${one}, whatever the ${repeated.label}. For the others: ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what}
    </Alert>
  );
}
