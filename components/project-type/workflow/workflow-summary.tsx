"use client";
import { Group, Stack, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { Effect, Requirement, Workflow, WorkflowInput } from "@/lib/schemas/workflow";

type Definition = { statuses: ProjectStatus[]; fields: FieldDefinition[] };

const titled = (list: { id: number; title: string }[], id: number, kind: string) => list.find((entry) => entry.id === id)?.title ?? `${kind} ${id}`;

function owner(ref: string | null): ReactNode {
  if (ref === "self") return "whoever runs it";
  if (ref === null) return "nobody";
  return <ReferenceBadge type="member" id={ref} />;
}

const joined = (parts: ReactNode[], separator = " or ") =>
  parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      {part}
    </Fragment>
  ));

function requirementText(requirement: Requirement, { statuses, fields }: Definition): ReactNode {
  switch (requirement.type) {
    case "status_eq":
      return <>status is {joined(requirement.value.map((id) => titled(statuses, id, "Status")))}</>;
    case "role_eq":
      return <>role is {joined(requirement.value.map((id) => <ReferenceBadge key={id} type="role" id={id} />))}</>;
    case "owner_eq":
      return <>owner is {joined(requirement.value.map(owner))}</>;
    case "field_eq":
      return joined(requirement.fields.map((entry) => `${titled(fields, entry.id, "Field")} is "${entry.value}"`), " and ");
  }
}

function inputText(input: WorkflowInput, { fields }: Definition): ReactNode {
  const need = (required: boolean) => (required ? " (required)" : "");
  if (input.type === "comment") return `a comment${need(input.required)}`;
  return joined(input.fields.map((entry) => `${titled(fields, entry.id, "Field")}${need(entry.required)}`), ", ");
}

function effectText(effect: Effect, { statuses, fields }: Definition): ReactNode {
  switch (effect.type) {
    case "status_set":
      return <>status becomes {titled(statuses, effect.value, "Status")}</>;
    case "owner_set":
      return <>owner becomes {owner(effect.value)}</>;
    case "field_set":
      return joined(
        effect.fields.map((entry) => `${titled(fields, entry.id, "Field")} ${entry.value ? `becomes "${entry.value}"` : "is cleared"}`),
        ", ",
      );
  }
}

function Line({ label, parts }: { label: string; parts: ReactNode[] }) {
  if (parts.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" c="dimmed" w={70}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
        {joined(parts, "; ")}
      </Text>
    </Group>
  );
}

/** What a workflow needs, asks and does, in a few readable lines. */
export function WorkflowSummary({ workflow, ...definition }: { workflow: Workflow } & Definition) {
  return (
    <Stack gap={2}>
      <Line label="Requires" parts={workflow.requirements.map((r) => requirementText(r, definition))} />
      <Line label="Asks for" parts={workflow.inputs.map((i) => inputText(i, definition))} />
      <Line label="Then" parts={workflow.effects.map((e) => effectText(e, definition))} />
    </Stack>
  );
}
