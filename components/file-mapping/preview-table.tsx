"use client";
import { Table, Text } from "@mantine/core";
import { fieldsOnColumn, type ImportField, type Mapping } from "@/lib/import/fields";
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
  const rows = sheet.rows.slice(0, PREVIEW_ROWS);
  return (
    <Table.ScrollContainer minWidth={sheet.columns.length * 160} type="native">
      <Table withTableBorder withColumnBorders striped verticalSpacing={6} aria-label="File preview">
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
                  <Text size="sm" lineClamp={2} title={row[c] ?? undefined}>
                    {row[c]}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
