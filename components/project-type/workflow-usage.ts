import type { useTranslations } from "next-intl";
import type { Workflow } from "@/lib/schemas/workflow";

type Translator = ReturnType<typeof useTranslations>;

function statusIds(workflow: Workflow): number[] {
  return [
    ...workflow.requirements.flatMap((r) => (r.type === "status_eq" ? r.value : [])),
    ...workflow.effects.flatMap((e) => (e.type === "status_set" ? [e.value] : [])),
  ];
}

function fieldIds(workflow: Workflow): number[] {
  return [
    ...workflow.requirements.flatMap((r) => (r.type === "field_eq" ? r.fields.map((f) => f.id) : [])),
    ...workflow.inputs.flatMap((i) => (i.type === "field" ? i.fields.map((f) => f.id) : [])),
    ...workflow.effects.flatMap((e) => (e.type === "field_set" ? e.fields.map((f) => f.id) : [])),
  ];
}

const blocked = (users: Workflow[], t: Translator) =>
  users.length === 0
    ? undefined
    : t("projectType.row.usedByWorkflow", { count: users.length, names: users.map((w) => `"${w.title}"`).join(", ") });

/** Why a status cannot be removed while saved workflows still name it, or undefined. */
export const statusRemovalBlocked = (workflows: Workflow[], id: number, t: Translator) =>
  blocked(workflows.filter((w) => statusIds(w).includes(id)), t);

/** Why a field cannot be removed while saved workflows still name it, or undefined. */
export const fieldRemovalBlocked = (workflows: Workflow[], id: number, t: Translator) =>
  blocked(workflows.filter((w) => fieldIds(w).includes(id)), t);
