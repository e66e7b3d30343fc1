import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { member, role } from "@/db/schema/member";
import { project } from "@/db/schema/project";
import { clip, oneLine } from "@/lib/schemas/clip";
import type { Privilege } from "@/lib/schemas/constants";
import { accessLevel, mayWorkAnywhere, type Scoped } from "@/lib/server/access";
import type { SessionContext } from "@/lib/server/session";
import { conversationScope, type ConversationRow } from "@/lib/entities/conversation";
import type { MessageRow } from "@/lib/entities/message";
import type { ProjectRow } from "@/lib/entities/project";
import { memberLanguage, memberTranslator } from "./member-language";
import { translatorFor } from "@/lib/i18n/messages";
import type { VisitRow } from "@/lib/entities/visit";
import { createNotification } from "./notification";
import { projectIsOpen } from "./project-open";

/**
 * The notifications the product sends by itself, each written in the transaction
 * of the change it reports. Nobody is told about what they did themselves, and
 * removed members are told nothing.
 */

const TITLE_MAX = 200;
const EXCERPT_MAX = 160;

/** A notification's text on one line, within its bounds. */
const line = (text: string, max: number) => clip(oneLine(text), max);

type Candidate = { id: string; locationId: string | null; privileges: Privilege[] };

/** Active members of the organization, optionally only these ids, with what their role grants. */
async function activeMembers(tx: Db, organizationId: string, ids?: string[]): Promise<Candidate[]> {
  if (ids && ids.length === 0) return [];
  return tx
    .select({ id: member.id, locationId: member.locationId, privileges: role.privileges })
    .from(member)
    .innerJoin(role, eq(role.id, member.roleId))
    .where(and(eq(member.organizationId, organizationId), eq(member.status, "active"), ids ? inArray(member.id, ids) : undefined));
}

/** Whether the member can see the item from where it works: anywhere it may switch to, else its own location. */
function sees(candidate: Candidate, item: Scoped): boolean {
  if (mayWorkAnywhere(candidate.locationId, candidate.privileges)) return true;
  return accessLevel(item, { organizationId: item.organizationId, locationId: candidate.locationId }) !== "none";
}

const managesCustomers = (candidate: Candidate) => candidate.privileges.includes("admin") || candidate.privileges.includes("customers_manage");

/**
 * Who hears of a new inbound message: the members who wrote in the conversation
 * and the owners of the customer's open projects (the office wrote, the technician
 * doing the job hears of the answer too); when there are none, the members who
 * manage customers. Always only those who can see the conversation.
 */
async function inboundRecipients(tx: Db, to: ConversationRow): Promise<string[]> {
  const scope = conversationScope(to);
  const visible = (candidates: Candidate[]) => candidates.filter((candidate) => sees(candidate, scope)).map((candidate) => candidate.id);

  const writers = await tx
    .selectDistinct({ id: message.authorId })
    .from(message)
    .where(and(eq(message.conversationId, to.id), isNotNull(message.authorId)));
  const owners = to.customerId
    ? await tx
        .selectDistinct({ id: project.ownerId })
        .from(project)
        .where(and(eq(project.organizationId, to.organizationId), eq(project.customerId, to.customerId), isNotNull(project.ownerId), projectIsOpen))
    : [];
  const involved = [...new Set([...writers, ...owners].map((row) => row.id as string))];
  const told = visible(await activeMembers(tx, to.organizationId, involved));
  if (told.length > 0) return told;

  return visible((await activeMembers(tx, to.organizationId)).filter(managesCustomers));
}

/** (a) A message came in: "New email from …" with an excerpt, to the members who should answer it. */
export async function notifyInboundMessage(tx: Db, to: ConversationRow, received: MessageRow, sender: string) {
  const excerpt = [received.title, received.content].filter((part) => part.trim()).join(" — ");
  for (const memberId of await inboundRecipients(tx, to)) {
    const t = await memberTranslator(tx, memberId);
    await createNotification(
      tx,
      { organizationId: to.organizationId, memberId },
      {
        title: line(t("notification.inbound", { channel: received.channel, sender }), TITLE_MAX),
        content: line(excerpt, EXCERPT_MAX),
        link: `/conversation/${to.id}`,
      },
    );
  }
}

async function actorName(tx: Db, session: SessionContext, t: Awaited<ReturnType<typeof memberTranslator>>) {
  const [row] = await tx.select({ name: member.name }).from(member).where(eq(member.id, session.memberId));
  return row?.name ?? t("notification.someone");
}

async function isActive(tx: Db, organizationId: string, memberId: string) {
  return (await activeMembers(tx, organizationId, [memberId])).length > 0;
}

