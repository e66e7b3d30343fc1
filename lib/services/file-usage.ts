import "server-only";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { findItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "./conversation";
import { memberEntity } from "./member";

/** Enough to show on the file's page; a file used more often is a rare attachment forwarded many times. */
const USAGE_LIMIT = 50;

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
  const uses: FileUse[] = [];
  const conversations = new Map<string, { title: string } | null>();
  for (const id of new Set(messages.map((m) => m.conversation))) {
    conversations.set(id, await findItem(db, session, conversationEntity, id));
  }
  for (const m of messages) {
    const seen = conversations.get(m.conversation);
    if (seen) uses.push({ type: "message", id: m.id, conversation: m.conversation, title: m.title || seen.title });
  }
  for (const { id } of members) {
    const shown = await findItem(db, session, memberEntity, id);
    if (shown) uses.push({ type: "member", id, name: shown.name });
  }
  if (owner) uses.push({ type: "organization", id: owner.id, name: owner.name });
  return uses;
}
