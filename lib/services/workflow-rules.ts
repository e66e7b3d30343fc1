import "server-only";
import { fieldValueText, isEmptyValue, sameFieldValue } from "@/lib/schemas/field-kinds";
import type { FieldValue } from "@/lib/schemas/project-fields";
import type { SharingLevel } from "@/lib/schemas/sharing";
import type { Requirement, Workflow } from "@/lib/schemas/workflow";
import { leadsTo } from "@/lib/schemas/workflow-status";
import type { Phrase } from "@/lib/server/errors";
import { hasPrivilege } from "@/lib/server/privileges";
import type { SessionContext } from "@/lib/server/session";
import type { ProjectTypeRow } from "@/lib/entities/project-type";

/** What the rules read of a project. */
export type ProjectFacts = { status: number; owner: string | null; fields: FieldValue[] };

/** Who runs the workflow on which project, as the requirements see it. */
export type Situation = {
  project: ProjectFacts;
  type: Pick<ProjectTypeRow, "statuses" | "fields">;
  memberId: string;
  roleId: string;
  /** The member may edit the project itself (see `editsProject`). */
  editable: boolean;
};

/**
 * Owners edit their own projects and projects_manage edits any, both only where
 * sharing gives the session edit (organization level always does, ARCHITECTURE.md §4).
 */
export function editsProject(session: SessionContext, project: { owner: string | null }, level: SharingLevel): boolean {
  return level === "edit" && (project.owner === session.memberId || hasPrivilege(session, "projects_manage"));
}

const valueOf = (fields: FieldValue[], id: number) => fields.find((entry) => entry.id === id)?.value;

function holds(requirement: Requirement, { project, type, memberId, roleId }: Situation): boolean {
  switch (requirement.type) {
    case "status_eq":
      return requirement.value.includes(project.status);
    case "role_eq":
      return requirement.value.includes(roleId);
    case "owner_eq":
      return requirement.value.some((owner) => (owner === "self" ? memberId : owner) === project.owner);
    case "field_eq":
      return requirement.fields.every((entry) => {
        const definition = type.fields.find((field) => field.id === entry.id) ?? { title: "" };
        return sameFieldValue(definition, valueOf(project.fields, entry.id), entry.value);
      });
  }
}

/** Why a requirement does not hold, in words for the 409 details. */
function explain(requirement: Requirement, { type }: Situation): Phrase[] {
  const fieldTitle = (id: number) => type.fields.find((field) => field.id === id)?.title ?? `#${id}`;
  switch (requirement.type) {
    case "status_eq": {
      const titles = requirement.value.map((id) => type.statuses.find((status) => status.id === id)?.title ?? `${id}`);
      return [{ key: "errors.workflow.statusMust", values: { statuses: { or: titles } } }];
    }
    case "role_eq":
      return [{ key: "errors.workflow.roleNotAllowed" }];
    case "owner_eq":
      return [{ key: "errors.workflow.ownerNotAllowed" }];
    case "field_eq":
      return requirement.fields.map((entry): Phrase =>
        isEmptyValue(entry.value)
          ? { key: "errors.workflow.fieldEmpty", values: { field: fieldTitle(entry.id) } }
          : { key: "errors.workflow.fieldMust", values: { field: fieldTitle(entry.id), value: fieldValueText(entry.value) } },
      );
  }
}

/**
 * A workflow names a member when one of its requirements asks for their role
 * (role_eq), or asks for the owner and they are that owner (owner_eq with "self"
 * or their id, on a project they own). Being named lets a member run it without
 * rights to edit the project: a technician completing their own job. Naming
 * someone else as the owner names nobody but that owner.
 */
function namesMember(workflow: Workflow, { memberId, roleId, project }: Situation): boolean {
  return workflow.requirements.some(
    (requirement) =>
      (requirement.type === "role_eq" && requirement.value.includes(roleId)) ||
      (requirement.type === "owner_eq" &&
        project.owner === memberId &&
        requirement.value.some((owner) => owner === "self" || owner === memberId)),
  );
}

/**
 * The one rule (ARCHITECTURE.md §4, Workflows): `forbidden` when the member may
 * neither edit the project nor is named by the workflow; `unmet` when they may
 * but a requirement does not hold now, with the reasons; `ready` otherwise.
 */
export function runnable(workflow: Workflow, situation: Situation): { state: "forbidden" | "ready" } | { state: "unmet"; reasons: Phrase[] } {
  if (!situation.editable && !namesMember(workflow, situation)) return { state: "forbidden" };
  const failing = workflow.requirements.filter((requirement) => !holds(requirement, situation));
  if (failing.length === 0) return { state: "ready" };
  return { state: "unmet", reasons: failing.flatMap((requirement) => explain(requirement, situation)) };
}

/** The workflows a member may run now, optionally only those that move the project to `status`. */
export function runnableWorkflows(workflows: Workflow[], situation: Situation, status?: number): Workflow[] {
  return workflows.filter(
    (workflow) => (status === undefined || leadsTo(workflow) === status) && runnable(workflow, situation).state === "ready",
  );
}
