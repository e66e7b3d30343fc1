import "server-only";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { history, type HistoryChanges } from "@/db/schema/activity";
import { contact } from "@/db/schema/contact";
import { conversation, message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { member } from "@/db/schema/member";
import { project, projectType } from "@/db/schema/project";
import { site } from "@/db/schema/site";
import { clip } from "@/lib/schemas/clip";
import { API_DIRECTIONS } from "@/lib/schemas/channels";
import { listItems, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity, type ConversationView } from "@/lib/entities/conversation";
import { contactEntity } from "@/lib/entities/contact";
import { customerEntity } from "@/lib/entities/customer";
import { fileView } from "@/lib/entities/file";
import { projectEntity, type ProjectView } from "@/lib/entities/project";
import { siteEntity } from "@/lib/entities/site";
import { getCustomer } from "./customer";

/** How many items the timeline shows, and how many rows each source may give towards it. */
export const ACTIVITY_LIMIT = 200;
const FILE_LIMIT = 100;
/** Sites and contacts of one customer whose changes the timeline may name. */
const PART_LIMIT = 1000;
const EXCERPT = 240;

/** Every conversation and project of the customer the session sees, newest first, within the bound. */
const RELATED: ListQuery = { sort: { field: "updated", direction: "desc" }, limit: ACTIVITY_LIMIT, sharing: "include" };

type Named = { id: string; name: string } | null;
const named = (id: string | null, name: string | null): Named => (id ? { id, name: name ?? "" } : null);

/** One change as the timeline shows it: values are display text, or null where only the field's name is told. */
export type ActivityChange = { field: string; before: string | null; after: string | null };

const excerpt = (text: string) => clip(text, EXCERPT);

/**
 * What happened with a customer, newest first: messages of its conversations,
 * the history of the customer and of its projects, and the files its messages
 * carried. Each source is one bounded query over what the session's location
 * sees (the scoped layer's sharing rule decides which conversations and
 * projects count); a hidden customer is the customer's 404.
 */
export async function customerActivity(db: Db, session: SessionContext, id: string) {
  await getCustomer(db, session, id);
  const [conversations, projects] = await Promise.all([
    listItems(db, session, conversationEntity, { ...RELATED, status: ["active", "closed"] }, [eq(conversation.customerId, id)]),
    listItems(db, session, projectEntity, RELATED, [eq(project.customerId, id)]),
  ]);
  const conversationIds = conversations.items.map((item) => item.id);
  const projectIds = projects.items.map((item) => item.id);
  const parts = await partNames(db, session, id);
  const [messages, entries, files, types] = await Promise.all([
    recentMessages(db, conversationIds),
    recentHistory(db, session, id, projectIds, [...parts.keys()]),
    attachedFiles(db, session, conversationIds),
    statusTitles(db, session, projects.items),
  ]);
  const ownerNames = await memberNames(db, session, ownerIds(entries));
  const byConversation = new Map(conversations.items.map((item) => [item.id, item]));
  const byProject = new Map(projects.items.map((item) => [item.id, item]));
  const items = [
    ...messages.map((row) => messageItem(row, byConversation.get(row.message.conversationId)!)),
    ...entries.map((row) => historyItem(row, id, byProject, types, ownerNames, parts)),
  ]
    .sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, ACTIVITY_LIMIT);
  return { items, files: files.map(fileView).map(({ removed: _removed, ...shown }) => shown) };
}

function recentMessages(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      message: {
        id: message.id,
        conversationId: message.conversationId,
        date: message.date,
        channel: message.channel,
        direction: message.direction,
        source: message.source,
        title: message.title,
        content: message.content,
        files: message.files,
        delivery: message.delivery,
      },
      authorId: message.authorId,
      authorName: member.name,
    })
    .from(message)
    .leftJoin(member, eq(member.id, message.authorId))
    .where(inArray(message.conversationId, conversationIds))
    .orderBy(desc(message.date), desc(message.id))
    .limit(ACTIVITY_LIMIT);
}

type MessageRow = Awaited<ReturnType<typeof recentMessages>>[number];

function messageItem(row: MessageRow, to: ConversationView) {
  const m = row.message;
  return {
    kind: "message" as const,
    id: m.id,
    date: m.date,
    link: `/conversation/${m.conversationId}`,
    conversation: { id: to.id, reference: to.reference, title: to.title },
    message: {
      type: m.channel,
      direction: API_DIRECTIONS[m.direction],
      source: m.source,
      title: m.title,
      excerpt: excerpt(m.content),
      files: m.files.length,
      delivery: m.delivery,
    },
    author: named(row.authorId, row.authorName),
  };
}

/** The customer's sites and contacts by id, with the name each goes by in the timeline. */
async function partNames(db: Db, session: SessionContext, customerId: string) {
  const [sites, contacts] = await Promise.all([
    db
      .select({ id: site.id, label: site.label, line1: site.line1, city: site.city })
      .from(site)
      .where(and(eq(site.organizationId, session.organizationId), eq(site.customerId, customerId)))
      .limit(PART_LIMIT),
    db
      .select({ id: contact.id, name: contact.name })
      .from(contact)
      .where(and(eq(contact.organizationId, session.organizationId), eq(contact.customerId, customerId)))
      .limit(PART_LIMIT),
  ]);
  return new Map<string, { type: "site" | "contact"; title: string | null }>([
    ...sites.map((row) => [row.id, { type: "site" as const, title: row.label ?? row.line1 ?? row.city }] as const),
    ...contacts.map((row) => [row.id, { type: "contact" as const, title: row.name }] as const),
  ]);
}

