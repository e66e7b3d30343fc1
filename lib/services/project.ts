import "server-only";
import { and, eq, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { project, projectType } from "@/db/schema/project";
import type { z } from "@/lib/schemas/z";
import type { projectCreateSchema, projectListQuerySchema, projectUpdateSchema } from "@/lib/schemas/project";
import { conflict, forbidden, missingPrivilege } from "@/lib/server/errors";
import { createItem, findItem, getItem, listResponse, mustBeActive, requireReference, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity } from "@/lib/entities/customer";
import { memberEntity } from "@/lib/entities/member";
import { projectEntity, projectView, type ProjectRow } from "@/lib/entities/project";
import type { ProjectTypeRow } from "@/lib/entities/project-type";
import { notifyProjectOwner } from "./notify";
import { assignableProjectType, fitProject, lockedProjectType } from "./project-type";
import { fieldConditions } from "./project-field-query";
import { projectIsOpen } from "./project-open";
import { projectSite } from "./site";
import { visitsFollowProjectSite } from "./visit";
import { editsProject, runnableWorkflows } from "./workflow-rules";

export async function listProjects(db: Db, session: SessionContext, query: z.output<typeof projectListQuerySchema>) {
  const fields = await fieldConditions(db, session, query);
  const extra = [
    query.type ? inArray(project.typeId, query.type) : undefined,
    query.owner ? inArray(project.ownerId, query.owner) : undefined,
    query.customer ? inArray(project.customerId, query.customer) : undefined,
    query.open === undefined ? undefined : query.open ? projectIsOpen : not(projectIsOpen),
    query.needs_scheduling === undefined ? undefined : query.needs_scheduling ? await needsScheduling(db, session) : not(await needsScheduling(db, session)),
    ...fields.where,
  ];
  return listResponse(db, session, projectEntity, query, extra, fields.sort);
}

/**
 * Projects whose current status is marked `needs_scheduling` in their type, as a
 * condition on (type, status) pairs read once from the organization's types, so
 * the list reads its (organization, type, status) index.
 */
async function needsScheduling(db: Db, session: SessionContext): Promise<SQL> {
  const types = await db
    .select({ id: projectType.id, statuses: projectType.statuses })
    .from(projectType)
    .where(eq(projectType.organizationId, session.organizationId));
  const pairs = types.flatMap((type) => {
    const marked = type.statuses.filter((status) => status.needs_scheduling).map((status) => status.id);
    return marked.length > 0 ? [and(eq(project.typeId, type.id), inArray(project.status, marked))!] : [];
  });
  return pairs.length > 0 ? or(...pairs)! : sql`false`;
}

export const getProject = (db: Db, session: SessionContext, id: string) => getItem(db, session, projectEntity, id);

/** Owners are active members of the organization, whichever location shares them. */
export async function activeMember(db: Db, session: SessionContext, id: string) {
  return (await findItem(db, session, memberEntity, id, { scope: "organization" }))?.status === "active";
}

const NOT_AN_OWNER = "errors.reference.ownerInactive";

async function checkOwner(db: Db, session: SessionContext, id: string | null | undefined) {
  if (!id) return;
  await requireReference(db, session, memberEntity, id, {
    scope: "organization",
    path: "owner",
    unknown: NOT_AN_OWNER,
    refuse: mustBeActive(NOT_AN_OWNER),
  });
}

async function checkCustomer(db: Db, session: SessionContext, id: string | null | undefined) {
  if (id) await requireReference(db, session, customerEntity, id, { path: "customer", unknown: "errors.reference.customerUnknown" });
}

export async function createProject(db: Db, session: SessionContext, input: z.output<typeof projectCreateSchema>) {
  const type = await assignableProjectType(db, session, input.type);
  const first = type.statuses[0];
  if (type.statuses_by_workflow && input.status !== undefined && input.status !== first.id) {
    throw conflict("errors.project.startStatus", { type: type.name, status: first.title });
  }
  await checkOwner(db, session, input.owner);
  await checkCustomer(db, session, input.customer);
  const siteId = await projectSite(db, session, input.customer, input.site);
  const values = {
    title: input.title,
    description: input.description,
    typeId: type.id,
    status: input.status ?? first.id,
    // As stored: each value in its kind's form (an instant in UTC, options in the field's order).
    fields: fitProject(type, input.status ?? first.id, input.fields) ?? [],
    ownerId: input.owner,
    customerId: input.customer,
    siteId,
  };
  return createItem(db, session, projectEntity, values, {
    location: input.location,
    // Checked against the share-locked type, with the request's own indexes in the paths.
    async after(tx, row) {
      fitProject(await lockedProjectType(tx, session, type.id), values.status, input.fields);
      await notifyProjectOwner(tx, session, null, row);
    },
  });
}

/**
 * Owners edit their own projects; projects_manage edits any (`editsProject`). A
 * new type resets the status to its first and clears the field values, unless
 * the same request gives values for the new type. A type whose statuses change
 * only through workflows refuses any other status (409).
 */
/** Why a type refuses a direct status change, and which workflow (if any) this member can use instead. */
async function workflowOnlyStatus(tx: Db, session: SessionContext, row: ProjectRow, type: ProjectTypeRow, status: number) {
  const target = type.statuses.find((entry) => entry.id === status)?.title ?? `${status}`;
  const project = projectView(row);
  const situation = { project, type, memberId: session.memberId, roleId: session.roleId, editable: true };
  const ways = row.typeId === type.id ? runnableWorkflows(type.workflows, situation, status) : [];
  const rule = `"${type.name}" projects change status only through workflows`;
  if (ways.length === 0) return `${rule}, and none you can run now moves this one to "${target}"`;
  return `${rule}: run ${ways.map((workflow) => `"${workflow.title}"`).join(" or ")} to move it to "${target}"`;
}

export async function updateProject(
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof projectUpdateSchema>,
) {
  return updateItem(db, session, projectEntity, id, patch, {
    authorize(row, level) {
      if (level !== "edit") throw forbidden();
      if (!editsProject(session, projectView(row), level)) throw missingPrivilege("projects_manage");
    },
    async prepare(tx, row) {
      const typeId = patch.type ?? row.typeId;
      const typeChanged = typeId !== row.typeId;
      if (typeChanged) await assignableProjectType(tx, session, typeId);
      // A kept owner or customer stays valid even if it has been removed since.
      if (patch.owner !== row.ownerId) await checkOwner(tx, session, patch.owner);
      if (patch.customer !== row.customerId) await checkCustomer(tx, session, patch.customer);
      const customerId = patch.customer === undefined ? row.customerId : patch.customer;
      const customerChanged = customerId !== row.customerId;
      // A kept site stays too, even if removed since; a new customer brings its first site unless one is given.
      const site =
        patch.site === undefined ? (customerChanged ? await projectSite(tx, session, customerId, undefined) : undefined)
        : patch.site === row.siteId && !customerChanged ? undefined
        : await projectSite(tx, session, customerId, patch.site);
      const type = await lockedProjectType(tx, session, typeId);
      const status = patch.status ?? (typeChanged ? type.statuses[0].id : undefined);
      const kept = typeChanged ? type.statuses[0].id : row.status;
      if (type.statusesByWorkflow && status !== undefined && status !== kept) {
        throw conflict(await workflowOnlyStatus(tx, session, row, type, status));
      }
      const fields = fitProject(type, status, patch.fields ?? (typeChanged ? [] : undefined));
      return { patch: { status, fields, site } };
    },
    after: async (tx, before, after) => {
      await visitsFollowProjectSite(tx, session, before, after);
      await notifyProjectOwner(tx, session, before, after);
    },
  });
}
