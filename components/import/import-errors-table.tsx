"use client";
import { Code, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { RowProblems } from "@/lib/import/row-errors";

/** Rows of the table at most; a file full of errors is better fixed from the first ones. */
const SHOWN = 200;

/** Every error of the rows that were not imported: row, column, value, error and reason (spec §5's names) with the message. */
export function ImportErrorsTable({ problems }: { problems: RowProblems[] }) {
  const t = useTranslations();
  const lines = problems.flatMap((problem) => problem.errors.map((error) => ({ row: problem.row, ...error })));
  if (lines.length === 0) return null;
  return (
    <>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table withTableBorder striped verticalSpacing={6} aria-label={t("import.errors.label")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t("import.errors.row")}</Table.Th>
              <Table.Th>{t("import.errors.column")}</Table.Th>
              <Table.Th>{t("import.errors.value")}</Table.Th>
              <Table.Th>{t("import.errors.error")}</Table.Th>
              <Table.Th>{t("import.errors.reason")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.slice(0, SHOWN).map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.row}</Table.Td>
                <Table.Td>{line.column}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} c={line.value === null ? "dimmed" : undefined}>
                    {line.value ?? t("import.errors.empty")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code color={line.error === "required" ? "orange" : "red"}>{line.error}</Code>
                </Table.Td>
                <Table.Td>
                  {line.reason && <Code>{line.reason}</Code>}
                  <Text size="sm">{line.message}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.length > SHOWN && (
        <Text size="sm" c="dimmed">
          {t("import.errors.showing", { shown: SHOWN, count: lines.length })}
        </Text>
      )}
    </>
  );
}
