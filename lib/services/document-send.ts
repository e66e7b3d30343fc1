import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { emailSchema } from "@/lib/schemas/fields";
import { messageCreateSchema, phoneSchema, type MessageCreate } from "@/lib/schemas/message";
import { invalidAt } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import type { SessionContext } from "@/lib/server/session";
import { parseWith } from "@/lib/server/validation";
import { saveFile } from "./file";
import { openConversation } from "./messaging/inbound";
import { writeMessageIn } from "./messaging/message";

/**
 * What sending a document to its customer (a quote, an invoice) shares: the address it
 * goes to, the message written into the customer's conversation on that channel as a
 * staff member's is, and the documents attached to it once the send has committed (the
 * rendering holds no lock), before its delivery is queued.
 */

export type SendChannel = "email" | "sms";

/** The address the message goes to: as given, else the customer's own; checked as a staff message's is. */
export async function sendRecipient(tx: Db, organizationId: string, customerId: string, channel: SendChannel, given: string | undefined) {
  const [buyer] = await tx
    .select({ email: customer.email, phone: customer.phone })
    .from(customer)
    .where(and(eq(customer.organizationId, organizationId), eq(customer.id, customerId)));
  const to = given || (channel === "email" ? buyer?.email : buyer?.phone);
  if (!to) throw invalidAt("to", channel === "email" ? "errors.quote.noEmail" : "errors.quote.noPhone");
  const parsed = (channel === "email" ? emailSchema : phoneSchema).safeParse(to);
  if (!parsed.success) throw invalidAt("to", channel === "email" ? "validation.email" : "validation.phone.international");
  return parsed.data;
}

export type DocumentMessage = { organizationId: string; customerId: string; channel: SendChannel; to: string; subject: string; content: string };

/** The message written in the caller's transaction, into the customer's open conversation on the channel, else a new one. */
export async function writeDocumentMessage(tx: Db, session: SessionContext, sent: DocumentMessage) {
  const type: MessageCreate["type"] =
    sent.channel === "email" ? { id: "email", source: sent.to, title: sent.subject, content: sent.content } : { id: "sms", source: sent.to, content: sent.content };
  const open = await openConversation(tx, sent.organizationId, sent.customerId, sent.channel);
  const request = parseWith(messageCreateSchema, { ...(open ? { conversation: open.id } : { customer: sent.customerId }), type });
  return writeMessageIn(tx, session, { input: request, uploads: [] }, []);
}

export type Attachment = { name: string; bytes: Uint8Array };

/**
 * Files rendered after the send committed, stored as files of its message (before its
 * delivery is queued). A failure is logged: the document is sent and its message written,
 * so it goes out with its link rather than not at all.
 */
export async function attachToMessage(db: Db, session: SessionContext, messageId: string, what: string, render: () => Promise<Attachment[]>) {
  try {
    const files = await render();
    await db.transaction(async (tx) => {
      for (const attachment of files) {
        const saved = await saveFile(tx, { organizationId: session.organizationId, memberId: session.memberId, name: attachment.name, bytes: attachment.bytes });
        await tx
          .update(message)
          .set({ files: sql`array_append(${message.files}, ${saved.id}::uuid)`, updatedAt: new Date() })
          .where(and(eq(message.organizationId, session.organizationId), eq(message.id, messageId)));
      }
    });
  } catch (error) {
    log().error({ err: error }, `[send] the documents of ${what} could not be attached to message ${messageId}`);
  }
}

/** A PDF or XML answered for download, never cached. */
export function documentResponse(bytes: Uint8Array | string, type: string, name: string, disposition: "inline" | "attachment" = "inline") {
  return new Response(typeof bytes === "string" ? bytes : Buffer.from(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
