import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { organization } from "@/db/schema/organization";
import { conversationReference, type ConversationSource } from "@/lib/schemas/conversation";
import type { conversationListQuerySchema } from "@/lib/schemas/conversation";
import type { z } from "@/lib/schemas/z";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { caseless, getItem, listItems, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";

export type ConversationRow = typeof conversation.$inferSelect;

export function conversationView(row: ConversationRow) {
  return {
    id: row.id,
    reference: conversationReference(row.reference),
    title: row.title,
    status: row.status,
    unread: row.unread,
    customer: row.customerId,
    sources: row.sources,
    last_message: row.lastMessageAt,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type ConversationView = ReturnType<typeof conversationView>;

export const conversationEntity: ScopedEntity<ConversationRow, ConversationView> = {
  type: "conversation",
  resource: "Conversation",
  table: conversation,
  columns: {
    id: conversation.id,
    organizationId: conversation.organizationId,
    location: conversation.locationId,
    sharing: conversation.sharing,
    status: conversation.status,
    search: conversation.search,
  },
  sorts: {
    created: conversation.createdAt,
    updated: conversation.updatedAt,
    name: caseless(conversation.title),
    unread: conversation.unread,
  },
  locationKey: "locationId",
  fields: {
    unread: "unread",
    status: "status",
    title: "title",
    customer: "customerId",
    sharing: "sharing",
  },
  view: conversationView,
  rowLocation: (row) => row.locationId,
};

/** The one text a conversation is searched by: its reference, title and customer's name. */
export const conversationSearch = (reference: number, title: string, customerName: string | null) =>
  [conversationReference(reference), title, customerName].filter(Boolean).join(" ");

export function listConversations(db: Db, session: SessionContext, query: z.output<typeof conversationListQuerySchema>) {
  return listItems(db, session, conversationEntity, query, [
    query.customer ? inArray(conversation.customerId, query.customer) : undefined,
  ]);
}

export const getConversation = (db: Db, session: SessionContext, id: string) =>
  getItem(db, session, conversationEntity, id);

export type ConversationStart = {
  organizationId: string;
  /** New conversations live where they started: the writer's location, or the customer's for inbound mail. */
  locationId: string | null;
  /** Who started it; null when an inbound message did. */
  memberId: string | null;
  title: string;
  customer: { id: string; name: string } | null;
  sources: ConversationSource[];
};

/**
 * Opens a conversation with the organization's next reference, and its history
 * entry. Call inside the transaction that adds its first message: the
 * organization row is locked until then, so references never repeat.
 */
export async function startConversation(tx: Db, start: ConversationStart): Promise<ConversationRow> {
  const [next] = await tx
    .update(organization)
    .set({ conversationReference: sql`${organization.conversationReference} + 1` })
    .where(eq(organization.id, start.organizationId))
    .returning({ reference: organization.conversationReference });
  const [row] = await tx
    .insert(conversation)
    .values({
      organizationId: start.organizationId,
      reference: next.reference,
      title: start.title,
      customerId: start.customer?.id ?? null,
      sources: start.sources,
      search: conversationSearch(next.reference, start.title, start.customer?.name ?? null),
      locationId: start.locationId,
    })
    .returning();
  await recordHistory(tx, {
    organizationId: start.organizationId,
    entityType: conversationEntity.type,
    entityId: row.id,
    memberId: start.memberId,
    action: "created",
    changes: creationChanges({
      reference: conversationReference(row.reference),
      title: row.title,
      customer: row.customerId ?? undefined,
    }),
  });
  return row;
}
