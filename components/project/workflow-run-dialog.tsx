"use client";
import { useTranslations } from "next-intl";
import { Button, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { FieldValueInput } from "@/components/project-field/lazy-field-value-input";
import { isEmptyValue, sameFieldValue } from "@/lib/schemas/field-kinds";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { useClosingValue } from "@/components/dialog/presence";
import { useChangeForm } from "@/components/form/use-change-form";
import { ApiRequestError } from "@/lib/client/api";
import { firstPerPath, issueTexts, type FieldErrors } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { checkWorkflowRun, workflowAsks, type Workflow, type WorkflowRun } from "@/lib/schemas/workflow";
import { postWorkflowRun } from "./post-workflow-run";
import type { ProjectItem } from "./project-item";
import { useProjectType } from "./project-type-data";
import { DialogActions } from "@/components/dialog/dialog-actions";

type Props = {
  project: ProjectItem;
  workflow: Workflow | null;
  onClose: () => void;
  /** Called with the saved project before the dialog closes, when the run succeeded. */
  onDone?: (saved: ProjectItem) => void;
};

/** Asks for a workflow's inputs and runs it; the server checks its requirements again (409 when one no longer holds). */
export function WorkflowRunDialog({ project, workflow, onClose, onDone }: Props) {
  const { shown, opened } = useClosingValue(workflow);
  return (
    <Dialog opened={opened} onClose={onClose} title={shown?.title} centered>
      {shown && <RunForm key={shown.id} project={project} workflow={shown} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

type SentValue = { id: number; value: unknown };

/** Errors by input: `field.{id}` and `comment`; the request's `fields.{index}` is turned into the field it names. */
function errorsOf(byPath: FieldErrors, sent: SentValue[], required: number[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(byPath)) {
    const [head, index] = path.split(".");
    if (head === "comment") errors.comment ??= message;
    else if (head === "fields" && index !== undefined && sent[Number(index)]) errors[`field.${sent[Number(index)].id}`] ??= message;
    else if (head === "fields") for (const id of required) if (!sent.some((entry) => entry.id === id && !isEmptyValue(entry.value))) errors[`field.${id}`] ??= translate("common.required");
  }
  return errors;
}

/** The project's current values of the fields a workflow asks for, by input. */
function currentValues(project: ProjectItem, asked: { id: number }[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { id } of asked) {
    const value = project.fields.find((entry) => entry.id === id)?.value;
    if (value) values[`field.${id}`] = value;
  }
  return values;
}

function RunForm({ project, workflow, onClose, onDone }: Omit<Props, "workflow"> & { workflow: Workflow }) {
  const t = useTranslations();
  const { data: type } = useProjectType(project.type);
  const { fields: asked, required, comment: commentInput } = workflowAsks(workflow);
  // Values and errors by input: `field.{id}` and `comment`; typing into an input answers its error.
  // A field the project already has a value for starts from it, so the member confirms rather than types it again.
  const [current] = useState(() => currentValues(project, asked));
  const form = useChangeForm<Record<string, unknown>>({ comment: "", ...current });
  const { values, errors } = form;
  const definitionOf = (id: number) => type?.fields.find((field) => field.id === id);
  // What an input holds, trimmed; null when it holds no value.
  const valueOf = (id: number) => {
    const value = values[`field.${id}`];
    const trimmed = typeof value === "string" ? value.trim() : value;
    return isEmptyValue(trimmed) ? null : trimmed;
  };
  const comment = typeof values.comment === "string" ? values.comment : "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Sent: required fields, and what the member changed (emptied: cleared). An optional field left as it was is
    // not sent, so a field_set effect on it still applies.
    const unchanged = (id: number) => sameFieldValue(definitionOf(id) ?? { title: "" }, valueOf(id), current[`field.${id}`]);
    const fields: SentValue[] = asked
      .filter((entry) => (valueOf(entry.id) !== null ? entry.required || !unchanged(entry.id) : !unchanged(entry.id)))
      .map((entry) => ({ id: entry.id, value: valueOf(entry.id) }));
    const body = { ...(asked.length ? { fields } : {}), ...(commentInput ? { comment: comment.trim() || null } : {}) } as WorkflowRun;
    const issues = issueTexts(checkWorkflowRun(type?.fields, workflow, body).issues);
    form.setErrors(errorsOf(firstPerPath(issues), fields, required));
    if (issues.length > 0) return toast("warning", t("workflow.dialog.invalidInput"), issues.map((issue) => issue.message).join(", "));
    await form.submit(
      async () => {
        const saved = await postWorkflowRun(project, workflow, body);
        onDone?.(saved);
        onClose();
      },
      (byPath, error) => {
        if (error instanceof ApiRequestError && error.status === 400) return errorsOf(byPath, fields, required);
        // Whatever changed meanwhile (the 409 case) is shown as it is now.
        void invalidate(`/project/${project.id}`);
        onClose();
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {workflow.description && (
          <Text size="sm" c="dimmed">
            {workflow.description}
          </Text>
        )}
        {asked.map((entry) => {
          const definition = definitionOf(entry.id);
          const shared = {
            label: definition?.title ?? t("workflow.fieldRows.unnamed", { id: entry.id }),
            description: definition?.description || undefined,
            required: entry.required,
            error: errors[`field.${entry.id}`],
          };
          const value = values[`field.${entry.id}`];
          if (!definition) return <TextInput key={entry.id} {...shared} value={typeof value === "string" ? value : ""} onChange={(e) => form.set(`field.${entry.id}`, e.currentTarget.value)} />;
          return <FieldValueInput key={entry.id} {...shared} field={definition} value={value ?? null} onChange={(next) => form.set(`field.${entry.id}`, next)} />;
        })}
        {commentInput && (
          <Textarea
            label={t("project.history.comment")}
            required={commentInput.required}
            autosize
            minRows={3}
            value={comment}
            onChange={(e) => form.set("comment", e.currentTarget.value)}
            error={errors.comment}
            data-autofocus
          />
        )}
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={form.busy}>
            {workflow.title}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
