"use client";
import { Radio, Stack } from "@mantine/core";
import type { Option } from "./browse-config";
import { useConfigLabel } from "@/components/form/config-label";

type Props = { sorts: Option[]; field: string; direction: string; onChange: (sort: string) => void };

/** The sort popover's content: the field and the direction. */
export function SortPanel({ sorts, field, direction, onChange }: Props) {
  const configLabel = useConfigLabel();
  return (
    <Stack gap="md">
      <Radio.Group label="Sort by" value={field} onChange={(next) => onChange(`${next}:${direction}`)}>
        <Stack gap={6} mt={6}>
          {sorts.map((sort) => (
            <Radio key={sort.value} value={sort.value} label={configLabel(sort.label)} />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group label="Order" value={direction} onChange={(next) => onChange(`${field}:${next}`)}>
        <Stack gap={6} mt={6}>
          <Radio value="asc" label="Ascending" />
          <Radio value="desc" label="Descending" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
