"use client";
import { useTranslations } from "next-intl";
import { useApi } from "@/lib/client/use-api";
import type { availableWorkflows } from "@/lib/services/workflow";
import type { ProjectItem } from "./project-item";

/** GET /project/{id}/workflow: the workflows this member may run now, and whether they may edit the project. */
export type WorkflowOffer = Awaited<ReturnType<typeof availableWorkflows>>;

export const workflowsPath = (projectId: string) => `/project/${projectId}/workflow`;

export function useProjectWorkflows(projectId: string) {
  return useApi<WorkflowOffer>(workflowsPath(projectId));
}

/**
 * The server's word on the Details form: editable or not, and for a member who
 * may only look, which workflows they may still run. Undefined while loading.
 */
export function useProjectAccess(project: ProjectItem) {
  const t = useTranslations();
  const { data } = useProjectWorkflows(project.id);
  if (!data) return undefined;
  if (data.editable) return { editable: true };
  const titles = data.items.map((workflow) => workflow.title);
  return {
    editable: false,
    note: titles.length > 0 ? t("project.access.viewAndRun", { workflows: titles.join(", ") }) : undefined,
  };
}
