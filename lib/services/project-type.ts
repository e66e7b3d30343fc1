import "server-only";
import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { project, projectType } from "@/db/schema/project";
import type { z } from "@/lib/schemas/z";
import { kindOf } from "@/lib/schemas/field-kinds";
import { checkFieldValues, type FieldValue, type Issue } from "@/lib/schemas/project-fields";
import type { projectTypeCreateSchema, projectTypeUpdateSchema } from "@/lib/schemas/project-type";
import { workflowIssues, type Workflow } from "@/lib/schemas/workflow";
import { member, role } from "@/db/schema/member";
import { badRequest, conflict, notFound, type Phrase } from "@/lib/server/errors";
import { createItem, getItem, listResponse, mustBeActive, requireReference, updateItem, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { projectTypeEntity, type ProjectTypeRow } from "@/lib/entities/project-type";

type Definition = Pick<ProjectTypeRow, "statuses" | "fields" | "workflows">;

const FIRST_STATUS = { id: 1, title: "Open", description: "", needs_scheduling: false };

export const listProjectTypes = (db: Db, session: SessionContext, query: ListQuery) =>
  listResponse(db, session, projectTypeEntity, query);

export const getProjectType = (db: Db, session: SessionContext, id: string) => getItem(db, session, projectTypeEntity, id);

export function createProjectType(db: Db, session: SessionContext, input: z.output<typeof projectTypeCreateSchema>) {
  const { statuses_by_workflow: statusesByWorkflow, ...rest } = input;
  return createItem(db, session, projectTypeEntity, { ...rest, statusesByWorkflow, statuses: [FIRST_STATUS], fields: [], workflows: [] });
}

export function updateProjectType(db: Db, session: SessionContext, id: string, patch: z.output<typeof projectTypeUpdateSchema>) {
  return updateItem(db, session, projectTypeEntity, id, patch, {
    async check(tx, row, changes) {
      if (!changes.statuses && !changes.fields && !changes.workflows) return;
      const next: Definition = {
        statuses: patch.statuses ?? row.statuses,
        fields: patch.fields ?? row.fields,
        workflows: patch.workflows ?? row.workflows,
      };
      const issues = workflowIssues(next);
      if (changes.workflows) issues.push(...(await foreignReferences(tx, row.organizationId, next.workflows)));
      if (issues.length > 0) throw badRequest(issues);
      await refuseRemovingUsed(tx, row, next);
    },
  });
}

/**
 * Roles and members a workflow names (role_eq, owner_eq, owner_set) must be the
 * organization's own: an id from elsewhere would let a stranger's role run it.
 */
async function foreignReferences(tx: Db, organizationId: string, workflows: Workflow[]): Promise<Issue[]> {
  const roles: { id: string; path: string; title: string }[] = [];
  const members: { id: string; path: string; title: string }[] = [];
  workflows.forEach((workflow, w) => {
    const at = (...parts: (string | number)[]) => ["workflows", w, ...parts].join(".");
    const member = (id: string | null, path: string) => {
      if (id && id !== "self") members.push({ id, path, title: workflow.title });
    };
    workflow.requirements.forEach((requirement, r) => {
      if (requirement.type === "role_eq") {
        requirement.value.forEach((id, k) => roles.push({ id, path: at("requirements", r, "value", k), title: workflow.title }));
      }
      if (requirement.type === "owner_eq") requirement.value.forEach((id, k) => member(id, at("requirements", r, "value", k)));
    });
    workflow.effects.forEach((effect, e) => {
      if (effect.type === "owner_set") member(effect.value, at("effects", e, "value"));
    });
  });
  const known = async (table: typeof role | typeof member, ids: string[]) => {
    if (ids.length === 0) return new Set<string>();
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, [...new Set(ids)])));
    return new Set(rows.map((found) => found.id));
  };
  const knownRoles = await known(role, roles.map((entry) => entry.id));
  const knownMembers = await known(member, members.map((entry) => entry.id));
  return [
    ...roles.filter((entry) => !knownRoles.has(entry.id)).map(({ path, title }) => ({
      path,
      message: "errors.workflow.unknownRole",
      values: { title },
    })),
    ...members.filter((entry) => !knownMembers.has(entry.id)).map(({ path, title }) => ({
      path,
      message: "errors.workflow.unknownMember",
      values: { title },
    })),
  ];
}

