"use client";
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { mutate } from "swr";
import { api, ApiRequestError } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast, toast } from "@/lib/client/toast";
import type { FieldValue, Issue } from "@/lib/schemas/project-fields";
import { checkWorkflowRun, workflowAsks, type Workflow, type WorkflowRun } from "@/lib/schemas/workflow";
import type { ProjectItem } from "./project-item";
import { useProjectType } from "./project-type-data";

type Props = {
  project: ProjectItem;
  workflow: Workflow | null;
  onClose: () => void;
  /** Called with the saved project before the dialog closes, when the run succeeded. */
  onDone?: (saved: ProjectItem) => void;
};

/** Asks for a workflow's inputs and runs it; the server checks its requirements again (409 when one no longer holds). */
export function WorkflowRunDialog({ project, workflow, onClose, onDone }: Props) {
  return (
    <Modal opened={workflow !== null} onClose={onClose} title={workflow?.title} centered>
      {workflow && <RunForm key={workflow.id} project={project} workflow={workflow} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

/** Runs a workflow and tells the screens showing the project; the success toast names the workflow. */
export async function postWorkflowRun(project: Pick<ProjectItem, "id">, workflow: Workflow, body: WorkflowRun = {}) {
  const saved = await api.post<ProjectItem>(`/project/${project.id}/workflow/${workflow.id}`, body);
  await mutate(`/project/${project.id}`, saved, { revalidate: false });
  void invalidate("/project", "/history");
  toast("success", `Project "${saved.title}" has been updated`, workflow.title);
  return saved;
}

/** Errors by input: `field.{id}` and `comment`; the request's `fields.{index}` is turned into the field it names. */
function errorsOf(issues: Issue[], sent: FieldValue[], required: number[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path, message } of issues) {
    const [head, index] = path.split(".");
    if (head === "comment") errors.comment ??= message;
    else if (head === "fields" && index !== undefined && sent[Number(index)]) errors[`field.${sent[Number(index)].id}`] ??= message;
    else if (head === "fields") for (const id of required) if (!sent.some((entry) => entry.id === id)) errors[`field.${id}`] ??= "Required";
  }
  return errors;
}

function RunForm({ project, workflow, onClose, onDone }: Omit<Props, "workflow"> & { workflow: Workflow }) {
  const { data: type } = useProjectType(project.type);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { fields: asked, required, comment: commentInput } = workflowAsks(workflow);
  const definitionOf = (id: number) => type?.fields.find((field) => field.id === id);
  // Typing into an input answers its error.
  const clearError = (key: string) => setErrors(({ [key]: _answered, ...rest }) => rest);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fields = asked.filter((entry) => texts[entry.id]?.trim()).map((entry) => ({ id: entry.id, value: texts[entry.id].trim() }));
    const body = { ...(asked.length ? { fields } : {}), ...(commentInput ? { comment: comment.trim() || null } : {}) };
    const { issues } = checkWorkflowRun(type?.fields, workflow, body);
    setErrors(errorsOf(issues, fields, required));
    if (issues.length > 0) return toast("warning", "Invalid input", issues.map((issue) => issue.message).join(", "));
    setBusy(true);
    try {
      const saved = await postWorkflowRun(project, workflow, body);
      onDone?.(saved);
      onClose();
    } catch (error) {
      errorToast(error);
      if (error instanceof ApiRequestError && error.status === 400) setErrors(errorsOf(error.body.errors ?? [], fields, required));
      else {
        // Whatever changed meanwhile (the 409 case) is shown as it is now.
        void invalidate(`/project/${project.id}`);
        onClose();
      }
    } finally {
      setBusy(false);
    }
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
          return (
            <TextInput
              key={entry.id}
              label={definition?.title ?? `Field ${entry.id}`}
              description={definition?.description || undefined}
              required={entry.required}
              value={texts[entry.id] ?? ""}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setTexts((now) => ({ ...now, [entry.id]: text }));
                clearError(`field.${entry.id}`);
              }}
              error={errors[`field.${entry.id}`]}
            />
          );
        })}
        {commentInput && (
          <Textarea
            label="Comment"
            required={commentInput.required}
            autosize
            minRows={3}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              clearError("comment");
            }}
            error={errors.comment}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {workflow.title}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
