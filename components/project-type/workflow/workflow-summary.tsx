"use client";
import { Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { useFieldValueText } from "@/components/project-field/use-field-value-text";
import { isEmptyValue } from "@/lib/schemas/field-kinds";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { Effect, Requirement, Workflow, WorkflowInput } from "@/lib/schemas/workflow";

type Translator = ReturnType<typeof useTranslations>;
type Definition = { statuses: ProjectStatus[]; fields: FieldDefinition[] };
/** The type's definition, and a field's value in words. */
type Context = Definition & { valueText: (id: number, value: unknown) => string };

const statusTitle = (t: Translator, { statuses }: Definition, id: number) =>
  statuses.find((entry) => entry.id === id)?.title ?? t("workflow.summary.unnamedStatus", { id });
const fieldTitle = (t: Translator, { fields }: Definition, id: number) =>
  fields.find((entry) => entry.id === id)?.title ?? t("workflow.fieldRows.unnamed", { id });

function owner(t: Translator, ref: string | null): ReactNode {
  if (ref === "self") return t("workflow.summary.ownerSelf");
  if (ref === null) return t("workflow.summary.ownerNone");
  return <ReferenceBadge type="member" id={ref} />;
}

const joined = (parts: ReactNode[], separator: string) =>
  parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      {part}
    </Fragment>
  ));

function requirementText(t: Translator, requirement: Requirement, definition: Context): ReactNode {
  const or = t("workflow.summary.or");
  switch (requirement.type) {
    case "status_eq":
      return (
        <>
          {t("workflow.summary.statusIs")} {joined(requirement.value.map((id) => statusTitle(t, definition, id)), or)}
        </>
      );
    case "role_eq":
      return (
        <>
          {t("workflow.summary.roleIs")} {joined(requirement.value.map((id) => <ReferenceBadge key={id} type="role" id={id} />), or)}
        </>
      );
    case "owner_eq":
      return (
        <>
          {t("workflow.summary.ownerIs")} {joined(requirement.value.map((ref) => owner(t, ref)), or)}
        </>
      );
    case "field_eq":
      return joined(
        requirement.fields.map((entry) => t("workflow.summary.fieldIs", { field: fieldTitle(t, definition, entry.id), value: definition.valueText(entry.id, entry.value) })),
        t("workflow.summary.and"),
      );
  }
}

function inputText(t: Translator, input: WorkflowInput, definition: Definition): ReactNode {
  if (input.type === "comment") return input.required ? t("workflow.summary.commentRequired") : t("workflow.summary.comment");
  return joined(
    input.fields.map((entry) =>
      entry.required ? t("workflow.summary.fieldRequired", { field: fieldTitle(t, definition, entry.id) }) : fieldTitle(t, definition, entry.id),
    ),
    ", ",
  );
}

function effectText(t: Translator, effect: Effect, definition: Context): ReactNode {
  switch (effect.type) {
    case "status_set":
      return t("workflow.summary.statusBecomes", { status: statusTitle(t, definition, effect.value) });
    case "owner_set":
      return (
        <>
          {t("workflow.summary.ownerBecomes")} {owner(t, effect.value)}
        </>
      );
    case "field_set":
      return joined(
        effect.fields.map((entry) => {
          const field = fieldTitle(t, definition, entry.id);
          return isEmptyValue(entry.value)
            ? t("workflow.summary.fieldCleared", { field })
            : t("workflow.summary.fieldBecomes", { field, value: definition.valueText(entry.id, entry.value) });
        }),
        ", ",
      );
  }
}

function Line({ label, parts }: { label: string; parts: ReactNode[] }) {
  if (parts.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" c="dimmed" miw={70}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
        {joined(parts, "; ")}
      </Text>
    </Group>
  );
}

/** What a workflow needs, asks and does, in a few readable lines. */
export function WorkflowSummary({ workflow, ...types }: { workflow: Workflow } & Definition) {
  const t = useTranslations();
  const text = useFieldValueText();
  const definition: Context = { ...types, valueText: (id, value) => text(types.fields.find((field) => field.id === id), value) };
  return (
    <Stack gap={2}>
      <Line label={t("workflow.summary.requires")} parts={workflow.requirements.map((r) => requirementText(t, r, definition))} />
      <Line label={t("workflow.summary.asksFor")} parts={workflow.inputs.map((i) => inputText(t, i, definition))} />
      <Line label={t("workflow.summary.then")} parts={workflow.effects.map((e) => effectText(t, e, definition))} />
    </Stack>
  );
}
