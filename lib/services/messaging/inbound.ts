import "server-only";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { contact } from "@/db/schema/contact";
import { customer } from "@/db/schema/customer";
import { conversationEntity, type ConversationRow } from "@/lib/entities/conversation";
import type { MessageRow } from "@/lib/entities/message";
import type { Channel } from "@/lib/schemas/channels";
import { clip } from "@/lib/schemas/clip";
import { MESSAGE_FILES_MAX } from "@/lib/schemas/message";
import { isUniqueViolation } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { startConversation } from "@/lib/services/conversation";
import { maxUploadBytes, saveFile } from "@/lib/services/file";
import { inboundRoom } from "@/lib/services/file-quota";
import { notifyInboundMessage } from "@/lib/services/notify";
import { channels } from "./channels";
import { MESSAGE_BYTES, SENDER_NAME_MAX } from "./limits";
import { appendMessage } from "./message-store";

/** A message that came in on any channel, already parsed and sanitized by that channel. */
export type InboundMessage = {
  channel: Channel;
  /** The sender: an email address (lower-cased) or an E.164 number. */
  from: string;
  /** The sender's display name, when the channel tells one. */
  fromName?: string | null;
  to: string;
  subject: string;
  text: string;
  /** Sanitized HTML (email-html.ts), or null. */
  html: string | null;
  /** RFC 5322 Message-ID, for email. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The provider's own id of the message (Gmail, Graph, Twilio) and of its thread. */
  providerId: string | null;
  threadId: string | null;
  date: Date;
  /** `cid`: the Content-ID an inline image is named by in the HTML, when it is one. */
  attachments: { name: string; bytes: Uint8Array; cid?: string | null }[];
};

export type Received = { conversation: ConversationRow; message: MessageRow; duplicate: boolean };



// ---- finding where a message belongs ----

/** The external ids a message is known by: its Message-ID (email) and the provider's id. */
function externalIds(inbound: InboundMessage) {
  return {
    messageId: inbound.messageId,
    providerId: inbound.providerId ? `${inbound.channel}:${inbound.providerId}` : null,
  };
}

/** The message already stored under one of the same external ids, with its conversation. */
async function stored(tx: Db, organizationId: string, inbound: InboundMessage): Promise<Received | null> {
  const ids = externalIds(inbound);
  const keys = [
    ids.messageId ? eq(message.messageId, ids.messageId) : undefined,
    inbound.providerId ? and(eq(message.channel, inbound.channel), eq(message.providerId, inbound.providerId)) : undefined,
  ].filter((key) => key !== undefined);
  if (keys.length === 0) return null;
  const [found] = await tx
    .select({ message, conversation })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .where(and(eq(message.organizationId, organizationId), or(...keys)))
    .limit(1);
  return found ? { conversation: found.conversation, message: found.message, duplicate: true } : null;
}

/** The conversation, locked, unless it has been removed: nothing is written into a removed one. */
async function writable(tx: Db, organizationId: string, id: string | undefined): Promise<ConversationRow | null> {
  if (!id) return null;
  const [row] = await tx
    .select()
    .from(conversation)
    .where(and(eq(conversation.id, id), eq(conversation.organizationId, organizationId)))
    .for("update");
  return row && row.status !== "removed" ? row : null;
}

/**
 * The conversation a reply belongs to: the one holding the message it answers
 * (In-Reply-To, then References from the newest), ours or an earlier inbound
 * one; else the one holding the provider's thread.
 */
async function threaded(tx: Db, organizationId: string, inbound: InboundMessage): Promise<ConversationRow | null> {
  const ids = [...new Set([inbound.inReplyTo, ...[...inbound.references].reverse()].filter((id): id is string => Boolean(id)))];
  if (ids.length > 0) {
    const rows = await tx
      .select({ messageId: message.messageId, conversationId: message.conversationId })
      .from(message)
      .where(and(eq(message.organizationId, organizationId), inArray(message.messageId, ids)));
    const byId = new Map(rows.map((row) => [row.messageId, row.conversationId]));
    for (const id of ids) {
      const found = await writable(tx, organizationId, byId.get(id));
      if (found) return found;
    }
  }
  if (inbound.threadId) {
    const [row] = await tx
      .select({ conversationId: message.conversationId })
      .from(message)
      .where(and(eq(message.organizationId, organizationId), eq(message.threadId, inbound.threadId), eq(message.channel, inbound.channel)))
      .orderBy(desc(message.date))
      .limit(1);
    return writable(tx, organizationId, row?.conversationId);
  }
  return null;
}

