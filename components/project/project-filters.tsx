"use client";
import { useTranslations } from "next-intl";
import { Checkbox, Group, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import type { FilterConfig, FilterRenderProps, Option } from "@/components/browse/browse-config";
import type { ListState } from "@/lib/client/list-state";
import { kindOf } from "@/lib/schemas/field-kinds";
import { itemFilter } from "@/components/browse/item-picker";
import { lazyComponent } from "@/lib/client/lazy-component";
import { CUSTOMER, MEMBER } from "@/components/entities";
import { ProjectTypeIcon } from "@/components/project-type/project-type-icon";
import { useProjectType, useProjectTypes } from "./project-type-data";

function TypeChoice({ value, onChange }: FilterRenderProps) {
  const t = useTranslations();
  const types = useProjectTypes().data?.items;
  if (!types) return <Text size="sm" c="dimmed">{t("common.loading")}</Text>;
  if (types.length === 0) return <Text size="sm" c="dimmed">{t("project.filter.noTypes")}</Text>;
  return (
    <Checkbox.Group value={value} onChange={onChange} aria-label={t("project.field.type")}>
      <Stack gap={6}>
        {types.map((type) => (
          <Checkbox
            key={type.id}
            value={type.id}
            label={
              <Group gap={6} wrap="nowrap">
                <ProjectTypeIcon icon={type.icon} color={type.color} size={18} />
                {type.name}
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * Status ids belong to a type, so the choice lists the statuses of the chosen
 * types (of all types when none is chosen); one id shared by several types
 * reads as all their titles.
 */
function StatusChoice({ value, values, onChange }: FilterRenderProps) {
  const t = useTranslations();
  const types = useProjectTypes().data?.items ?? [];
  const chosenTypes = values.type ?? [];
  const shown = chosenTypes.length > 0 ? types.filter((type) => chosenTypes.includes(type.id)) : types;
  const titles = new Map<number, string[]>();
  for (const status of shown.flatMap((type) => type.statuses)) {
    const known = titles.get(status.id) ?? [];
    if (!known.includes(status.title)) titles.set(status.id, [...known, status.title]);
  }
  const options = [...titles.entries()].sort(([a], [b]) => a - b);
  if (options.length === 0) return <Text size="sm" c="dimmed">{t("project.filter.noStatuses")}</Text>;
  return (
    <Checkbox.Group value={value} onChange={onChange} aria-label={t("project.field.status")}>
      <Stack gap={6}>
        {options.map(([id, names]) => (
          <Checkbox key={id} value={String(id)} label={names.join(" / ")} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export const typeFilter: FilterConfig = { key: "type", label: "project.field.type", kind: "custom", render: (props) => <TypeChoice {...props} /> };

export const projectStatusFilter: FilterConfig = {
  key: "status",
  label: "project.field.status",
  kind: "custom",
  render: (props) => <StatusChoice {...props} />,
};

// The pickers name the items only: an entity's whole list config would bring its columns,
// filters and import fields along to every list with these filters.
export const ownerFilter = itemFilter("owner", "project.field.owner", { type: MEMBER.type, name: (item) => item.name });

export const customerFilter = itemFilter("customer", "project.field.customer", { type: CUSTOMER.type, name: (item) => item.name });

// Its inputs are code for after a click: fetched when the filter popover first opens.
const ProjectFieldFilter = lazyComponent(() => import("./project-field-filter").then((module) => module.ProjectFieldFilter));

/** A condition on a custom field, offered once exactly one type is chosen (the list's `field`). */
export const fieldFilter: FilterConfig = {
  key: "field",
  label: "project.filter.field",
  kind: "custom",
  shownWith: (values) => values.type?.length === 1,
  render: (props) => <ProjectFieldFilter {...props} />,
  preload: ProjectFieldFilter.preload,
};

const sameSet = (a: string[] = [], b: string[] = []) => a.length === b.length && a.every((value) => b.includes(value));

/**
 * Another type has other fields: the field filter and sort of the type before start
 * over. A field condition or sort chosen in the same change (quick choices reach the
 * list together) is of the new type's fields, and stays.
 */
export function dropFieldsOfOtherType(next: ListState, before: ListState, defaults: ListState): ListState {
  if (sameSet(next.filters.type, before.filters.type)) return next;
  const fieldChosenNow = !sameSet(next.filters.field, before.filters.field);
  const sortChosenNow = next.sort !== before.sort;
  return {
    ...next,
    filters: { ...next.filters, field: fieldChosenNow ? (next.filters.field ?? []) : [] },
    sort: next.sort.startsWith("field.") && !sortChosenNow ? defaults.sort : next.sort,
  };
}

/** The chosen type's fields as sorts (all but multiple choices, which hold several values). */
export function useFieldSorts(filters: Record<string, string[]>): Option[] {
  const typeId = filters.type?.length === 1 ? filters.type[0] : null;
  const fields = useProjectType(typeId).data?.fields;
  return useMemo(
    () => (fields ?? []).filter((field) => kindOf(field) !== "multiple_choice").map((field) => ({ value: `field.${field.id}`, label: field.title })),
    [fields],
  );
}
