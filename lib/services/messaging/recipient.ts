import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { contact } from "@/db/schema/contact";
import { customer } from "@/db/schema/customer";
import type { Channel } from "@/lib/schemas/channels";
import { ApiError } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { hasPrivilege } from "@/lib/server/privileges";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity, type ConversationRow } from "@/lib/entities/conversation";
import { channels } from "./channels";

/*
 * Whom a member may email or text: the conversation's customer (the email or
 * phone on file, its own or one of its active contacts'), or an address or
 * number that has written into the conversation. Anyone else takes the privilege messages_any_recipient, and the
 * conversation's history says who was written to.
 */

/** The history field of a message to someone outside the conversation. */
const OUTSIDE_RECIPIENT = "outside_recipient";

export type Recipient = { channel: Channel; to: string };

/** Whether `to` is on file for the customer: its own email or phone, or an active contact's. */
async function isCustomerContact(tx: Db, organizationId: string, customerId: string | null, { channel, to }: Recipient) {
  if (!customerId) return false;
  const [row] = await tx
    .select({ email: customer.email, phone: customer.phone })
    .from(customer)
    .where(and(eq(customer.id, customerId), eq(customer.organizationId, organizationId)));
  if (!row) return false;
  if (channels[channel].isOnFile(row, to)) return true;
  const contacts = await tx
    .select({ email: contact.email, phone: contact.phone })
    .from(contact)
    .where(and(eq(contact.organizationId, organizationId), eq(contact.customerId, customerId), eq(contact.status, "active")));
  return contacts.some((entry) => channels[channel].isOnFile(entry, to));
}

/** Whether `to` sent a message into the conversation on this channel (addresses compare without case). */
async function wroteIn(tx: Db, conversationId: string, { channel, to }: Recipient) {
  const [row] = await tx
    .select({ id: message.id })
    .from(message)
    .where(and(eq(message.conversationId, conversationId), eq(message.direction, "incoming"), eq(message.channel, channel), channels[channel].sourceIs(to)))
    .limit(1);
  return row !== undefined;
}

/**
 * Checks the recipient of an outgoing message to `conversation` (null: a new
 * conversation with `customerId`). Answers whether the recipient is outside the
 * conversation, which the session may write to only with messages_any_recipient
 * (403 otherwise).
 */
export async function screenRecipient(
  tx: Db,
  session: SessionContext,
  conversation: ConversationRow | null,
  customerId: string | null,
  recipient: Recipient,
): Promise<boolean> {
  if (await isCustomerContact(tx, session.organizationId, conversation?.customerId ?? customerId, recipient)) return false;
  if (conversation && (await wroteIn(tx, conversation.id, recipient))) return false;
  if (hasPrivilege(session, "messages_any_recipient")) return true;
  throw new ApiError(
    403,
    "errors.outsideRecipient",
    { permission: "messages_any_recipient" },
    {},
    { to: recipient.to, channel: recipient.channel },
  );
}

/** Records in the conversation's history that a member wrote to someone outside it. */
export async function recordOutsideRecipient(tx: Db, session: SessionContext, conversation: ConversationRow, recipient: Recipient) {
  await recordHistory(tx, {
    organizationId: session.organizationId,
    entityType: conversationEntity.type,
    entityId: conversation.id,
    memberId: session.memberId,
    action: "updated",
    changes: { [OUTSIDE_RECIPIENT]: [null, recipient.to] },
  });
}