/**
 * The active customer the sender is, by the address or number on file: the
 * customer's own, else one of its active contacts'. A customer whose own address
 * it is comes before one that has it as a contact's.
 */
async function matchingCustomer(tx: Db, organizationId: string, inbound: InboundMessage) {
  const adapter = channels[inbound.channel];
  const own = adapter.addressIs(inbound.from, customer);
  // Read once for the statement (the contacts with that address), not once per customer.
  const viaContact = tx
    .select({ id: contact.customerId })
    .from(contact)
    .where(and(eq(contact.organizationId, organizationId), eq(contact.status, "active"), adapter.addressIs(inbound.from, contact)));
  const ofContact = inArray(customer.id, viaContact);
  const [found] = await tx
    .select({ id: customer.id, name: customer.name, locationId: customer.locationId })
    .from(customer)
    .where(and(eq(customer.organizationId, organizationId), eq(customer.status, "active"), or(own, ofContact)))
    .orderBy(sql`case when ${own} then 0 else 1 end`, asc(customer.createdAt), asc(customer.id))
    .limit(1);
  return found ?? null;
}

/** The customer's open conversation on this channel (one per customer and channel), locked. */
export async function openConversation(tx: Db, organizationId: string, customerId: string, channel: Channel) {
  const [row] = await tx
    .select()
    .from(conversation)
    .where(
      and(
        eq(conversation.organizationId, organizationId),
        eq(conversation.customerId, customerId),
        eq(conversation.status, "active"),
        sql`${conversation.sources} @> ${JSON.stringify([{ type: channel }])}::jsonb`,
      ),
    )
    .orderBy(sql`${conversation.lastMessageAt} desc nulls last`, desc(conversation.createdAt))
    .limit(1)
    .for("update");
  return row ?? null;
}

async function conversationFor(tx: Db, organizationId: string, inbound: InboundMessage, addressed?: string): Promise<ConversationRow> {
  // The conversation its reply address names comes first; a removed one is passed over as threading passes over it.
  const thread = (await writable(tx, organizationId, addressed)) ?? (await threaded(tx, organizationId, inbound));
  if (thread) return thread;
  const known = await matchingCustomer(tx, organizationId, inbound);
  const open = known && (await openConversation(tx, organizationId, known.id, inbound.channel));
  if (open) return open;
  return startConversation(tx, {
    organizationId,
    // With the customer where the customer is; a stranger's message belongs to the organization as a whole.
    locationId: known?.locationId ?? null,
    memberId: null,
    title: channels[inbound.channel].conversationTitle({ subject: inbound.subject, party: inbound.from }),
    customer: known ? { id: known.id, name: known.name } : null,
    sources: [],
  });
}