function recentHistory(db: Db, session: SessionContext, customerId: string, projectIds: string[], partIds: string[]) {
  const ofCustomer = and(eq(history.entityType, customerEntity.type), eq(history.entityId, customerId));
  const ofProjects = projectIds.length > 0 ? and(eq(history.entityType, projectEntity.type), inArray(history.entityId, projectIds)) : undefined;
  const ofParts = partIds.length > 0 ? and(inArray(history.entityType, [siteEntity.type, contactEntity.type]), inArray(history.entityId, partIds)) : undefined;
  return db
    .select({ entry: history, memberName: member.name })
    .from(history)
    .leftJoin(member, eq(member.id, history.memberId))
    .where(and(eq(history.organizationId, session.organizationId), or(ofCustomer, ofProjects, ofParts)))
    .orderBy(desc(history.createdAt), desc(history.id))
    .limit(ACTIVITY_LIMIT);
}

type HistoryRow = Awaited<ReturnType<typeof recentHistory>>[number];

/** Files carried by messages of these conversations, newest first; removed files are left out. */
async function attachedFiles(db: Db, session: SessionContext, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  const carried = sql`${file.id} in (select unnest(${message.files}) from ${message} where ${inArray(message.conversationId, conversationIds)})`;
  return db
    .select()
    .from(file)
    .where(and(eq(file.organizationId, session.organizationId), eq(file.removed, false), carried))
    .orderBy(desc(file.createdAt), desc(file.id))
    .limit(FILE_LIMIT);
}

/** Status titles of the projects' types, by type id and status id. */
async function statusTitles(db: Db, session: SessionContext, projects: ProjectView[]) {
  const typeIds = [...new Set(projects.map((item) => item.type))];
  const titles = new Map<string, Map<number, string>>();
  if (typeIds.length === 0) return titles;
  const rows = await db
    .select({ id: projectType.id, statuses: projectType.statuses })
    .from(projectType)
    .where(and(eq(projectType.organizationId, session.organizationId), inArray(projectType.id, typeIds)));
  for (const row of rows) titles.set(row.id, new Map(row.statuses.map((status) => [status.id, status.title])));
  return titles;
}

const isUuid = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value);

function ownerIds(entries: HistoryRow[]) {
  const found = new Set<string>();
  for (const { entry } of entries) {
    if (entry.entityType !== projectEntity.type) continue;
    for (const value of entry.changes.owner ?? []) if (isUuid(value)) found.add(value);
  }
  return [...found];
}

async function memberNames(db: Db, session: SessionContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: member.id, name: member.name })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), inArray(member.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Fields whose values read as text in a timeline; others are named without values. */
const TEXT_FIELDS = new Set([
  "name",
  "title",
  "type",
  "phone",
  "email",
  "line1",
  "line2",
  "zip",
  "city",
  "state",
  "country",
  "language",
  "status",
  "workflow",
  "comment",
  "label",
  "role",
  "time_zone",
  "preferred_channel",
]);
/**
 * Project fields the timeline tells about, with the workflow run and its comment
 * (notes of the entry, not columns); the rest (description, custom fields,
 * sharing) show in the project's own history.
 */
const PROJECT_FIELDS = ["workflow", "comment", "title", "status", "owner", "customer"];

function changesOf(
  entry: HistoryRow["entry"],
  statusTitle: (value: unknown) => string | null,
  ownerName: (value: unknown) => string | null,
  partName: (value: unknown) => string | null,
): ActivityChange[] {
  const changes: HistoryChanges = entry.changes;
  const isProject = entry.entityType === projectEntity.type;
  const fields = isProject ? PROJECT_FIELDS.filter((field) => field in changes) : Object.keys(changes);
  return fields.map((field) => {
    const [before, after] = changes[field];
    const shown = (value: unknown) => {
      if (value === null || value === undefined || value === "") return null;
      if (isProject && field === "status") return statusTitle(value);
      if (isProject && field === "owner") return ownerName(value);
      if (isProject && field === "customer") return null;
      // A site's contact by name.
      if (entry.entityType === siteEntity.type && field === "contact") return partName(value);
      return TEXT_FIELDS.has(field) && (typeof value === "string" || typeof value === "number") ? String(value) : null;
    };
    return { field, before: shown(before), after: shown(after) };
  });
}

function historyItem(
  row: HistoryRow,
  customerId: string,
  projects: Map<string, ProjectView>,
  types: Map<string, Map<number, string>>,
  owners: Map<string, string>,
  parts: Awaited<ReturnType<typeof partNames>>,
) {
  const { entry } = row;
  const of = entry.entityType === projectEntity.type ? projects.get(entry.entityId) : undefined;
  const part = parts.get(entry.entityId);
  const partName = (value: unknown) => (isUuid(value) ? (parts.get(value)?.title ?? null) : null);
  const statusTitle = (value: unknown) => (of && typeof value === "number" ? (types.get(of.type)?.get(value) ?? String(value)) : null);
  const ownerName = (value: unknown) => (isUuid(value) ? (owners.get(value) ?? null) : null);
  return {
    kind: "history" as const,
    id: entry.id,
    date: entry.createdAt,
    link: of ? `/project/${of.id}` : `/customer/${customerId}`,
    entity: of
      ? { type: "project" as const, id: of.id, title: of.title as string | null }
      : part
        ? { type: part.type, id: entry.entityId, title: part.title }
        : { type: "customer" as const, id: customerId, title: null },
    action: entry.action,
    changes: changesOf(entry, statusTitle, ownerName, partName),
    member: named(entry.memberId, row.memberName),
  };
}

export type CustomerActivity = Awaited<ReturnType<typeof customerActivity>>;
