"use client";
import { Anchor, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import type { FilterPanelProps } from "./filter-popover";

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** The filter popover's content: each filter with its choices and a reset. */
export function FilterPanel({ filters, values, defaults, onChange }: FilterPanelProps) {
  const t = useTranslations();
  const text = useLabel();
  return (
    <Stack gap="md">
      {filters.filter((filter) => filter.shownWith?.(values) ?? true).map((filter) => {
        const current = values[filter.key] ?? [];
        const isDefault = sameSet(current, defaults[filter.key] ?? []);
        const label = text(filter.label);
        return (
          <Stack key={filter.key} gap={6}>
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="xs"
                disabled={isDefault}
                c={isDefault ? "dimmed" : undefined}
                aria-label={t("browse.filter.resetOne", { filter: label })}
                onClick={() => onChange(filter.key, defaults[filter.key] ?? [])}
              >
                {t("browse.filter.reset")}
              </Anchor>
            </Group>
            {filter.kind === "custom" ? (
              filter.render({ value: current, values, onChange: (next) => onChange(filter.key, next) })
            ) : filter.kind === "multi" ? (
              <Checkbox.Group value={current} onChange={(next) => onChange(filter.key, next)} aria-label={label}>
                <Stack gap={6}>
                  {filter.options.map((option) => (
                    <Checkbox key={option.value} value={option.value} label={text(option.label)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : (
              <Radio.Group value={current[0] ?? null} onChange={(next) => onChange(filter.key, [next])} aria-label={label}>
                <Stack gap={6}>
                  {filter.options.map((option) => (
                    <Radio key={option.value} value={option.value} label={text(option.label)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