/** Statuses, fields and options that projects still use cannot disappear from under them, nor a field change kind. */
async function refuseRemovingUsed(tx: Db, row: ProjectTypeRow, next: Definition) {
  const ofType = and(eq(project.organizationId, row.organizationId), eq(project.typeId, row.id));
  const problems: Phrase[] = [];
  const goneStatuses = row.statuses.filter((status) => !next.statuses.some((kept) => kept.id === status.id));
  if (goneStatuses.length > 0) {
    const used = await tx
      .select({ status: project.status, n: count() })
      .from(project)
      .where(and(ofType, inArray(project.status, goneStatuses.map((status) => status.id))))
      .groupBy(project.status);
    for (const { status, n } of used) {
      const title = goneStatuses.find((gone) => gone.id === status)?.title;
      problems.push({ key: "errors.projectType.statusInUse", values: { title: title ?? String(status), count: n } });
    }
  }
  const holding = async (values: object[]) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(project)
      .where(and(ofType, or(...values.map((value) => sql`${project.fields} @> ${JSON.stringify([value])}::jsonb`))));
    return n;
  };
  for (const field of row.fields) {
    const kept = next.fields.find((entry) => entry.id === field.id);
    if (!kept) {
      const n = await holding([{ id: field.id }]);
      if (n > 0) problems.push({ key: "errors.projectType.fieldInUse", values: { title: field.title, count: n } });
    } else if (kindOf(kept) !== kindOf(field)) {
      // Values of one kind are not values of another: a number is not a date.
      const n = await holding([{ id: field.id }]);
      if (n > 0) problems.push({ key: "errors.projectType.kindInUse", values: { title: field.title, count: n } });
    } else if (field.options?.length) {
      const gone = field.options.filter((option) => !kept.options?.some((entry) => entry.id === option.id));
      for (const option of gone) {
        const value = kindOf(field) === "multiple_choice" ? [option.id] : option.id;
        const n = await holding([{ id: field.id, value }]);
        if (n > 0) problems.push({ key: "errors.projectType.optionInUse", values: { option: option.label, title: field.title, count: n } });
      }
    }
  }
  if (problems.length > 0) throw conflict("errors.projectType.moveFirst", { problems });
}

/**
 * A type a project may be given: one the session can see and that is active.
 * Refusals are input errors on `path`, not a 404 of the project itself.
 */
export async function assignableProjectType(db: Db, session: SessionContext, id: string, path = "type") {
  return requireReference(db, session, projectTypeEntity, id, {
    path,
    unknown: "errors.reference.projectTypeUnknown",
    refuse: mustBeActive("errors.reference.projectTypeRemoved"),
  });
}

/**
 * The type's definition inside a project write, share-locked so a concurrent edit
 * of the type cannot remove a status or field this write is about to use.
 */
export async function lockedProjectType(tx: Db, session: SessionContext, id: string) {
  const [row] = await tx
    .select()
    .from(projectType)
    .where(and(eq(projectType.id, id), eq(projectType.organizationId, session.organizationId)))
    .for("share");
  if (!row) throw notFound("Project type");
  return row;
}

/** A status and (when given) the full list of field values a project of this type may hold. */
export function fitProject(
  type: Definition & { name: string },
  status: number | undefined,
  fields: { id: number; value: unknown }[] | undefined,
): FieldValue[] | undefined {
  const issues: Issue[] = [];
  if (status !== undefined && !type.statuses.some((entry) => entry.id === status)) {
    issues.push({ path: "status", message: "errors.project.unknownStatus", values: { status, type: type.name } });
  }
  const checked = fields && checkFieldValues(type.fields, fields, { required: type.fields.filter((f) => f.required).map((f) => f.id) });
  issues.push(...(checked?.issues ?? []));
  if (issues.length > 0) throw badRequest(issues);
  return checked?.values;
}
