import "server-only";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { listedRows, listItems, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "@/lib/entities/conversation";
import { memberEntity } from "@/lib/entities/member";

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
    // Only messages of conversations the session sees, by the conversation's own rule.
    db
      .select({ id: message.id, conversation: message.conversationId, title: message.title, conversationTitle: conversation.title })
      .from(message)
      .innerJoin(conversation, eq(conversation.id, message.conversationId))
      .where(
        and(
          eq(message.organizationId, session.organizationId),
          arrayContains(message.files, [fileId]),
          listedRows(session, conversationEntity, {}),
        ),
      )
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
  // As far as the session's location may see them.
  const people =
    members.length === 0
      ? []
      : (await listItems(db, session, memberEntity, { ...VISIBLE, id: members.map((m) => m.id) })).items;
  const uses: FileUse[] = messages.map((m) => ({ type: "message", id: m.id, conversation: m.conversation, title: m.title || m.conversationTitle }));
  for (const person of people) uses.push({ type: "member", id: person.id, name: person.name });
  if (owner) uses.push({ type: "organization", id: owner.id, name: owner.name });
  return uses;
}
