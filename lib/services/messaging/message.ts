import "server-only";
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { isChannel } from "@/lib/schemas/channels";
import { conversationReference } from "@/lib/schemas/conversation";
import { messageCreateSchema, type MessageType, type messageListQuerySchema } from "@/lib/schemas/message";
import type { z } from "@/lib/schemas/z";
import { badRequest, conflict, notFound, type FieldError } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";
import { parseWith } from "@/lib/server/validation";
import { conversationAccess, conversationEntity, type ConversationRow } from "@/lib/entities/conversation";
import { lockedConversation, refusesMessages, requireConversationCustomer, startConversation } from "@/lib/services/conversation";
import { channels } from "./channels";
import { staffMessageRefusal } from "./consent";
import { queueDelivery } from "./delivery";
import { checkUpload, maxUploadBytes, saveFile } from "@/lib/services/file";
import { visibleFiles } from "@/lib/services/file-visibility";
import { emailPage, emailPagePolicy } from "./email-page";
import { MESSAGE_BYTES } from "./limits";
import { appendMessage, conversationMessages } from "./message-store";
import { recordOutsideRecipient, screenRecipient } from "./recipient";
import { claimSendQuota } from "./send-quota";

type MessageInput = z.output<typeof messageCreateSchema>;
/** A message to write: the checked input, and the uploads a multipart request carried. */
export type MessageRequest = { input: MessageInput; uploads: { file: File; path: string }[] };

/** A message with its attachments: what an email may carry in all (limits.ts), or one upload if that is larger. */
export const maxMessageBodyBytes = () => Math.max(MESSAGE_BYTES, maxUploadBytes()) + 256 * 1024;
/** The `type` part of a multipart message: its content and title with room for JSON escapes. */
const TYPE_TEXT_MAX = 1024 * 1024;

// ---- reading the request ----

const invalid = (path: string, message: string) => badRequest([{ path, message }]);

/**
 * A multipart message as the JSON one: `type` is JSON text, `conversation` and
 * `customer` plain fields, `files` file parts (or ids of files already uploaded).
 * Uploads stand in the `files` list as placeholders while the schema checks it,
 * so both spellings fail with the same paths and messages.
 */
export function messageFromForm(form: FormData): MessageRequest {
  const fields = new Map<string, unknown>();
  const ids: string[] = [];
  const files: File[] = [];
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    if (key === "files") {
      for (const value of values) {
        if (value instanceof File) files.push(value);
        else ids.push(value);
      }
      continue;
    }
    if (values.some((value) => value instanceof File)) throw invalid(key, "errors.message.textField");
    const value = values.length === 1 ? values[0] : values;
    if (key === "type" && typeof value === "string") {
      if (value.length > TYPE_TEXT_MAX) throw invalid("type", "errors.message.tooLong");
      try {
        fields.set(key, JSON.parse(value));
      } catch {
        throw invalid("type", 'Type must be JSON text, like {"id":"note","content":"…"}');
      }
    } else {
      fields.set(key, value);
    }
  }
  const placeholders = files.map(() => crypto.randomUUID());
  if (ids.length + files.length > 0) fields.set("files", [...ids, ...placeholders]);
  const parsed = parseWith(messageCreateSchema, Object.fromEntries(fields));
  const uploads = files.map((upload, index) => ({ file: upload, path: `files.${ids.length + index}` }));
  return { input: { ...parsed, files: parsed.files.slice(0, ids.length) }, uploads };
}

// ---- writing ----

/** Files named by id: ones the session sees, not removed. Attaching makes a file as visible as the conversation, so a hidden one is unknown. */
async function attachableFiles(tx: Db, session: SessionContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: file.id })
    .from(file)
    .where(and(visibleFiles(session), inArray(file.id, unique), eq(file.removed, false)));
  const known = new Set(found.map((row) => row.id));
  const errors: FieldError[] = ids.flatMap((id, index) => (known.has(id) ? [] : [{ path: `files.${index}`, message: "errors.file.unknown" }]));
  if (errors.length > 0) throw badRequest(errors);
  return unique;
}

/** A message to a customer starts a conversation with them, titled by its channel; notes are kept on the customer. */
const startTitle = (type: MessageType, name: string) =>
  type.id === "note" ? `Notes on ${name}` : channels[type.id].conversationTitle({ subject: "title" in type ? type.title : "", party: name });

/**
 * Writes a message into a conversation the session sees (view access is enough),
 * or starts a conversation with a customer; attachments and the message land in
 * one transaction. Outgoing email and SMS are queued and sent once it commits.
 */
export async function writeMessage(
  db: Db,
  session: SessionContext,
  request: MessageRequest,
) {
  const uploads = request.uploads.map((upload) => checkUpload(upload.file, upload.path));
  const bytes = await Promise.all(uploads.map(async (upload) => new Uint8Array(await upload.arrayBuffer())));
  const written = await db.transaction((tx) => writeMessageIn(tx, session, request, bytes));
  if (written.delivery === "queued") await queueDelivery(written.id);
  return { id: written.id, conversation: written.conversationId };
}

/**
 * The message written inside the caller's transaction (a quote sent writes its
 * message with its number and link, all or nothing), with the uploads' bytes read
 * before it began. The caller queues an outgoing message's delivery (`queueDelivery`)
 * once the transaction has committed.
 */
