import "server-only";
import MailComposer from "nodemailer/lib/mail-composer";
import { MESSAGE_CONTENT_MAX, MESSAGE_FILES_MAX, MESSAGE_TITLE_MAX } from "@/lib/schemas/message";
import { emailHtmlText, sanitizeEmailHtml } from "../email-html";
import { inboundEmailMaxBytes } from "../limits";
import type { InboundMessage } from "../inbound";
import { GRAPH_REQUEST_MAX_BYTES, GraphError, graphJson, graphRequest } from "./graph";
import type { OutgoingMail, Sent } from "./provider";

// The mailbox over Microsoft Graph: the inbox read by delta query, replies and
// new mail sent as the connected user.

/** The first sync reads this far back; later ones only what changed since. */
const FIRST_SYNC_DAYS = 30;
/** Messages per delta page, and pages per run: one run reads at most 200 messages, the next run goes on from there. */
const PAGE_SIZE = 10;
const PAGES_PER_RUN = 20;
/** One delta page (ten messages with their bodies) or one attachment's JSON, read at most. */
const PAGE_MAX_BYTES = 32 * 1024 * 1024;
const SMALL_MAX_BYTES = 256 * 1024;
const MAX_REFERENCES = 50;
const MAX_ID_LENGTH = 998;

const SELECT = [
  "id", "receivedDateTime", "subject", "from", "toRecipients", "body", "conversationId",
  "internetMessageId", "internetMessageHeaders", "hasAttachments", "isDraft",
].join(",");

type Address = { emailAddress?: { address?: string; name?: string } };
type GraphMessage = {
  id: string;
  "@removed"?: unknown;
  receivedDateTime?: string;
  subject?: string | null;
  from?: Address;
  toRecipients?: Address[];
  body?: { contentType?: string; content?: string };
  conversationId?: string;
  internetMessageId?: string;
  internetMessageHeaders?: { name: string; value: string }[];
  hasAttachments?: boolean;
  isDraft?: boolean;
};
type DeltaPage = { value?: GraphMessage[]; "@odata.nextLink"?: string; "@odata.deltaLink"?: string };
type GraphAttachment = { "@odata.type"?: string; id: string; name?: string; size?: number; isInline?: boolean; contentId?: string | null; contentBytes?: string };

const messageIds = (value: string | undefined) => (value?.match(/<[^<>\s]+>/g) ?? []).filter((id) => id.length <= MAX_ID_LENGTH);
const header = (message: GraphMessage, name: string) => message.internetMessageHeaders?.find((entry) => entry.name.toLowerCase() === name)?.value;
const lower = (value: string | undefined | null) => (value ?? "").trim().toLowerCase();

export async function mailboxAddress(accessToken: string): Promise<string> {
  const me = await graphJson<{ mail?: string | null; userPrincipalName?: string }>(accessToken, "/me?$select=mail,userPrincipalName", { maxBytes: SMALL_MAX_BYTES });
  const address = lower(me.mail || me.userPrincipalName);
  if (!address) throw new GraphError(200, "noAddress", "Microsoft Graph did not tell the mailbox's address");
  return address;
}

/**
 * The first delta query: the inbox's recent mail only, and only new messages
 * (changeType=created; a message marked read would otherwise come back, with
 * just its id and flags). Its links carry the same options on.
 */
