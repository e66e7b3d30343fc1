"use client";
import { Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FilterRenderProps } from "@/components/browse/browse-config";
import { kindOf } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { useProjectType } from "./project-type-data";
import { PageDates } from "@/components/form/page-dates";

/** One `field` query value: `<field id>:<operator>:<operand>`. */
type Condition = { id: number; op: string; operand: string };

const parse = (text: string): Condition | null => {
  const match = /^(\d+):([a-z]+)(?::([\s\S]*))?$/.exec(text);
  return match ? { id: Number(match[1]), op: match[2], operand: match[3] ?? "" } : null;
};
const write = ({ id, op, operand }: Condition) => (operand ? `${id}:${op}:${operand}` : `${id}:${op}`);

const pad = (n: number) => String(n).padStart(2, "0");
/** The start of a local day, or of the next one, as an instant: a date and time field is filtered by this member's days. */
function localDayEdge(day: string, next = false): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date + (next ? 1 : 0), 0, 0, next ? -1 : 0).toISOString();
}
function localDay(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "" : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type Props = { field: FieldDefinition; conditions: Condition[]; onChange: (conditions: Condition[]) => void };

/** From and to, for numbers, dates and instants (gte and lte). */
function RangeInputs({ field, conditions, onChange }: Props) {
  const t = useTranslations();
  const kind = kindOf(field);
  const operand = (op: string) => conditions.find((condition) => condition.op === op)?.operand ?? "";
  const set = (op: "gte" | "lte", value: string) =>
    onChange([...conditions.filter((condition) => condition.op !== op), ...(value ? [{ id: field.id, op, operand: value }] : [])].sort((a, b) => a.op.localeCompare(b.op)));
  const bound = (op: "gte" | "lte", label: string) => {
    if (kind === "number") {
      return (
        <NumberInput
          label={label}
          value={operand(op)}
          decimalScale={field.decimals ?? undefined}
          onChange={(value) => set(op, value === "" ? "" : String(value))}
          hideControls
          style={{ flex: 1 }}
        />
      );
    }
    const day = kind === "datetime" ? (operand(op) ? localDay(operand(op)) : "") : operand(op);
    return (
      <PageDates>
        <DateInput
          label={label}
          value={day || null}
          clearable
          popoverProps={{ withinPortal: false }}
          onChange={(value) => set(op, !value ? "" : kind === "datetime" ? localDayEdge(value, op === "lte") : value)}
          style={{ flex: 1 }}
        />
      </PageDates>
    );
  };
  return (
    <Group gap="xs" grow wrap="nowrap" align="flex-start">
      {bound("gte", t("project.filter.from"))}
      {bound("lte", t("project.filter.to"))}
    </Group>
  );
}

function ConditionInput({ field, conditions, onChange }: Props) {
  const t = useTranslations();
  const first = conditions[0];
  switch (kindOf(field)) {
    case "text":
      return (
        <TextInput
          aria-label={t("project.filter.contains", { field: field.title })}
          placeholder={t("project.filter.containsHint")}
          value={first?.op === "contains" ? first.operand : ""}
          onChange={(event) => onChange(event.currentTarget.value ? [{ id: field.id, op: "contains", operand: event.currentTarget.value }] : [])}
        />
      );
    case "single_choice":
    case "multiple_choice":
      return (
        <MultiSelect
          aria-label={t("project.filter.anyOf", { field: field.title })}
          placeholder={t("project.filter.anyOfHint")}
          comboboxProps={{ withinPortal: false }}
          data={(field.options ?? []).map((option) => ({ value: String(option.id), label: option.label }))}
          value={first?.op === "in" ? first.operand.split(",").filter(Boolean) : []}
          searchable
          onChange={(ids) => onChange(ids.length ? [{ id: field.id, op: "in", operand: ids.join(",") }] : [])}
        />
      );
    case "checkbox":
      return (
        <SegmentedControl
          fullWidth
          aria-label={field.title}
          data={[
            { value: "", label: t("project.filter.any") },
            { value: "true", label: t("common.yes") },
            { value: "false", label: t("common.no") },
          ]}
          value={first?.op === "eq" ? first.operand : ""}
          onChange={(value) => onChange(value ? [{ id: field.id, op: "eq", operand: value }] : [])}
        />
      );
    default:
      return <RangeInputs field={field} conditions={conditions} onChange={onChange} />;
  }
}

/**
 * A condition on one custom field of the chosen type (the list's `field` filter):
 * text that contains, a range of numbers or days, any of some options, checked or not.
 */
export function ProjectFieldFilter({ value, values, onChange }: FilterRenderProps) {
  const t = useTranslations();
  const typeId = values.type?.length === 1 ? values.type[0] : null;
  const { data: type } = useProjectType(typeId);
  const conditions = value.map(parse).filter((condition): condition is Condition => condition !== null);
  const [chosen, setChosen] = useState<number | null>(conditions[0]?.id ?? null);
  if (!type) return <Text size="sm" c="dimmed">{t("common.loading")}</Text>;
  if (type.fields.length === 0) return <Text size="sm" c="dimmed">{t("project.filter.noFields")}</Text>;
  const fieldId = conditions[0]?.id ?? chosen;
  const field = type.fields.find((entry) => entry.id === fieldId);
  return (
    <Stack gap={6}>
      <Select
        aria-label={t("project.filter.field")}
        placeholder={t("project.filter.chooseField")}
        comboboxProps={{ withinPortal: false }}
        data={type.fields.map((entry) => ({ value: String(entry.id), label: entry.title }))}
        value={field ? String(field.id) : null}
        onChange={(id) => {
          setChosen(id ? Number(id) : null);
          onChange([]);
        }}
      />
      {field && <ConditionInput field={field} conditions={conditions.filter((condition) => condition.id === field.id)} onChange={(next) => onChange(next.map(write))} />}
    </Stack>
  );
}
