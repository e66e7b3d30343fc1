import "server-only";
import { Readable } from "node:stream";
import type { gmail_v1 } from "googleapis/build/src/apis/gmail/index.js";
import MailComposer from "nodemailer/lib/mail-composer";
import { ApiError } from "@/lib/server/errors";
import { inboundEmailMaxBytes } from "../limits";
import { emailInbound, parseEmail, type ParsedEmail } from "../mime";
import type { InboundMessage } from "../inbound";
import { ProviderError, ProviderThrottled, retryAfter, type OutgoingMail, type Sent } from "./provider";

// The mailbox over the Gmail API (googleapis): the inbox read through the
// mailbox's history, each message as raw MIME read by the app's own parser,
// and mail sent as MIME through the upload endpoint. Requests are not retried
// here: throttling surfaces as GmailThrottled and the job that met it runs later.

/** Where Google's OAuth token and revoke endpoints and the Gmail API live; one base for all of them when GOOGLE_API_URL is set (tests). */
const apiBase = () => process.env.GOOGLE_API_URL?.replace(/\/+$/, "") || null;
const googleAuthUrl = () => (process.env.GOOGLE_AUTH_URL || "https://accounts.google.com").replace(/\/+$/, "");
export const googleEndpoints = () => ({
  oauth2AuthBaseUrl: `${googleAuthUrl()}/o/oauth2/v2/auth`,
  oauth2TokenUrl: `${apiBase() ?? "https://oauth2.googleapis.com"}/token`,
  oauth2RevokeUrl: `${apiBase() ?? "https://oauth2.googleapis.com"}/revoke`,
});
/** The Gmail API's root; the client puts /gmail/v1/… and /upload/gmail/v1/… under it. */
const gmailRoot = () => `${apiBase() ?? "https://gmail.googleapis.com"}/`;

export const GOOGLE_TIMEOUT_MS = 30_000;
/** The first sync reads this far back and at most this many messages; later ones read the history since. */
const FIRST_SYNC_DAYS = 7;
const FIRST_SYNC_MAX = 50;
/** History records per page, pages and messages per run: the next run goes on from where this one stopped. */
const HISTORY_PAGE_SIZE = 100;
const PAGES_PER_RUN = 10;
const MESSAGES_PER_RUN = 200;
/** A list or history page, a profile, a send answer: read at most. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const SMALL_MAX_BYTES = 256 * 1024;
/** Gmail's limit for a message uploaded through messages.send. */
const SEND_MAX_BYTES = 35 * 1024 * 1024;
const HISTORY_ID = /^\d{1,20}$/;
/** Gmail's reasons for a 403 that means "slow down", not "forbidden". */
const RATE_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded"]);
/** What an email too large to read in full is still known by. */
const SUMMARY_HEADERS = ["From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References"];

/** Gmail's errors are the providers' shared ones, under the names its callers know. */
export { ProviderError as GmailError, ProviderThrottled as GmailThrottled };

/** What a failed googleapis (gaxios) request carries; read without keeping the request, which holds the bearer token. */
type Failure = {
  message?: string;
  code?: unknown;
  cause?: unknown;
  response?: { status?: number; data?: unknown; headers?: { get?: (name: string) => string | null } };
};
type ErrorBody = { error?: { message?: string; status?: string; errors?: { reason?: string }[] } };

/** The response was longer than the request allowed (gaxios' Content-Length check, or node-fetch's count while reading). */
function tooLarge(failure: Failure): boolean {
  const cause = failure.cause as { type?: string } | undefined;
  return cause?.type === "max-size" || /over (?:the )?limit/i.test(failure.message ?? "");
}

function gmailError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = (typeof error === "object" && error !== null ? error : { message: String(error) }) as Failure;
  const status = failure.response?.status ?? 0;
  if (tooLarge(failure)) return new ProviderError(status, "responseTooLarge", "Gmail answered more than this server reads at once");
  const body = (typeof failure.response?.data === "object" ? failure.response.data : null) as ErrorBody | null;
  const detail = typeof body?.error === "object" ? body.error : undefined;
  const code = detail?.errors?.[0]?.reason || detail?.status || (typeof failure.code === "string" ? failure.code : `http${status}`);
  const text = `Gmail: ${detail?.message || failure.message || `HTTP ${status}`}`.slice(0, 500);
  if (status === 429 || status === 503 || (status === 403 && RATE_REASONS.has(code))) {
    return new ProviderThrottled(status, code, text, retryAfter(failure.response?.headers?.get?.("retry-after")));
  }
  return new ProviderError(status, code, text);
}

async function call<T>(request: Promise<{ data: T }>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw gmailError(error);
  }
}

