import "server-only";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { listItems, type ListQuery, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "./conversation";
import { memberEntity } from "./member";

/** Enough to show on the file's page; a file used more often is a rare attachment forwarded many times. */
const USAGE_LIMIT = 50;

/** Every status, in no order that matters here. */
const VISIBLE: ListQuery = { sort: { field: "created", direction: "desc" }, limit: USAGE_LIMIT, sharing: "include" };

export type FileUse =
  | { type: "message"; id: string; conversation: string; title: string }
  | { type: "member"; id: string; name: string }
  | { type: "organization"; id: string; name: string };

/** Where a file is used: messages that carry it, members and the organization that show it; only what the session may see. */
export async function fileUsage(db: Db, session: SessionContext, fileId: string): Promise<FileUse[]> {
  const [messages, members, [owner]] = await Promise.all([
    db
      .select({ id: message.id, conversation: message.conversationId, title: message.title })
      .from(message)
      .where(and(eq(message.organizationId, session.organizationId), arrayContains(message.files, [fileId])))
      .limit(USAGE_LIMIT),
    db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, session.organizationId), eq(member.image, fileId)))
      .limit(USAGE_LIMIT),
    db
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .where(and(eq(organization.id, session.organizationId), eq(organization.image, fileId))),
  ]);
  // Each in one query, as far as the session's location may see them.
  const visible = <Row extends Record<string, unknown>, View extends { id: string }>(entity: ScopedEntity<Row, View>, ids: string[]) =>
    ids.length === 0 ? Promise.resolve([] as View[]) : listItems(db, session, entity, { ...VISIBLE, id: ids }).then((page) => page.items);
  const [conversations, people] = await Promise.all([
    visible(conversationEntity, [...new Set(messages.map((m) => m.conversation))]),
    visible(memberEntity, members.map((m) => m.id)),
  ]);
  const titles = new Map(conversations.map((c) => [c.id, c.title]));
  const uses: FileUse[] = [];
  for (const m of messages) {
    const title = titles.get(m.conversation);
    if (title !== undefined) uses.push({ type: "message", id: m.id, conversation: m.conversation, title: m.title || title });
  }
  for (const person of people) uses.push({ type: "member", id: person.id, name: person.name });
  if (owner) uses.push({ type: "organization", id: owner.id, name: owner.name });
  return uses;
}
