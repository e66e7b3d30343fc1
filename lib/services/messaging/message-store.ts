import "server-only";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { isChannel, type ConversationSource } from "@/lib/schemas/channels";
import type { ConversationRow } from "@/lib/entities/conversation";
import { messageView, type MessageRow } from "@/lib/entities/message";

export type NewMessage = Omit<typeof message.$inferInsert, "id" | "organizationId" | "conversationId" | "createdAt" | "updatedAt">;

const sameSource = (a: ConversationSource, b: ConversationSource) => a.type === b.type && a.value === b.value;

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
  const source: ConversationSource | null = isChannel(row.channel) && row.source ? { type: row.channel, value: row.source } : null;
  const sources = source && !to.sources.some((known) => sameSource(known, source)) ? [...to.sources, source] : undefined;
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
