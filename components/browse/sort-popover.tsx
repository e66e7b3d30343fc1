"use client";
import { Button, Popover, Radio, Stack } from "@mantine/core";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { Option } from "./browse-config";

type Props = { sorts: Option[]; value: string; onChange: (sort: string) => void };

/** Field and direction, kept together as `field:asc|desc` as the list query wants it. */
export function SortPopover({ sorts, value, onChange }: Props) {
  const [field, direction = "desc"] = value.split(":");
  const label = sorts.find((sort) => sort.value === field)?.label ?? field;
  const Icon = direction === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Popover position="bottom-start" shadow="md" width={220} trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<Icon size={16} />} aria-label={`Sort: ${label}, ${direction === "asc" ? "ascending" : "descending"}`}>
          Sort: {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Sort">
        <Stack gap="md">
          <Radio.Group label="Sort by" value={field} onChange={(next) => onChange(`${next}:${direction}`)}>
            <Stack gap={6} mt={6}>
              {sorts.map((sort) => (
                <Radio key={sort.value} value={sort.value} label={sort.label} />
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
      </Popover.Dropdown>
    </Popover>
  );
}
