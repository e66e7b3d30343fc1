"use client";
import { useTranslations } from "next-intl";
import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import type { ProjectItem } from "@/components/project/project-item";
import { postWorkflowRun } from "@/components/project/post-workflow-run";
import { WorkflowRunDialog } from "@/components/project/workflow-run-dialog";
import { useSubmit } from "@/lib/client/use-submit";
import type { Workflow } from "@/lib/schemas/workflow";

/** A drop that needs the member: the workflows that lead to the column, one of which asks for inputs or several of which do. */
export type DropQuestion = {
  project: ProjectItem;
  /** The column's status title. */
  target: string;
  workflows: Workflow[];
  /** The saved project after a run, or null when the member gave up (the card goes back). */
  answer: (saved: ProjectItem | null) => void;
};

/**
 * Several workflows lead to the column: a chooser. The chosen one (or the only
 * one) opens the same input dialog as the project screen, or runs at once when
 * it asks for nothing.
 */
export function BoardDropDialog({ question, opened }: { question: DropQuestion; opened: boolean }) {
  const t = useTranslations();
  const { project, target, workflows, answer } = question;
  const [chosen, setChosen] = useState<Workflow | null>(workflows.length === 1 ? workflows[0] : null);
  const { busy, submit } = useSubmit();

  async function choose(workflow: Workflow) {
    if (workflow.inputs.length > 0) return setChosen(workflow);
    await submit(
      async () => answer(await postWorkflowRun(project, workflow)),
      () => answer(null),
    );
  }

  return (
    <>
      <Dialog opened={opened && chosen === null} onClose={() => answer(null)} title={t("board.drop.title", { status: target })} centered>
        <Stack gap="sm">
          <Text size="sm">
            {t("board.drop.text", { title: project.title, status: target })}
          </Text>
          <Stack gap="xs" role="group" aria-label={t("workflow.list.label")}>
            {workflows.map((workflow) => (
              <Button key={workflow.id} variant="light" justify="flex-start" disabled={busy} onClick={() => void choose(workflow)}>
                {workflow.title}
              </Button>
            ))}
          </Stack>
          <Button variant="default" onClick={() => answer(null)}>
            {t("common.cancel")}
          </Button>
        </Stack>
      </Dialog>
      <WorkflowRunDialog project={project} workflow={opened ? chosen : null} onDone={answer} onClose={() => answer(null)} />
    </>
  );
}
