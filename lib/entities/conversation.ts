import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { conversation, conversationActivity, conversationRead } from "@/db/schema/conversation";
import { conversationReference } from "@/lib/schemas/conversation";
import { accessLevel, type Scoped } from "@/lib/server/access";
import { compiled } from "@/lib/server/page-sql";
import { caseless, listedRows, type ScopedEntity } from "@/lib/server/scoped";
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

let readHead: SQL | undefined;
let readTail: SQL | undefined;

/**
 * Conversations as a member reads them: every column, with `unread` as what that
 * member has not read (the conversation's count less their conversation_read row).
 * Named as the table, so conditions, sorts and the view read it unchanged; the
 * row of each listed conversation is found by its unique index.
 */
export function conversationsReadBy(session: Pick<SessionContext, "memberId">): SQL {
  if (!readHead || !readTail) {
    const columns = Object.values(getTableColumns(conversation)).map((column) =>
      column === conversation.unread
        ? sql`(${conversation.unread} - coalesce(${conversationRead.read}, 0)) as ${sql.identifier(conversation.unread.name)}`
        : sql`${column}`,
    );
    readHead = compiled(
      sql`(select ${sql.join(columns, sql`, `)} from ${conversation} left join ${conversationRead} on ${conversationRead.organizationId} = ${conversation.organizationId} and ${conversationRead.conversationId} = ${conversation.id} and ${conversationRead.memberId} = `,
    );
    readTail = compiled(sql`) as ${conversation}`);
  }
  return sql`${readHead}${session.memberId}${readTail}`;
}

export const conversationEntity: ScopedEntity<ConversationRow, ConversationView> = {
  type: "conversation",
  resource: "Conversation",
  table: conversation,
  columns: {
    id: conversation.id,
    organizationId: conversation.organizationId,
    location: conversation.locationId,
    sharing: conversation.sharing,
    audience: conversation.audience,
    status: conversation.status,
    search: conversation.search,
  },
  sorts: {
    // A conversation without messages yet is as recent as its start.
    last_message: conversationActivity,
    created: conversation.createdAt,
    updated: conversation.updatedAt,
    name: caseless(conversation.title),
    unread: conversation.unread,
  },
  locationKey: "locationId",
  // Unread is each member's own (setUnread), not a field of the conversation; location follows the customer's.
  fields: {
    status: "status",
    title: "title",
    customer: "customerId",
    location: "locationId",
    sharing: "sharing",
  },
  view: conversationView,
  // As conversationReference prints it.
  viewSql: { reference: sql`'C-' || ${conversation.reference}` },
  rowLocation: (row) => row.locationId,
  source: conversationsReadBy,
};

/**
 * Who may see and change a conversation: its location and sharing. A conversation
 * with a customer takes the customer's (startConversation, followCustomer and a
 * change of its customer keep them in step), so whoever sees and edits the
 * customer sees and edits its conversations; one without stays where it arrived.
 * Everything that hangs on a conversation (messages, their files, notifications)
 * asks through these.
 */
export const conversationScope = (row: Pick<ConversationRow, "organizationId" | "locationId" | "sharing">): Scoped => ({
  organizationId: row.organizationId,
  locationId: row.locationId,
  sharing: row.sharing,
});

/** The session's level on a conversation: none (a 404), view (read and write messages) or edit. */
export const conversationAccess = (row: Pick<ConversationRow, "organizationId" | "locationId" | "sharing">, session: SessionContext) =>
  accessLevel(conversationScope(row), session);

/** The same in SQL over the conversation table: the organization's conversations the session sees, of any status. */
export const visibleConversations = (session: SessionContext) => listedRows(session, conversationEntity, {});
