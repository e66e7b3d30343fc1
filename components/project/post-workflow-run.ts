import { mutate } from "swr";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { Workflow, WorkflowRun } from "@/lib/schemas/workflow";
import type { ProjectItem } from "./project-item";

/** Runs a workflow and tells the screens showing the project; the success toast names the workflow. */
export async function postWorkflowRun(project: Pick<ProjectItem, "id">, workflow: Workflow, body: WorkflowRun = {}) {
  const saved = await api.post<ProjectItem>(`/project/${project.id}/workflow/${workflow.id}`, body);
  await mutate(`/project/${project.id}`, saved, { revalidate: false });
  void invalidate("/project", "/history");
  toast("success", translate("project.toast.updated", { title: saved.title }), workflow.title);
  return saved;
}
