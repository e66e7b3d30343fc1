"use client";
import { useTranslations } from "next-intl";
import { Badge, Button, Group, Input, Paper, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { useClosingValue } from "@/components/dialog/presence";
import type { FieldRenderProps } from "@/components/form/form-config";
import { firstErrorBelow } from "@/lib/client/field-errors";
import { lazyComponent } from "@/lib/client/lazy-component";
import { nextItemId } from "@/lib/schemas/item-ids";
import type { Workflow } from "@/lib/schemas/workflow";
import { listOf, moveBy, removeAt, replaceAt } from "../list-edit";
import type { ProjectTypeItem } from "../project-type-item";
import { RowActions } from "../row-actions";
import { WorkflowSummary } from "./workflow-summary";
import { blankWorkflow } from "./workflow-kinds";

// Fetched when a workflow is first edited: it checks the draft with the workflow schema.
const WorkflowDialog = lazyComponent(() => import("./workflow-dialog").then((module) => module.WorkflowDialog));

type Editing = { index: number; workflow: Workflow };

/** The type's workflows as cards; each is edited in a dialog, and the form's Save sends the list. */
export function WorkflowListField({ value, onChange, error, errors = {} }: FieldRenderProps) {
  const t = useTranslations();
  const { statuses, fields } = useDetail<ProjectTypeItem>().item;
  const workflows = listOf<Workflow>(value);
  const [editing, setEditing] = useState<Editing | null>(null);
  const dialog = useClosingValue(editing);
  const rowError = (index: number) => firstErrorBelow(errors, String(index));

  function apply(workflow: Workflow) {
    if (!editing) return;
    const isNew = editing.index === workflows.length;
    onChange(isNew ? [...workflows, workflow] : replaceAt(workflows, editing.index, workflow));
    setEditing(null);
  }

  return (
    <Input.Wrapper label={t("workflow.list.label")} description={t("workflow.list.hint")} error={Object.keys(errors).length === 0 ? error : undefined}>
      <Stack gap="xs" mt={6}>
        {workflows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("workflow.list.empty")}
          </Text>
        )}
        {workflows.map((workflow, index) => (
          <Paper key={workflow.id} withBorder p="sm" role="group" aria-label={t("workflow.list.row", { title: workflow.title })} data-testid="workflow-row">
            <Stack gap={6}>
              {/* The actions drop below the title when both do not fit on one line. */}
              <Group justify="space-between" align="flex-start" gap="xs">
                <Group gap={6} wrap="nowrap" align="flex-start" style={{ flex: "1 1 12rem", minWidth: 0 }}>
                  <Badge variant="light" color="gray" tt="none" mt={3}>
                    #{workflow.id}
                  </Badge>
                  <Text fw={600} style={{ overflowWrap: "break-word", minWidth: 0 }}>
                    {workflow.title}
                  </Text>
                </Group>
                <Group gap={2} wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPencil size={14} />}
                    aria-label={t("workflow.list.edit", { title: workflow.title })}
                    onClick={() => setEditing({ index, workflow })}
                  >
                    {t("common.edit")}
                  </Button>
                  <RowActions
                    name={workflow.title}
                    index={index}
                    count={workflows.length}
                    onMove={(delta) => onChange(moveBy(workflows, index, delta))}
                    onRemove={() => onChange(removeAt(workflows, index))}
                  />
                </Group>
              </Group>
              {workflow.description && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                  {workflow.description}
                </Text>
              )}
              <WorkflowSummary workflow={workflow} statuses={statuses} fields={fields} />
              {rowError(index) && (
                <Text size="xs" c="red" role="alert">
                  {rowError(index)}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ index: workflows.length, workflow: blankWorkflow(nextItemId(workflows)) })}
          >
            {t("workflow.list.add")}
          </Button>
        </Group>
      </Stack>
      {dialog.shown && (
        <WorkflowDialog
          key={dialog.opening}
          opened={dialog.opened}
          workflow={dialog.shown.workflow}
          isNew={dialog.shown.index === workflows.length}
          statuses={statuses}
          fields={fields}
          onApply={apply}
          onClose={() => setEditing(null)}
        />
      )}
    </Input.Wrapper>
  );
}
