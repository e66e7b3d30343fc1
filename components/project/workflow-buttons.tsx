"use client";
import { useTranslations } from "next-intl";
import { Button, Group, Tooltip, type GroupProps } from "@mantine/core";
import { useState } from "react";
import type { Workflow } from "@/lib/schemas/workflow";
import type { ProjectItem } from "./project-item";
import { useProjectWorkflows } from "./use-project-workflows";
import { lazyDialog } from "@/components/dialog/lazy-dialog";

// Fetched when a workflow is first run here: it checks the inputs with the workflow schema.
const WorkflowRunDialog = lazyDialog(
  () => import("./workflow-run-dialog").then((module) => module.WorkflowRunDialog),
  (props) => props.workflow !== null,
);

/** One button per workflow the server says this member may run on the project now. */
export function WorkflowButtons({ project, ...props }: { project: ProjectItem } & GroupProps) {
  const t = useTranslations();
  const { data } = useProjectWorkflows(project.id);
  const [running, setRunning] = useState<Workflow | null>(null);
  const workflows = data?.items ?? [];
  if (workflows.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t("workflow.list.label")} {...props}>
      {workflows.map((workflow) => (
        <Tooltip key={workflow.id} label={workflow.description} disabled={!workflow.description} multiline maw={360}>
          <Button size="xs" variant="light" onClick={() => setRunning(workflow)}>
            {workflow.title}
          </Button>
        </Tooltip>
      ))}
      <WorkflowRunDialog project={project} workflow={running} onClose={() => setRunning(null)} />
    </Group>
  );
}