/**
 * The Gmail client for one access token. Per call, the root is given again
 * (upload addresses are built from it, not from the client's root) and the
 * answer is read with a byte bound; redirects are not followed, so the bearer
 * token goes only to Gmail.
 */
async function gmailClient(accessToken: string) {
  // Loaded on first use: most processes never talk to Gmail.
  const { auth: googleAuth, gmail: gmailApi } = await import("googleapis/build/src/apis/gmail/index.js");
  const auth = new googleAuth.OAuth2();
  auth.setCredentials({ access_token: accessToken });
  const api = gmailApi({ version: "v1", auth, rootUrl: gmailRoot(), retry: false, timeout: GOOGLE_TIMEOUT_MS, maxRedirects: 0 });
  const options = (maxContentLength: number) => ({ rootUrl: gmailRoot(), maxContentLength });
  return { users: api.users, options };
}
type Gmail = Awaited<ReturnType<typeof gmailClient>>;

async function profile(api: Gmail) {
  const me = await call(api.users.getProfile({ userId: "me" }, api.options(SMALL_MAX_BYTES)));
  const email = (me.emailAddress ?? "").trim().toLowerCase();
  if (!email) throw new ProviderError(200, "noAddress", "Gmail did not tell the mailbox's address");
  return { email, historyId: me.historyId && HISTORY_ID.test(me.historyId) ? me.historyId : null };
}

export async function mailboxAddress(accessToken: string): Promise<string> {
  return (await profile(await gmailClient(accessToken))).email;
}

const notFound = (error: unknown) => error instanceof ProviderError && error.status === 404;

