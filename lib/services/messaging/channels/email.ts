import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { mailbox } from "@/db/schema/mailbox";
import { organization } from "@/db/schema/organization";
import type { MessageRow } from "@/lib/entities/message";
import { clip } from "@/lib/schemas/clip";
import { replySubject } from "@/lib/schemas/reply-subject";
import { readStoredFile } from "@/lib/server/storage";
import { CONVERSATION_TITLE_MAX, DELIVERY_REASON_MAX } from "../limits";
import { automatedEmail } from "../automated-email";
import { deliverMail, senderAddress } from "../mail";
import type { Sent } from "../mailbox/provider";
import { sendThroughMailbox } from "../mailbox/send";
import { replyAddress } from "../reply-address";
import { providerAnswer, type ChannelAdapter } from "./channel";

const NO_SUBJECT = "(no subject)";

class MissingAttachment extends Error {}

const domainOf = (address: string) => address.split("@")[1] || "craftdesk.local";
/** Ours, so the customer's reply names it in In-Reply-To and lands in the same conversation. */
const newMessageId = () => `<${crypto.randomUUID()}@${domainOf(senderAddress())}>`;

/** The conversation's earlier emails, both directions: the new one answers the latest and references them all. */
async function threading(tx: Db, conversationId: string) {
  const earlier = await tx
    .select({ messageId: message.messageId })
    .from(message)
    .where(and(eq(message.conversationId, conversationId), eq(message.channel, "email"), isNotNull(message.messageId)))
    .orderBy(desc(message.date), desc(message.id))
    .limit(20);
  const references = earlier.map((row) => row.messageId as string).reverse();
  return { inReplyTo: references.at(-1) ?? null, references };
}

/** The subject the message leaves under, against the message it answers (replySubject). */
async function subjectOf(db: Db, row: MessageRow): Promise<string> {
  if (!row.inReplyTo) return row.title;
  const [parent] = await db
    .select({ title: message.title })
    .from(message)
    .where(and(eq(message.organizationId, row.organizationId), eq(message.messageId, row.inReplyTo)));
  return replySubject(row.title, parent?.title);
}

async function attachments(db: Db, row: MessageRow) {
  if (row.files.length === 0) return [];
  const rows = await db
    .select()
    .from(file)
    .where(and(eq(file.organizationId, row.organizationId), inArray(file.id, row.files)));
  const byId = new Map(rows.map((entry) => [entry.id, entry]));
  const out = [];
  for (const id of row.files) {
    const entry = byId.get(id);
    const content = entry && !entry.removed ? await readStoredFile(row.organizationId, id) : null;
    if (!entry || !content) throw new MissingAttachment(`An attachment is no longer stored${entry ? `: ${entry.name}` : ""}`);
    out.push({ filename: entry.name, content, contentType: entry.mimetype });
  }
  return out;
}

/**
 * From the organization's connected mailbox when it has one (replies come back
 * through it), else from its name at our address with the conversation's reply
 * address as Reply-To when INBOUND_EMAIL_DOMAIN is set; under the Message-ID
 * stored when the message was written.
 */
async function send(db: Db, row: MessageRow): Promise<Sent> {
  const [sender] = await db.select({ name: organization.name }).from(organization).where(eq(organization.id, row.organizationId));
  const [box] = await db.select().from(mailbox).where(eq(mailbox.organizationId, row.organizationId));
  const mail = {
    to: row.source,
    subject: await subjectOf(db, row),
    text: row.content,
    messageId: row.messageId ?? undefined,
    inReplyTo: row.inReplyTo ?? undefined,
    references: row.references.length > 0 ? row.references : undefined,
    attachments: await attachments(db, row),
  };
  const customerId = row.automaticKey ? await conversationCustomer(db, row) : null;
  // An automatic message (nobody wrote it) carries the customer's one-click unsubscribe, in its headers and its last line.
  const labelled = customerId ? await automatedEmail(db, row.organizationId, customerId, mail) : mail;
  if (box) return sendThroughMailbox(db, box, row, { ...mail, text: labelled.text, from: { name: sender.name, address: box.email } });
  const replyTo = replyAddress(row.conversationId);
  await deliverMail({ ...labelled, from: { name: sender.name, address: senderAddress() }, ...(replyTo ? { replyTo: { name: sender.name, address: replyTo } } : {}) });
  return { providerId: null, threadId: null };
}

async function conversationCustomer(db: Db, row: MessageRow) {
  const [found] = await db
    .select({ customerId: conversation.customerId })
    .from(conversation)
    .where(and(eq(conversation.organizationId, row.organizationId), eq(conversation.id, row.conversationId)));
  return found?.customerId ?? null;
}

/** Why the mail server, or our own check, refused; nodemailer's error names the SMTP command and the answer. */
function failureReason(error: unknown): string {
  const e = (error ?? {}) as { code?: string; command?: string; responseCode?: number };
  const detail = providerAnswer(error);
  let reason: string;
  if (error instanceof MissingAttachment) reason = error.message;
  else if (e.code === "EAUTH" || e.code === "ENOAUTH") reason = `The mail server refused our login: ${detail}`;
  else if (e.responseCode && /^RCPT/i.test(e.command ?? "")) reason = `The mail server refused the recipient: ${detail}`;
  else if (e.responseCode && /^MAIL/i.test(e.command ?? "")) reason = `The mail server refused the sender address: ${detail}`;
  else if (e.responseCode) reason = `The mail server refused the message: ${detail}`;
  else if (["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS"].includes(e.code ?? "")) reason = `Could not reach the mail server: ${detail}`;
  else reason = `Sending failed: ${detail}`;
  return clip(reason, DELIVERY_REASON_MAX);
}

/** Email: addresses compare without case (customers' are stored lower-cased); threads follow Message-ID headers. */
export const emailChannel: ChannelAdapter = {
  isOnFile: (contact, to) => contact.email?.toLowerCase() === to,
  sourceIs: (to) => sql`lower(${message.source}) = ${to}`,
  addressIs: (from, on) => eq(on.email, from.toLowerCase()),
  conversationTitle: ({ subject }) => clip(subject.trim() || NO_SUBJECT, CONVERSATION_TITLE_MAX),
  async outgoing(tx, conversationId, type) {
    return { title: "title" in type ? type.title : "", messageId: newMessageId(), ...(await threading(tx, conversationId)) };
  },
  send,
  failureReason,
};