/** (b) A project's owner became someone else than the one who set it: the new owner hears of it. */
export async function notifyProjectOwner(tx: Db, session: SessionContext, before: ProjectRow | null, after: ProjectRow) {
  const owner = after.ownerId;
  if (!owner || owner === before?.ownerId || owner === session.memberId) return;
  if (!(await isActive(tx, after.organizationId, owner))) return;
  const t = await memberTranslator(tx, owner);
  const title = t("notification.assigned", { actor: await actorName(tx, session, t), project: after.title });
  await createNotification(tx, { organizationId: after.organizationId, memberId: owner }, { title: line(title, TITLE_MAX), link: `/project/${after.id}` });
}

/** (c) Someone ran a workflow on a project another member owns: the owner hears of it. */
export async function notifyWorkflowRun(tx: Db, session: SessionContext, before: ProjectRow, workflow: string) {
  const owner = before.ownerId;
  if (!owner || owner === session.memberId) return;
  if (!(await isActive(tx, before.organizationId, owner))) return;
  const t = await memberTranslator(tx, owner);
  const title = t("notification.workflowRun", { actor: await actorName(tx, session, t), workflow, project: before.title });
  await createNotification(tx, { organizationId: before.organizationId, memberId: owner }, { title: line(title, TITLE_MAX), link: `/project/${before.id}` });
}

/** When a visit is, in the member's language at the visit's zone: a date and time, a day, or not yet. */
function visitWhen(t: Awaited<ReturnType<typeof memberTranslator>>, locale: string, row: VisitRow) {
  if (row.startAt) return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: row.timeZone }).format(row.startAt);
  if (row.day) return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${row.day}T00:00:00Z`));
  return t("notification.visitUnscheduled");
}

/**
 * (d) A visit's members hear when it is assigned to them, moved (its time or day
 * changed) or cancelled, unless they made the change themselves.
 */
export async function notifyVisitChange(tx: Db, session: SessionContext, before: VisitRow | null, after: VisitRow, projectTitle: string) {
  const cancelled = after.status === "cancelled" && before !== null && before.status !== "cancelled";
  const moved =
    before !== null &&
    (before.startAt?.getTime() !== after.startAt?.getTime() || before.endAt?.getTime() !== after.endAt?.getTime() || before.day !== after.day);
  const told = new Map<string, "notification.visitAssigned" | "notification.visitMoved" | "notification.visitCancelled">();
  for (const id of after.members) {
    if (!before?.members.includes(id)) told.set(id, "notification.visitAssigned");
    else if (cancelled) told.set(id, "notification.visitCancelled");
    else if (moved && after.status !== "cancelled") told.set(id, "notification.visitMoved");
  }
  told.delete(session.memberId);
  if (told.size === 0) return;
  const active = new Set((await activeMembers(tx, after.organizationId, [...told.keys()])).map((candidate) => candidate.id));
  for (const [memberId, kind] of told) {
    if (!active.has(memberId)) continue;
    const locale = await memberLanguage(tx, memberId);
    const t = translatorFor(locale);
    const title = t(kind, { actor: await actorName(tx, session, t), project: projectTitle, when: visitWhen(t, locale, after) });
    await createNotification(tx, { organizationId: after.organizationId, memberId }, { title: line(title, TITLE_MAX), link: `/project/${after.projectId}` });
  }
}

/**
 * (e) The customer answered a quote on its public page: the quote's owner hears of it
 * (approved, declined, changes requested), with the customer's comment when they wrote one.
 */
export async function notifyQuoteAnswer(
  tx: Db,
  quote: { organizationId: string; id: string; ownerId: string; number: string | null; title: string },
  answer: { kind: "approved" | "declined" | "changes_requested"; customer: string; comment: string | null },
) {
  if (!(await isActive(tx, quote.organizationId, quote.ownerId))) return;
  const t = await memberTranslator(tx, quote.ownerId);
  const title = t("notification.quoteAnswer", { answer: answer.kind, customer: answer.customer, quote: quote.number ?? quote.title });
  await createNotification(
    tx,
    { organizationId: quote.organizationId, memberId: quote.ownerId },
    { title: line(title, TITLE_MAX), content: answer.comment ? line(answer.comment, EXCERPT_MAX) : undefined, link: `/quote/${quote.id}` },
  );
}

/** (f) A customer's approval made a new project: the quote's owner, who owns it too, hears of it with a link to it. */
export async function notifyQuoteProject(
  tx: Db,
  quote: { organizationId: string; ownerId: string; number: string | null; title: string },
  created: { id: string; title: string },
) {
  if (!(await isActive(tx, quote.organizationId, quote.ownerId))) return;
  const t = await memberTranslator(tx, quote.ownerId);
  const title = t("notification.quoteProject", { project: created.title, quote: quote.number ?? quote.title });
  await createNotification(tx, { organizationId: quote.organizationId, memberId: quote.ownerId }, { title: line(title, TITLE_MAX), link: `/project/${created.id}` });
}
