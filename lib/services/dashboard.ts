import "server-only";
import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { mailbox } from "@/db/schema/mailbox";
import { member } from "@/db/schema/member";
import { location } from "@/db/schema/organization";
import { project, projectType } from "@/db/schema/project";
import { listedRows, reachParts, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity, conversationsReadBy } from "@/lib/entities/conversation";
import { customerEntity } from "@/lib/entities/customer";
import { projectEntity } from "@/lib/entities/project";
import { invoiceDashboard } from "./invoice-figures";
import { configuredProviders } from "./messaging/mailbox/providers";
import { closingStatus } from "./project-open";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What needs attention at the session's location, each figure counted over
 * exactly the rows its list shows with the same filters (the lists' default
 * sharing), so a figure and the list it links to agree.
 */
export async function dashboard(db: Db, session: SessionContext, createdSince = new Date(Date.now() - WEEK_MS)) {
  const [byStatus, mineByStatus, [unread], [newCustomers], [newProjects], setup] = await Promise.all([
    projectCounts(db, session),
    projectCounts(db, session, eq(project.ownerId, session.memberId)),
    db
      .select({ count: sql<number>`count(*)::int` })
      // Unread as the caller has it.
      .from(conversationsReadBy(session))
      .where(listedRows(session, conversationEntity, { status: ["active", "closed"] }, [gt(conversation.unread, 0)])),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(customer)
      .where(listedRows(session, customerEntity, { status: ["active"], created_since: createdSince })),
    db.select({ count: sql<number>`count(*)::int` }).from(project).where(listedRows(session, projectEntity, { created_since: createdSince })),
    firstSteps(db, session.organizationId),
  ]);
  const [invoices, types] = await Promise.all([invoiceDashboard(db, session), typesOf(db, session, [...byStatus, ...mineByStatus])]);
  return {
    created_since: createdSince,
    open_projects: openByType(types, byStatus),
    my_open_projects: openCount(types, mineByStatus),
    unread_conversations: unread.count,
    new_customers: newCustomers.count,
    new_projects: newProjects.count,
    first_steps: setup,
    invoices,
  };
}

type StatusCount = { type: string; status: number; count: number };

/**
 * The projects the session's lists show (and `where` keeps), counted by type and status;
 * which statuses are open is told apart afterwards, per group, not per project. A location
 * member's are counted in the parts of the rows the location reads them from
 * (scoped.ts `reachParts`), each one range of `project_org_reach_type_status_idx`, in one
 * statement: the sharing test on each of the organization's projects would cost far more.
 */
async function projectCounts(db: Db, session: SessionContext, where?: SQL): Promise<StatusCount[]> {
  const counted = (condition: SQL | undefined) =>
    db
      .select({ type: project.typeId, status: project.status, count: sql<number>`count(*)::int` })
      .from(project)
      .where(and(condition, where))
      .groupBy(project.typeId, project.status);
  const parts = where ? undefined : reachParts(projectEntity as ScopedEntity<never, unknown>, session);
  if (!parts) return counted(listedRows(session, projectEntity, {}));
  const [first, second, ...others] = parts.map((part) => counted(and(eq(project.organizationId, session.organizationId), part)));
  const rows = await unionAll(first, second, ...others);
  const sums = new Map<string, StatusCount>();
  for (const row of rows) {
    const key = `${row.type}:${row.status}`;
    const sum = sums.get(key);
    if (sum) sum.count += row.count;
    else sums.set(key, { ...row });
  }
  return [...sums.values()];
}

/** The types of these counts, in the order of their names. */
async function typesOf(db: Db, session: SessionContext, counts: StatusCount[]) {
  const typeIds = [...new Set(counts.map((entry) => entry.type))];
  if (typeIds.length === 0) return [];
  return db
    .select({ id: projectType.id, name: projectType.name, color: projectType.color, icon: projectType.icon, statuses: projectType.statuses })
    .from(projectType)
    .where(and(eq(projectType.organizationId, session.organizationId), inArray(projectType.id, typeIds)))
    .orderBy(sql`lower(${projectType.name})`);
}

/** How many of these counts are of open projects (a status its type's statuses no longer name included, as `projectIsOpen` has it). */
function openCount(types: Awaited<ReturnType<typeof typesOf>>, counts: StatusCount[]) {
  const closing = new Map(types.map((type) => [type.id, closingStatus(type.statuses)]));
  return counts.reduce((sum, entry) => (entry.status === closing.get(entry.type) ? sum : sum + entry.count), 0);
}

/** The open projects' counts by type, in the order of the types' names and statuses, with the titles to show. */
function openByType(types: Awaited<ReturnType<typeof typesOf>>, counts: StatusCount[]) {
  return types
    .map((type) => {
      const closing = closingStatus(type.statuses);
      return {
        type: type.id,
        name: type.name,
        color: type.color,
        icon: type.icon,
        statuses: type.statuses
          .filter((status) => status.id !== closing)
          .map((status) => ({
            id: status.id,
            title: status.title,
            count: counts.find((entry) => entry.type === type.id && entry.status === status.id)?.count ?? 0,
          }))
          .filter((status) => status.count > 0),
      };
    })
    .filter((type) => type.statuses.length > 0);
}

type FirstSteps = { location: boolean; member: boolean; project_type: boolean; customers: boolean; mailbox?: boolean };

/**
 * The organization's first steps, each done once it has happened anywhere in the
 * organization; connecting a mailbox only where this server can (a provider is configured).
 */
async function firstSteps(db: Db, organizationId: string): Promise<FirstSteps> {
  const any = (table: typeof location | typeof projectType | typeof customer | typeof mailbox) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.organizationId} = ${organizationId})`;
  const [row] = await db
    .select({
      location: any(location),
      member: sql<boolean>`(select count(*) from ${member} where ${member.organizationId} = ${organizationId}) > 1`,
      project_type: any(projectType),
      customers: any(customer),
      mailbox: any(mailbox),
    })
    .from(sql`(select 1) as one`);
  const { mailbox: connected, ...steps } = row;
  const available = Object.values(configuredProviders()).some(Boolean);
  return available ? { ...steps, mailbox: connected } : steps;
}
