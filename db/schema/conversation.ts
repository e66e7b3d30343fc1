import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CONVERSATION_STATUSES } from "@/lib/schemas/lists";
import { DIRECTIONS, MESSAGE_CHANNELS, type ConversationSource } from "@/lib/schemas/channels";
import { CONSENT_EVENTS } from "@/lib/schemas/consent";
import { DELIVERY_STATES } from "@/lib/schemas/message";
import { audience, id, sameOrganization, sharing, timestamps } from "./columns";
import { customer } from "./customer";
import { member } from "./member";
import { location, organization } from "./organization";


export const conversation = pgTable(
  "conversation",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    // Per-organization number, shown as C-1042; taken from organization.conversation_reference.
    reference: integer("reference").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("active"),
    /**
     * Incoming messages counted for unread. What each member has unread is this less
     * what they have read (conversation_read); a member who never opened the
     * conversation has read none of them. Never set back: reading is per member.
     */
    unread: integer("unread").notNull().default(0),
    customerId: uuid("customer_id"),
    sources: jsonb("sources").$type<ConversationSource[]>().notNull().default(sql`'[]'::jsonb`),
    // "C-1042 title customer name": one bare column for the trigram search.
    search: text("search").notNull().default(""),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("conversation_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("conversation_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("conversation_customer_fk", t.organizationId, t.customerId, customer),
    uniqueIndex("conversation_org_reference_idx").on(t.organizationId, t.reference),
    index("conversation_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id, t.audience),
    index("conversation_org_status_activity_id_idx").on(t.organizationId, t.status, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id, t.audience),
    index("conversation_org_customer_idx").on(t.organizationId, t.customerId),
    index("conversation_search_trgm_idx").using("gin", sql`${t.search} gin_trgm_ops`),
  ],
);

/** When a conversation last saw a message, or started: the conversation list's default order. */
export const conversationActivity = sql`coalesce(${conversation.lastMessageAt}, ${conversation.createdAt})`;

export const message = pgTable(
  "message",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    // Null for inbound messages.
    authorId: uuid("author_id"),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    direction: text("direction", { enum: DIRECTIONS }).notNull(),
    // The other party: recipient of outgoing, sender of incoming (email address or E.164 number).
    source: text("source").notNull().default(""),
    // The name the sender gave with their address ("Mia Miller" <mia@…>), when they gave one.
    sourceName: text("source_name"),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    // Sanitized HTML of an inbound email, when it had one.
    html: text("html"),
    files: uuid("files").array().notNull().default(sql`'{}'::uuid[]`),
    // Outgoing email and SMS only; notes and inbound messages have none.
    delivery: text("delivery", { enum: DELIVERY_STATES }),
    deliveryError: text("delivery_error"),
    // What the message did to its number's consent to texts (an inbound STOP, START or HELP; a send refused as opted out).
    consentEvent: text("consent_event", { enum: CONSENT_EVENTS }),
    // RFC 5322 Message-ID (ours for outgoing), for threading and de-duplication.
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    references: text("references").array().notNull().default(sql`'{}'::text[]`),
    // A provider's own ids: Gmail/Graph message id or Twilio SID, and thread id.
    providerId: text("provider_id"),
    threadId: text("thread_id"),
    // An automatic message's idempotency key (visit, trigger, revision and channel): one message per key.
    automaticKey: text("automatic_key"),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    sameOrganization("message_author_fk", t.organizationId, t.authorId, member),
    sameOrganization("message_conversation_fk", t.organizationId, t.conversationId, conversation).onDelete("cascade"),
    index("message_conversation_date_idx").on(t.conversationId, t.date, t.id),
    uniqueIndex("message_org_message_id_idx").on(t.organizationId, t.messageId).where(sql`${t.messageId} is not null`),
    uniqueIndex("message_org_provider_id_idx").on(t.organizationId, t.channel, t.providerId).where(sql`${t.providerId} is not null`),
    // Where a file is used: the messages that carry it.
    index("message_files_idx").using("gin", t.files),
    index("message_org_thread_idx").on(t.organizationId, t.threadId).where(sql`${t.threadId} is not null`),
    uniqueIndex("message_org_automatic_key_idx").on(t.organizationId, t.automaticKey).where(sql`${t.automaticKey} is not null`),
    index("message_delivery_idx").on(t.delivery).where(sql`${t.delivery} = 'queued'`),
  ],
);

/**
 * How far each member has read a conversation: the conversation's `unread` count
 * when they last read it, less what they marked unread again. Members without a
 * row have read nothing of it.
 */
export const conversationRead = pgTable(
  "conversation_read",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    memberId: uuid("member_id").notNull(),
    read: integer("read").notNull(),
    ...timestamps,
  },
  // A list looks up the caller's row of each conversation it shows by this index.
  (t) => [
    sameOrganization("conversation_read_member_fk", t.organizationId, t.memberId, member).onDelete("cascade"),
    sameOrganization("conversation_read_conversation_fk", t.organizationId, t.conversationId, conversation).onDelete("cascade"),
    uniqueIndex("conversation_read_org_member_conversation_idx").on(t.organizationId, t.memberId, t.conversationId),
  ],
);
