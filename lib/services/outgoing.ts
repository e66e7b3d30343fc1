import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { mailbox } from "@/db/schema/mailbox";
import { organization } from "@/db/schema/organization";
import { replySubject } from "@/lib/schemas/reply-subject";
import { deliverMail, senderAddress } from "@/lib/server/mail";
import { replyAddress } from "@/lib/server/reply-address";
import { smsTransport } from "@/lib/server/sms";
import { readStoredFile } from "@/lib/server/storage";
import type { MessageRow } from "@/lib/entities/message";
import type { Sent } from "./mailbox/provider";
import { sendThroughMailbox } from "./mailbox/send";

// How one outgoing message leaves: the transport for its kind, and the reason
// kept on it when that fails. When it leaves is delivery.ts's concern. What the
// provider answers (its id of the message and of its thread) is stored with it.

const REASON_MAX = 1000;

/** Why a send failed, in words a member can act on; the server's own answer is kept. */
export function failureReason(row: MessageRow, error: unknown): string {
  const e = (error ?? {}) as { message?: string; code?: string; command?: string; response?: string; responseCode?: number };
  const detail = (e.response || e.message || String(error)).trim();
  let reason: string;
  if (row.kind === "sms") reason = `The text message could not be sent: ${detail}`;
  else if (error instanceof MissingAttachment) reason = error.message;
  else if (e.code === "EAUTH" || e.code === "ENOAUTH") reason = `The mail server refused our login: ${detail}`;
  else if (e.responseCode && /^RCPT/i.test(e.command ?? "")) reason = `The mail server refused the recipient: ${detail}`;
  else if (e.responseCode && /^MAIL/i.test(e.command ?? "")) reason = `The mail server refused the sender address: ${detail}`;
  else if (e.responseCode) reason = `The mail server refused the message: ${detail}`;
  else if (["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS"].includes(e.code ?? "")) reason = `Could not reach the mail server: ${detail}`;
  else reason = `Sending failed: ${detail}`;
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
}

class MissingAttachment extends Error {}

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
export async function sendEmail(db: Db, row: MessageRow): Promise<Sent> {
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
  if (box) return sendThroughMailbox(db, box, row, { ...mail, from: { name: sender.name, address: box.email } });
  const replyTo = replyAddress(row.conversationId);
  await deliverMail({ ...mail, from: { name: sender.name, address: senderAddress() }, ...(replyTo ? { replyTo: { name: sender.name, address: replyTo } } : {}) });
  return { providerId: null, threadId: null };
}

export async function sendSms(row: MessageRow): Promise<Sent> {
  const { providerId } = await smsTransport().send({ to: row.source, body: row.content });
  return { providerId, threadId: null };
}
