"use client";
import { Anchor, Badge, Button, Checkbox, Group, Popover, Radio, Stack, Text } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FilterRenderProps, Option } from "./browse-config";

export type ShownFilter = { key: string; label: string } & (
  | { kind: "multi" | "single"; options: Option[] }
  | { kind: "custom"; render: (props: FilterRenderProps) => ReactNode }
);

type Props = {
  filters: ShownFilter[];
  values: Record<string, string[]>;
  defaults: Record<string, string[]>;
  onChange: (key: string, values: string[]) => void;
};

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

export function FilterPopover({ filters, values, defaults, onChange }: Props) {
  if (filters.length === 0) return null;
  const changed = filters.filter((f) => !sameSet(values[f.key] ?? [], defaults[f.key] ?? [])).length;
  return (
    <Popover position="bottom-start" shadow="md" width={260} trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={changed ? <Badge size="xs" circle>{changed}</Badge> : null}
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Filters">
        <Stack gap="md">
          {filters.map((filter) => {
            const current = values[filter.key] ?? [];
            const isDefault = sameSet(current, defaults[filter.key] ?? []);
            return (
              <Stack key={filter.key} gap={6}>
                <Group justify="space-between">
                  <Text fw={600} size="sm">
                    {filter.label}
                  </Text>
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    disabled={isDefault}
                    c={isDefault ? "dimmed" : undefined}
                    aria-label={`Reset ${filter.label.toLowerCase()} filter`}
                    onClick={() => onChange(filter.key, defaults[filter.key] ?? [])}
                  >
                    Reset
                  </Anchor>
                </Group>
                {filter.kind === "custom" ? (
                  filter.render({ value: current, values, onChange: (next) => onChange(filter.key, next) })
                ) : filter.kind === "multi" ? (
                  <Checkbox.Group value={current} onChange={(next) => onChange(filter.key, next)} aria-label={filter.label}>
                    <Stack gap={6}>
                      {filter.options.map((option) => (
                        <Checkbox key={option.value} value={option.value} label={option.label} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                ) : (
                  <Radio.Group value={current[0] ?? null} onChange={(next) => onChange(filter.key, [next])} aria-label={filter.label}>
                    <Stack gap={6}>
                      {filter.options.map((option) => (
                        <Radio key={option.value} value={option.value} label={option.label} />
                      ))}
                    </Stack>
                  </Radio.Group>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
