"use client";
import { Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { fieldsOnColumn, type ImportField, type Mapping } from "@/lib/import/fields";
import { isErrorCode } from "@/lib/import/error-cells";
import { PREVIEW_ROWS } from "@/lib/import/limits";
import type { Sheet } from "@/lib/import/sheet";
import { ColumnHeader } from "./column-header";

type Props = {
  sheet: Sheet;
  fields: readonly ImportField[];
  mappings: Mapping;
  onRemove: (field: string) => void;
};

/** The first rows of the file under headers that take the field chips. */
export function PreviewTable({ sheet, fields, mappings, onRemove }: Props) {
  const t = useTranslations();
  const rows = sheet.rows.slice(0, PREVIEW_ROWS);
  return (
    <Table.ScrollContainer minWidth={sheet.columns.length * 160} type="native">
      <Table withTableBorder withColumnBorders striped verticalSpacing={6} aria-label={t("import.mapping.preview")}>
        <Table.Thead>
          <Table.Tr>
            {sheet.columns.map((name, index) => (
              <Table.Th key={index} style={{ verticalAlign: "top" }}>
                <ColumnHeader
                  name={name}
                  index={index}
                  fields={fieldsOnColumn(fields, mappings, index)}
                  allFields={fields}
                  onRemove={onRemove}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {sheet.columns.map((_, c) => (
                <Table.Td key={c}>
                  <PreviewCell value={row[c] ?? null} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A cell of the preview; a spreadsheet error code shows in red, as the import will refuse it. */
function PreviewCell({ value }: { value: string | null }) {
  const t = useTranslations();
  const error = value !== null && isErrorCode(value);
  return (
    <Text size="sm" lineClamp={2} c={error ? "red" : undefined} title={error ? t("import.mapping.errorCell", { code: value }) : (value ?? undefined)} data-error-cell={error || undefined}>
      {value}
    </Text>
  );
}