/** A reply to a closed conversation opens it again, with its history entry (by nobody: the customer wrote). */
export async function reopenConversation(tx: Db, row: ConversationRow): Promise<ConversationRow> {
  if (row.status !== "closed") return row;
  const [updated] = await tx
    .update(conversation)
    .set({ status: "active", updatedAt: new Date() })
    .where(eq(conversation.id, row.id))
    .returning();
  await recordHistory(tx, {
    organizationId: row.organizationId,
    entityType: conversationEntity.type,
    entityId: row.id,
    memberId: null,
    action: "updated",
    changes: { status: ["closed", "active"] },
  });
  return updated;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Attachments kept as files within the caps (count, each file's and all files'
 * size) and the organization's inbound storage ceiling (file-quota.ts); the rest
 * are named in the text, so the message itself is always kept.
 */
async function keepAttachments(tx: Db, organizationId: string, inbound: InboundMessage) {
  const files: string[] = [];
  const inline = new Map<string, string>();
  const left: string[] = [];
  const full: string[] = [];
  const room = inbound.attachments.some((attachment) => attachment.bytes.byteLength > 0) ? await inboundRoom(tx, organizationId) : null;
  let total = 0;
  for (const attachment of inbound.attachments) {
    const bytes = attachment.bytes.byteLength;
    if (bytes === 0) continue;
    if (files.length >= MESSAGE_FILES_MAX || bytes > maxUploadBytes() || total + bytes > MESSAGE_BYTES) {
      left.push(`${attachment.name} (${size(bytes)})`);
      continue;
    }
    if (room !== null && total + bytes > room) {
      full.push(attachment.name);
      continue;
    }
    total += bytes;
    const saved = await saveFile(tx, { organizationId, memberId: null, name: attachment.name, bytes: attachment.bytes });
    files.push(saved.id);
    if (attachment.cid) inline.set(attachment.cid, saved.id);
  }
  const notes = [
    left.length ? `[Attachments not kept, too many or too large: ${left.join(", ")}]` : "",
    full.length ? `[Attachments not kept (storage full): ${full.join(", ")}]` : "",
  ].filter(Boolean);
  return { files, inline, notes };
}

/** As the sanitizer writes an attribute value. */
const attributeText = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** What the text says of attachments not kept, also below an email's HTML, which is shown instead of its text. */
function withNotes(inbound: InboundMessage, html: string | null, notes: string[]) {
  if (notes.length === 0) return { content: inbound.text, html };
  const shown = notes.map((note) => `<p>${attributeText(note)}</p>`).join("");
  return { content: `${inbound.text}\n\n${notes.join("\n")}`, html: html && `${html}${shown}` };
}

/**
 * Inline images (`<img src="cid:…">`) shown from the files they were kept as: a
 * path of this app, loaded with the reader's own session, never from the sender.
 */
function withInlineImages(html: string | null, inline: Map<string, string>): string | null {
  if (!html || inline.size === 0) return html;
  let out = html;
  for (const [cid, fileId] of inline) {
    out = out.split(`src="cid:${attributeText(cid)}"`).join(`src="/api/api/file/${fileId}/download"`);
  }
  return out;
}

/** Serializes messages with the same external ids: the second waits and is then a duplicate. In one order, so two never wait on each other. */
async function lockExternalIds(tx: Db, organizationId: string, inbound: InboundMessage) {
  const ids = Object.values(externalIds(inbound)).filter((id): id is string => id !== null).sort();
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inbound:${organizationId}:${id}`}, 0))`);
}

async function receiveIn(tx: Db, organizationId: string, inbound: InboundMessage, addressed?: string): Promise<Received> {
  await lockExternalIds(tx, organizationId, inbound);
  const duplicate = await stored(tx, organizationId, inbound);
  if (duplicate) return duplicate;
  const target = await reopenConversation(tx, await conversationFor(tx, organizationId, inbound, addressed));
  const { files, inline, notes } = await keepAttachments(tx, organizationId, inbound);
  const { content, html } = withNotes(inbound, withInlineImages(inbound.html, inline), notes);
  const row = await appendMessage(tx, target, {
    authorId: null,
    channel: inbound.channel,
    direction: "incoming",
    source: inbound.from,
    sourceName: inbound.fromName ? clip(inbound.fromName.trim(), SENDER_NAME_MAX) || null : null,
    title: inbound.subject,
    content,
    html,
    files,
    delivery: null,
    messageId: inbound.messageId,
    inReplyTo: inbound.inReplyTo,
    references: inbound.references,
    providerId: inbound.providerId,
    threadId: inbound.threadId,
    date: inbound.date,
  });
  await notifyInboundMessage(tx, target, row, inbound.fromName || inbound.from);
  return { conversation: target, message: row, duplicate: false };
}

/**
 * The one way a message comes in, whatever the channel and source (the
 * organization's email webhook below, replies to a reply address in
 * inbound-reply.ts, the connected Gmail or Microsoft mailbox in mailbox/sync.ts,
 * Twilio texts in twilio.ts), in one transaction: de-duplicated by its external
 * id, threaded into the conversation it answers, else the sender's customer's open
 * conversation on that channel, else a new conversation; attachments kept as files,
 * unread counted, and the members who should know notified. `addressed`: the
 * conversation of the reply address the message was sent to, which it joins first.
 */
export async function receiveMessage(db: Db, organizationId: string, inbound: InboundMessage, addressed?: string): Promise<Received> {
  try {
    return await db.transaction((tx) => receiveIn(tx, organizationId, inbound, addressed));
  } catch (error) {
    // Another instance stored the same message between our check and our insert: it is a duplicate, not a failure.
    if (!isUniqueViolation(error)) throw error;
    const found = await stored(db, organizationId, inbound);
    if (!found) throw error;
    return found;
  }
}