/** A message as Gmail stores it, raw; null when it is gone or too large to read (then only its headers and size). */
async function rawMessage(api: Gmail, id: string): Promise<{ message: gmail_v1.Schema$Message; bytes: Uint8Array | null } | null> {
  // The raw message travels base64url-encoded inside a small JSON envelope.
  const limit = Math.ceil((inboundEmailMaxBytes() * 4) / 3) + 16 * 1024;
  try {
    const message = await call(api.users.messages.get({ userId: "me", id, format: "raw" }, api.options(limit)));
    return { message, bytes: message.raw ? Buffer.from(message.raw, "base64url") : null };
  } catch (error) {
    if (notFound(error)) return null;
    if (!(error instanceof ProviderError && error.code === "responseTooLarge")) throw error;
  }
  try {
    const message = await call(
      api.users.messages.get({ userId: "me", id, format: "metadata", metadataHeaders: SUMMARY_HEADERS }, api.options(SMALL_MAX_BYTES)),
    );
    return { message, bytes: null };
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

const size = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Headers and a note for an email too large to read here, as MIME for the same parser. */
function summary(message: gmail_v1.Schema$Message): Uint8Array {
  const wanted = new Set(SUMMARY_HEADERS.map((name) => name.toLowerCase()));
  const lines = (message.payload?.headers ?? [])
    .filter((header) => header.name && header.value && wanted.has(header.name.toLowerCase()))
    .map((header) => `${header.name}: ${header.value!.replace(/[\r\n]+/g, " ")}`);
  const note = `[This email (${size(Number(message.sizeEstimate) || 0)}) is too large to be read here; open it in Gmail to see all of it.]`;
  return Buffer.from([...lines, "Content-Type: text/plain; charset=utf-8", "", note, ""].join("\r\n"));
}

/** The raw message read by the app's parser; null when it is not an email it can read (no sender, no headers). */
async function parsed(bytes: Uint8Array): Promise<ParsedEmail | null> {
  try {
    return await parseEmail(bytes);
  } catch (error) {
    // A busy server (503) is no unreadable message: the sync tries again later.
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
}

/** Gmail's receipt time, else the sender's Date as the parser bounded it. */
function receivedAt(message: gmail_v1.Schema$Message, email: ParsedEmail): Date {
  const internal = Number(message.internalDate);
  return Number.isFinite(internal) && internal > 0 && internal <= Date.now() + 60_000 ? new Date(internal) : email.date;
}

/** Hands one message to `receive`, unless the mailbox wrote it itself, it is not mail (draft, spam, trash) or it cannot be read. */
function reader(api: Gmail, own: string, receive: (message: InboundMessage) => Promise<void>) {
  const seen = new Set<string>();
  return async (id: string | null | undefined) => {
    if (!id || seen.has(id)) return;
    seen.add(id);
    const found = await rawMessage(api, id);
    if (!found) return;
    const labels = found.message.labelIds ?? [];
    if ((labels.includes("SENT") && !labels.includes("INBOX")) || ["DRAFT", "SPAM", "TRASH"].some((label) => labels.includes(label))) return;
    const email = await parsed(found.bytes ?? summary(found.message));
    if (!email || email.from === own) return;
    await receive(
      emailInbound(email, { providerId: found.message.id ?? id, threadId: found.message.threadId ?? null, date: receivedAt(found.message, email) }),
    );
  };
}

/** The first sync (or one after the history expired): the inbox's recent mail, oldest first, and the history id read before it. */
async function recent(api: Gmail, historyId: string | null, read: ReturnType<typeof reader>): Promise<string> {
  if (!historyId) throw new ProviderError(200, "noHistoryId", "Gmail did not tell the mailbox's history id");
  const list = await call(
    api.users.messages.list(
      { userId: "me", labelIds: ["INBOX"], q: `newer_than:${FIRST_SYNC_DAYS}d`, maxResults: FIRST_SYNC_MAX },
      api.options(PAGE_MAX_BYTES),
    ),
  );
  for (const entry of (list.messages ?? []).slice(0, FIRST_SYNC_MAX).reverse()) await read(entry.id);
  return historyId;
}

/**
 * What was added to the inbox since `cursor`, page by page. A run stops after
 * a bounded number of messages or pages, at the last history record it read
 * in full: the next run starts there (a message read twice is recognized by
 * the inbound path by its Gmail id).
 */
async function since(api: Gmail, cursor: string, read: ReturnType<typeof reader>): Promise<string> {
  let last = cursor;
  let pageToken: string | undefined;
  let count = 0;
  for (let page = 0; page < PAGES_PER_RUN; page += 1) {
    const data = await call(
      api.users.history.list(
        { userId: "me", startHistoryId: cursor, historyTypes: ["messageAdded"], labelId: "INBOX", maxResults: HISTORY_PAGE_SIZE, pageToken },
        api.options(PAGE_MAX_BYTES),
      ),
    );
    for (const record of data.history ?? []) {
      for (const added of record.messagesAdded ?? []) {
        await read(added.message?.id);
        count += 1;
      }
      if (record.id && HISTORY_ID.test(record.id)) last = record.id;
      if (count >= MESSAGES_PER_RUN) return last;
    }
    if (!data.nextPageToken) return data.historyId && HISTORY_ID.test(data.historyId) ? data.historyId : last;
    pageToken = data.nextPageToken;
  }
  return last;
}

/**
 * Reads the inbox from `cursor` (a Gmail history id) and hands each customer's
 * message to `receive`; resolves with where the next run starts. A history id
 * Gmail no longer keeps (404) starts over, bounded like a first sync.
 */
export async function syncInbox(accessToken: string, cursor: string | null, receive: (message: InboundMessage) => Promise<void>): Promise<string> {
  const api = await gmailClient(accessToken);
  const me = await profile(api);
  const read = reader(api, me.email, receive);
  if (cursor === null || !HISTORY_ID.test(cursor)) return recent(api, me.historyId, read);
  try {
    return await since(api, cursor, read);
  } catch (error) {
    if (!notFound(error)) throw error;
    return recent(api, me.historyId, read);
  }
}

/** The thread of a message of this mailbox, for a reply whose conversation does not know it; null when it is gone. */
async function threadOf(api: Gmail, id: string): Promise<string | null> {
  try {
    return (await call(api.users.messages.get({ userId: "me", id, format: "minimal" }, api.options(SMALL_MAX_BYTES)))).threadId ?? null;
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/** The MIME through the upload endpoint: JSON bodies are limited to a few megabytes, uploads to 35 MB. */
async function upload(api: Gmail, mime: Buffer, threadId: string | null): Promise<Sent> {
  const sent = await call(
    api.users.messages.send(
      { userId: "me", requestBody: threadId ? { threadId } : {}, media: { mimeType: "message/rfc822", body: Readable.from([mime]) } },
      api.options(SMALL_MAX_BYTES),
    ),
  );
  return { providerId: sent.id ?? null, threadId: sent.threadId ?? threadId };
}

/**
 * The mail as MIME (our Message-ID, In-Reply-To and References kept, so the
 * customer's mail program threads it), sent as the mailbox's user, in the
 * conversation's Gmail thread when there is one. Gmail sets From to the
 * mailbox's address. A thread deleted from the mailbox meanwhile (404) gets a
 * new message, still threaded by its headers at the customer's end.
 */
export async function sendMessage(accessToken: string, mail: OutgoingMail): Promise<Sent> {
  const api = await gmailClient(accessToken);
  const { replyToProviderId, threadId: known, from: _from, ...options } = mail;
  const mime = await new MailComposer(options).compile().build();
  if (mime.length > SEND_MAX_BYTES) throw new Error("The message with its attachments is larger than Gmail accepts (35 MB); send smaller files");
  const threadId = known ?? (replyToProviderId ? await threadOf(api, replyToProviderId) : null);
  try {
    return await upload(api, mime, threadId);
  } catch (error) {
    if (!threadId || !notFound(error)) throw error;
    return upload(api, mime, null);
  }
}
