import "server-only";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { isChannel, type ConversationSource } from "@/lib/schemas/channels";
import type { ConversationRow } from "@/lib/entities/conversation";
import { messageView, type MessageRow } from "@/lib/entities/message";

export type NewMessage = Omit<typeof message.$inferInsert, "id" | "organizationId" | "conversationId" | "createdAt" | "updatedAt">;

const sameSource = (a: ConversationSource, b: ConversationSource) => a.type === b.type && a.value === b.value;

/** The sources with this one added, or named when it was known without its name; undefined when nothing changes. */
function learned(sources: ConversationSource[], source: ConversationSource): ConversationSource[] | undefined {
  const known = sources.find((entry) => sameSource(entry, source));
  if (!known) return [...sources, source];
  if (source.name && !known.name) return sources.map((entry) => (entry === known ? { ...entry, name: source.name } : entry));
  return undefined;
}

/**
 * Adds a message to a conversation, in the caller's transaction: the conversation
 * learns the other party's address or number, its last message time, and one more
 * unread message when the message came in. Every channel, both directions, goes
 * through here.
 */
export async function appendMessage(tx: Db, to: ConversationRow, values: NewMessage): Promise<MessageRow> {
  const [row] = await tx
    .insert(message)
    .values({ ...values, organizationId: to.organizationId, conversationId: to.id })
    .returning();
  const source: ConversationSource | null =
    isChannel(row.channel) && row.source ? { type: row.channel, value: row.source, ...(row.sourceName ? { name: row.sourceName } : {}) } : null;
  const sources = source ? learned(to.sources, source) : undefined;
  await tx
    .update(conversation)
    .set({
      lastMessageAt: sql`greatest(${conversation.lastMessageAt}, ${row.date.toISOString()}::timestamptz)`,
      ...(row.direction === "incoming" ? { unread: sql`${conversation.unread} + 1` } : {}),
      ...(sources ? { sources } : {}),
      updatedAt: new Date(),
    })
    .where(eq(conversation.id, to.id));
  return row;
}

/**
 * The conversations' newest `limit` messages, oldest first: a long thread shows
 * its latest part, read top to bottom.
 */
export async function conversationMessages(db: Db, conversationIds: string[], limit: number) {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select()
    .from(message)
    .where(inArray(message.conversationId, conversationIds))
    .orderBy(desc(message.date), desc(message.id))
    .limit(limit);
  return rows.reverse().map(messageView);
}