function firstDelta(): string {
  const since = new Date(Date.now() - FIRST_SYNC_DAYS * 24 * 60 * 60 * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  const query = new URLSearchParams({ changeType: "created", $select: SELECT, $filter: `receivedDateTime ge ${since}` });
  return `/me/mailFolders/inbox/messages/delta?${query.toString().replace(/\+/g, "%20")}`;
}

/** The message's files within the inbound bounds; item and reference attachments (no bytes of their own) are left out. */
async function attachments(accessToken: string, message: GraphMessage, cidsWanted: boolean): Promise<InboundMessage["attachments"]> {
  if (!message.hasAttachments && !cidsWanted) return [];
  const base = `/me/messages/${encodeURIComponent(message.id)}/attachments`;
  const list = await graphJson<{ value?: GraphAttachment[] }>(accessToken, `${base}?$select=id,name,size,isInline&$top=${MESSAGE_FILES_MAX}`, { maxBytes: SMALL_MAX_BYTES });
  let budget = inboundEmailMaxBytes();
  const out: InboundMessage["attachments"] = [];
  for (const entry of (list.value ?? []).slice(0, MESSAGE_FILES_MAX)) {
    if (entry["@odata.type"] && entry["@odata.type"] !== "#microsoft.graph.fileAttachment") continue;
    const size = entry.size ?? 0;
    if (size > budget) continue;
    const full = await graphJson<GraphAttachment>(accessToken, `${base}/${encodeURIComponent(entry.id)}`, { maxBytes: Math.ceil(size * 1.4) + SMALL_MAX_BYTES });
    if (full["@odata.type"] !== "#microsoft.graph.fileAttachment" || typeof full.contentBytes !== "string") continue;
    const bytes = Buffer.from(full.contentBytes, "base64");
    if (bytes.length > budget) continue;
    budget -= bytes.length;
    out.push({
      name: full.name || `attachment-${out.length + 1}`,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      cid: full.isInline && full.contentId ? full.contentId.replace(/^<|>$/g, "") : null,
    });
  }
  return out;
}

async function inbound(accessToken: string, message: GraphMessage, from: string): Promise<InboundMessage> {
  const content = message.body?.content ?? "";
  const html = lower(message.body?.contentType) === "html" && content.trim() ? sanitizeEmailHtml(content) || null : null;
  const text = (html ? emailHtmlText(html) : content.trim()).slice(0, MESSAGE_CONTENT_MAX);
  const received = message.receivedDateTime ? new Date(message.receivedDateTime) : new Date();
  return {
    channel: "email",
    from,
    fromName: message.from?.emailAddress?.name || null,
    to: (message.toRecipients ?? []).map((entry) => lower(entry.emailAddress?.address)).filter(Boolean).join(", ").slice(0, 2000),
    subject: (message.subject ?? "").trim().slice(0, MESSAGE_TITLE_MAX),
    text,
    html,
    messageId: messageIds(message.internetMessageId)[0] ?? null,
    inReplyTo: messageIds(header(message, "in-reply-to"))[0] ?? null,
    references: messageIds(header(message, "references")).slice(-MAX_REFERENCES),
    providerId: message.id,
    threadId: message.conversationId ?? null,
    date: Number.isNaN(received.getTime()) ? new Date() : received,
    attachments: await attachments(accessToken, message, Boolean(html?.includes("cid:"))),
  };
}

/** A delta token Graph no longer knows: the sync starts over, bounded like a first one. */
const deltaExpired = (error: unknown) =>
  error instanceof GraphError && (error.status === 410 || ["syncStateNotFound", "resyncRequired", "syncStateInvalid"].includes(error.code));

/**
 * Reads the inbox from `cursor` (a deltaLink, or a nextLink where the last run
 * stopped) and hands each customer's message to `receive`; resolves with where
 * the next run starts. What the mailbox sent itself is not read as inbound.
 */
export async function syncInbox(accessToken: string, cursor: string | null, receive: (message: InboundMessage) => Promise<void>): Promise<string> {
  const own = await mailboxAddress(accessToken);
  let link = cursor ?? firstDelta();
  let restarted = cursor === null;
  for (let page = 0; page < PAGES_PER_RUN; page += 1) {
    let data: DeltaPage;
    try {
      data = await graphJson<DeltaPage>(accessToken, link, { headers: { Prefer: `odata.maxpagesize=${PAGE_SIZE}` }, maxBytes: PAGE_MAX_BYTES });
    } catch (error) {
      if (restarted || !deltaExpired(error)) throw error;
      restarted = true;
      link = firstDelta();
      continue;
    }
    for (const message of data.value ?? []) {
      const from = lower(message.from?.emailAddress?.address);
      if (message["@removed"] || message.isDraft || !from || from === own) continue;
      await receive(await inbound(accessToken, message, from));
    }
    if (data["@odata.deltaLink"]) return data["@odata.deltaLink"];
    if (!data["@odata.nextLink"]) throw new GraphError(200, "noLink", "Microsoft Graph answered a delta page without a next link");
    link = data["@odata.nextLink"];
  }
  return link;
}

type FileAttachment = { "@odata.type": "#microsoft.graph.fileAttachment"; name: string; contentType: string; contentBytes: string };

function fileAttachments(mail: OutgoingMail): FileAttachment[] {
  return (mail.attachments ?? []).map((attachment, index) => {
    const content = attachment.content;
    if (typeof content !== "string" && !(content instanceof Uint8Array)) throw new Error("An attachment could not be read for sending");
    return {
      "@odata.type": "#microsoft.graph.fileAttachment",
      name: attachment.filename || `attachment-${index + 1}`,
      contentType: attachment.contentType || "application/octet-stream",
      contentBytes: Buffer.from(content).toString("base64"),
    };
  });
}

function bounded(body: string): string {
  if (Buffer.byteLength(body) > GRAPH_REQUEST_MAX_BYTES) {
    throw new Error("The message with its attachments is larger than Microsoft 365 accepts from an app (4 MB); send smaller files");
  }
  return body;
}

/**
 * A reply to a message of this mailbox goes through Graph's reply action, so
 * Outlook files it in the same conversation (and sets In-Reply-To/References
 * itself). Anything else is handed to sendMail as MIME: Graph's JSON accepts
 * only custom `x-` headers, while MIME keeps our Message-ID, In-Reply-To and
 * References, so the customer's mail program threads it. Both answer 202
 * without the new message's id.
 */
export async function sendMessage(accessToken: string, mail: OutgoingMail): Promise<Sent> {
  if (mail.replyToProviderId) {
    const body = JSON.stringify({
      message: {
        subject: mail.subject,
        toRecipients: [{ emailAddress: { address: mail.to } }],
        body: typeof mail.html === "string" ? { contentType: "HTML", content: mail.html } : { contentType: "Text", content: String(mail.text ?? "") },
        attachments: fileAttachments(mail),
      },
    });
    try {
      await graphRequest(accessToken, `/me/messages/${encodeURIComponent(mail.replyToProviderId)}/reply`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: bounded(body),
        maxBytes: SMALL_MAX_BYTES,
      });
      return { providerId: null, threadId: mail.threadId };
    } catch (error) {
      // The message answered was deleted from the mailbox: send a new one, threaded by its headers.
      if (!(error instanceof GraphError && error.status === 404)) throw error;
    }
  }
  const { replyToProviderId: _reply, threadId: _thread, from: _from, ...options } = mail;
  const mime = await new MailComposer(options).compile().build();
  await graphRequest(accessToken, "/me/sendMail", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: bounded(mime.toString("base64")),
    maxBytes: SMALL_MAX_BYTES,
  });
  return { providerId: null, threadId: null };
}