export async function writeMessageIn(tx: Db, session: SessionContext, request: MessageRequest, bytes: Uint8Array[]) {
  const { input } = request;
  const uploads = request.uploads.map((upload) => checkUpload(upload.file, upload.path));
  // Everything is checked before anything is written, stored files included.
  let target: ConversationRow | null = null;
  if (input.conversation) {
    target = await lockedConversation(tx, session, input.conversation);
    const refusal = refusesMessages(target);
    if (refusal) throw conflict(refusal);
  }
  const customer = input.customer ? await requireConversationCustomer(tx, session, input.customer) : null;
  const files = await attachableFiles(tx, session, input.files);
  const recipient = input.type.id === "note" ? null : { channel: input.type.id, to: input.type.source };
  const outside = recipient !== null && (await screenRecipient(tx, session, target, customer?.id ?? null, recipient));
  // A number that opted out of texts gets none, whoever writes: said at the recipient, with how it opted out.
  const optedOut = recipient && (await staffMessageRefusal(tx, session.organizationId, recipient));
  if (optedOut) throw badRequest([{ path: "type.source", message: optedOut.key, values: optedOut.values }]);
  // Last of the checks: a refused or failed write gives the quota back.
  if (recipient) await claimSendQuota(tx, session, recipient.channel);
  if (customer) {
    target = await startConversation(tx, {
      organizationId: session.organizationId,
      locationId: session.locationId,
      memberId: session.memberId,
      title: startTitle(input.type, customer.name),
      customer: { id: customer.id, name: customer.name },
      sources: [],
    });
  }
  if (outside && recipient) await recordOutsideRecipient(tx, session, target!, recipient);
  for (const [index, upload] of uploads.entries()) {
    const saved = await saveFile(tx, { organizationId: session.organizationId, memberId: session.memberId, name: upload.name, bytes: bytes[index] });
    files.push(saved.id);
  }
  const type = input.type;
  const written = { authorId: session.memberId, channel: type.id, direction: "outgoing", content: type.content, files } as const;
  if (type.id === "note") return appendMessage(tx, target!, { ...written, delivery: null });
  const sent = await channels[type.id].outgoing(tx, target!.id, type);
  return appendMessage(tx, target!, { ...written, source: type.source, delivery: "queued", ...sent });
}

/** Sends a failed outgoing message again; the author or anyone who sees its conversation may. */
export async function retryMessage(db: Db, session: SessionContext, id: string) {
  const queued = await db.transaction(async (tx) => {
    const found = await visibleMessage(tx, session, id, { lock: true });
    const row = found.message;
    const channel = row.channel;
    if (row.delivery === null || !isChannel(channel)) throw conflict("errors.message.notSendable");
    if (row.delivery === "queued") throw conflict("errors.message.queued");
    if (row.delivery === "sent") throw conflict("errors.message.sent");
    if (found.conversation.status === "removed") {
      throw conflict("errors.message.conversationRemoved", { reference: conversationReference(found.conversation.reference) });
    }
    const optedOut = await staffMessageRefusal(tx, session.organizationId, { channel, to: row.source });
    if (optedOut) throw conflict(optedOut.key, optedOut.values);
    await claimSendQuota(tx, session, channel);
    await tx
      .update(message)
      .set({ delivery: "queued", deliveryError: null, updatedAt: new Date() })
      .where(eq(message.id, row.id));
    return row.id;
  });
  await queueDelivery(queued);
  return { id: queued };
}

// ---- reading ----

/** A message of a conversation the session sees, with the conversation; any other is a 404. */
async function visibleMessage(db: Db, session: SessionContext, id: string, { lock = false } = {}) {
  const query = db
    .select({ message, conversation })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .where(and(eq(message.id, id), eq(message.organizationId, session.organizationId)));
  const [found] = lock ? await query.for("update", { of: message }) : await query;
  if (!found || conversationAccess(found.conversation, session) === "none") throw notFound("Message");
  return found;
}

/**
 * GET /message/{id}/html: an inbound email's HTML as a page of its own, with the
 * policy that keeps it inert; remote images only when the reader asked for them.
 */
export async function messageHtmlPage(db: Db, session: SessionContext, id: string, remoteImages: boolean): Promise<Response> {
  const { message: row } = await visibleMessage(db, session, id);
  if (row.html === null) throw notFound("HTML of this message");
  return new Response(emailPage(row.html, remoteImages), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": emailPagePolicy(remoteImages),
      "X-Frame-Options": "SAMEORIGIN",
      // A remote image's host learns nothing of where it was shown.
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * GET /message: the newest `limit` messages of the named conversations, oldest
 * first. A conversation the session cannot see is a 404, as by id.
 */
export async function listMessages(db: Db, session: SessionContext, query: z.output<typeof messageListQuerySchema>) {
  const ids = [...new Set(query.conversation)];
  const rows = await db
    .select({ id: conversation.id, organizationId: conversation.organizationId, locationId: conversation.locationId, sharing: conversation.sharing })
    .from(conversation)
    .where(and(eq(conversation.organizationId, session.organizationId), inArray(conversation.id, ids)));
  const visible = new Set(rows.filter((row) => conversationAccess(row, session) !== "none").map((row) => row.id));
  if (ids.some((id) => !visible.has(id))) throw notFound(conversationEntity.resource);
  return { items: await conversationMessages(db, ids, query.limit) };
}
