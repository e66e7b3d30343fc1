"use client";
import { Group, Stack, Text } from "@mantine/core";

export type TotalRow = { key: string; label: string; amount: string; strong?: boolean; dimmed?: boolean; testId?: string };

/** The figures under a document's lines on its public page (net, tax per rate, total, deductions): one row each, amounts aligned right. */
export function TotalsBlock({ rows, testId }: { rows: TotalRow[]; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap" gap="sm">
          <Text size={row.strong ? "md" : "sm"} fw={row.strong ? 700 : undefined} c={row.dimmed ? "dimmed" : undefined}>
            {row.label}
          </Text>
          <Text size={row.strong ? "md" : "sm"} fw={row.strong ? 700 : undefined} c={row.dimmed ? "dimmed" : undefined} data-testid={row.testId} style={{ whiteSpace: "nowrap" }}>
            {row.amount}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
