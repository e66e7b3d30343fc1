/**
 * A fake Google OAuth 2.0 server and Gmail API on loopback (plain http), for the
 * calls the app makes: the authorization page (consent granted at once), the
 * token endpoint (authorization code, with PKCE when it was asked for, and
 * refresh token), token revocation, and Gmail's profile, history, message list,
 * raw message and send (JSON and upload).
 *
 * Node built-ins and ./http.ts only, so the browser-test launcher runs it with tsx.
 * Control API: POST /__fake/messages, GET /__fake/sent, GET /__fake/revoked,
 * POST /__fake/invalidate, POST /__fake/expire-history, POST /__fake/throttle.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { addresses, commonControl, json, listen, randomId, readBody, s256, splitMime } from "./http";

export type FakeMessage = {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  /** The history record that added it. */
  historyId: number;
  internalDate: number;
  messageId: string | null;
  subject: string;
};

/** What the app sent through messages.send, decoded. */
export type FakeSent = {
  id: string;
  /** The thread the message went into: the one asked for, else a new one. */
  threadId: string;
  /** The threadId the request carried, or null. */
  requestedThreadId: string | null;
  /** How the message came: JSON `raw`, or the upload endpoint (multipart or media). */
  upload: "json" | "multipart" | "media";
  raw: string;
  to: string[];
  from: string | null;
  subject: string;
  /** The first text/plain part, decoded. */
  text: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
};

export type FakeState = {
  user: { email: string };
  /** The OAuth client the token endpoint accepts; null: the first one seen is bound. */
  client: { id: string; secret: string } | null;
  messages: FakeMessage[];
  sent: FakeSent[];
  /** Tokens revoked through the revoke endpoint. */
  revoked: string[];
  /** Every refresh token answers invalid_grant from now on. */
  invalidated: boolean;
  /** Seconds an access token lives. */
  accessTokenSeconds: number;
  /** The scopes the user grants, when fewer than asked for (Google's granular consent); null grants all asked for. */
  grantScopes: string[] | null;
  /** The token endpoint hands out a new refresh token with every refresh. */
  rotateRefreshTokens: boolean;
  /** Gmail answers this many next requests with 429 and Retry-After. */
  throttle: number;
  /** The newest history record's id. */
  historyId: number;
  /** History ids below this answer 404 (Gmail keeps history for about a week). */
  oldestHistoryId: number;
  /** What the token endpoint saw, and every Gmail request's method, path and query. */
  grants: { grant_type: string }[];
  gmail: { method: string; path: string; query: Record<string, string | string[]> }[];
  /** Authorization requests as received (query parameters). */
  authorizations: Record<string, string>[];
};

const MAX_BODY = 48 * 1024 * 1024;
const hexId = () => crypto.randomBytes(8).toString("hex");

const STATUS_NAMES: Record<number, string> = { 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED" };

/** Google's JSON error envelope. */
const apiError = (res: ServerResponse, status: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  json(res, status, { error: { code: status, message, errors: [{ message, domain: "global", reason }], status: STATUS_NAMES[status] ?? "UNKNOWN" } }, headers);

// ---- a little MIME, enough to read what the app sends ----

const parameter = (value: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, "i").exec(value ?? "")?.[1] ?? null;

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "").toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes);
    } catch {
      return bytes;
    }
  }
  return body;
}

/** The first text/plain part of a message, decoded. */
function plainText(raw: string, depth = 0): string | null {
  const { headers, body } = splitMime(raw);
  const type = headers.get("content-type") ?? "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, "boundary");
    if (!boundary || depth > 10) return null;
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const text = plainText(part.replace(/^\r?\n/, ""), depth + 1);
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers.get("content-transfer-encoding")).trim() : null;
}

/** An RFC 2047 encoded word's text, for subjects. */
const decodeWords = (value: string) =>
  value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
  ).trim();

const messageIds = (value: string | undefined) => value?.match(/<[^<>\s]+>/g) ?? [];

export async function start(port = 0): Promise<{ url: string; close(): Promise<void>; state: FakeState }> {
  const state: FakeState = {
    user: { email: "shop@craft-mail.test" },
    client: null,
    messages: [],
    sent: [],
    revoked: [],
    invalidated: false,
    accessTokenSeconds: 3600,
    grantScopes: null,
    rotateRefreshTokens: false,
    throttle: 0,
    historyId: 1000,
    oldestHistoryId: 1,
    grants: [],
    gmail: [],
    authorizations: [],
  };
  type Code = { clientId: string; redirectUri: string; scope: string; offline: boolean; challenge: string | null; used: boolean };
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, { clientId: string; scope: string; revoked: boolean }>();
  const accessTokens = new Map<string, { expiresAt: number; refreshToken: string | null; scope: string }>();
  let url = "";

  // ---- OAuth ----

  function authorize(reqUrl: URL, res: ServerResponse) {
    const query = Object.fromEntries(reqUrl.searchParams);
    state.authorizations.push(query);
    const redirectUri = query.redirect_uri;
    if (!redirectUri || !query.client_id || query.response_type !== "code") return json(res, 400, { error: "invalid_request", error_description: "Missing required parameter" });
    if (state.client && query.client_id !== state.client.id) return json(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    const asked = (query.scope ?? "").split(" ").filter(Boolean);
    if (asked.length === 0) return json(res, 400, { error: "invalid_request", error_description: "Missing required parameter: scope" });
    if (query.code_challenge && query.code_challenge_method !== "S256") return json(res, 400, { error: "invalid_request", error_description: "Only S256 is accepted here" });
    const granted = state.grantScopes ? asked.filter((scope) => state.grantScopes!.includes(scope)) : asked;
    const code = `4/${randomId(32)}`;
    codes.set(code, {
      clientId: query.client_id,
      redirectUri,
      scope: granted.join(" "),
      offline: query.access_type === "offline",
      challenge: query.code_challenge ?? null,
      used: false,
    });
    const back = new URL(redirectUri);
    if (query.state) back.searchParams.set("state", query.state);
    back.searchParams.set("code", code);
    back.searchParams.set("scope", granted.join(" "));
    back.searchParams.set("authuser", "0");
    back.searchParams.set("prompt", "consent");
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  function issue(clientId: string, scope: string, refreshToken: string | null, withRefresh: boolean) {
    const accessToken = `ya29.${randomId(32)}`;
    let refresh = refreshToken;
    if (withRefresh) {
      refresh = `1//${randomId(40)}`;
      refreshTokens.set(refresh, { clientId, scope, revoked: false });
    }
    accessTokens.set(accessToken, { expiresAt: Date.now() + state.accessTokenSeconds * 1000, refreshToken: refresh, scope });
    return {
      access_token: accessToken,
      expires_in: state.accessTokenSeconds,
      scope,
      token_type: "Bearer",
      ...(withRefresh && { refresh_token: refresh }),
    };
  }

  const tokenError = (res: ServerResponse, status: number, error: string, description: string) => json(res, status, { error, error_description: description });

  /** The client from the body (client_secret_post) or the Authorization header (client_secret_basic). */
  function clientOf(req: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
      return { id: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
    }
    return { id: form.get("client_id") ?? "", secret: form.get("client_secret") ?? "" };
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req, MAX_BODY)).toString("utf8"));
    const grantType = form.get("grant_type") ?? "";
    state.grants.push({ grant_type: grantType });
    const client = clientOf(req, form);
    if (!client.id || !client.secret) return tokenError(res, 401, "invalid_client", "Unauthorized");
    state.client ??= { id: client.id, secret: client.secret };
    if (client.id !== state.client.id || client.secret !== state.client.secret) return tokenError(res, 401, "invalid_client", "Unauthorized");
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      if (!code || code.used || code.clientId !== client.id) return tokenError(res, 400, "invalid_grant", "Malformed auth code.");
      code.used = true;
      if (code.redirectUri !== form.get("redirect_uri")) return tokenError(res, 400, "redirect_uri_mismatch", "Bad Request");
      if (code.challenge && s256(form.get("code_verifier") ?? "") !== code.challenge) return tokenError(res, 400, "invalid_grant", "Invalid code verifier.");
      if (!code.challenge && form.get("code_verifier")) return tokenError(res, 400, "invalid_grant", "code_verifier or verifier is not needed.");
      return json(res, 200, issue(client.id, code.scope, null, code.offline));
    }
    if (grantType === "refresh_token") {
      const refreshToken = form.get("refresh_token") ?? "";
      const grant = refreshTokens.get(refreshToken);
      if (!grant || grant.revoked || state.invalidated || grant.clientId !== client.id) return tokenError(res, 400, "invalid_grant", "Token has been expired or revoked.");
      if (state.rotateRefreshTokens) {
        grant.revoked = true;
        return json(res, 200, issue(client.id, grant.scope, null, true));
      }
      return json(res, 200, issue(client.id, grant.scope, refreshToken, false));
    }
    return tokenError(res, 400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
  }

  /** Revoking either token of a grant ends the grant: its refresh token and every access token. */
  async function revoke(reqUrl: URL, req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req, MAX_BODY)).toString("utf8"));
    const value = reqUrl.searchParams.get("token") ?? form.get("token") ?? "";
    const access = accessTokens.get(value);
    const refreshToken = refreshTokens.has(value) ? value : access?.refreshToken;
    const grant = refreshToken ? refreshTokens.get(refreshToken) : undefined;
    if (!grant && !access) return json(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
    if (grant) {
      if (grant.revoked) return json(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
      grant.revoked = true;
    }
    for (const [key, entry] of accessTokens) if (key === value || (refreshToken && entry.refreshToken === refreshToken)) accessTokens.delete(key);
    state.revoked.push(value);
    json(res, 200, {});
  }

  // ---- Gmail ----

  const findMessage = (id: string) => state.messages.find((message) => message.id === id);

  /** The thread of a message answering `ids`, as Gmail threads by References. */
  function threadOf(ids: string[]): string | null {
    for (const id of [...ids].reverse()) {
      const known = state.messages.find((message) => message.messageId === id);
      if (known) return known.threadId;
    }
    return null;
  }

  function addMessage(raw: Buffer, labelIds: string[], threadId: string | null, internalDate: number): FakeMessage {
    const { headers } = splitMime(raw.toString("utf8"));
    const ids = [...messageIds(headers.get("references")), ...messageIds(headers.get("in-reply-to"))];
    state.historyId += 1;
    const message: FakeMessage = {
      id: hexId(),
      threadId: threadId ?? threadOf(ids) ?? hexId(),
      labelIds,
      raw,
      historyId: state.historyId,
      internalDate,
      messageId: messageIds(headers.get("message-id"))[0] ?? null,
      subject: decodeWords(headers.get("subject") ?? ""),
    };
    state.messages.push(message);
    return message;
  }

  const pageSize = (value: string | undefined, fallback: number) => Math.min(500, Math.max(1, Number(value) || fallback));

  function history(query: URLSearchParams, res: ServerResponse) {
    const start = Number(query.get("startHistoryId"));
    if (!query.get("startHistoryId") || !Number.isSafeInteger(start)) return apiError(res, 400, "invalidArgument", "Invalid startHistoryId");
    if (start < state.oldestHistoryId) return apiError(res, 404, "notFound", "Requested entity was not found.");
    const types = query.getAll("historyTypes");
    if (types.length > 0 && !types.includes("messageAdded")) return json(res, 200, { historyId: String(state.historyId) });
    const label = query.get("labelId");
    const records = state.messages
      .filter((message) => message.historyId > start && (!label || message.labelIds.includes(label)))
      .sort((a, b) => a.historyId - b.historyId);
    const offset = Number(query.get("pageToken") ? Buffer.from(query.get("pageToken")!, "base64url").toString("utf8") : 0) || 0;
    const size = pageSize(query.get("maxResults") ?? undefined, 100);
    const page = records.slice(offset, offset + size);
    const stub = (message: FakeMessage) => ({ id: message.id, threadId: message.threadId });
    json(res, 200, {
      ...(page.length > 0 && {
        history: page.map((message) => ({
          id: String(message.historyId),
          messages: [stub(message)],
          messagesAdded: [{ message: { ...stub(message), labelIds: message.labelIds } }],
        })),
      }),
      ...(offset + size < records.length && { nextPageToken: Buffer.from(String(offset + size)).toString("base64url") }),
      historyId: String(state.historyId),
    });
  }

  function listMessages(query: URLSearchParams, res: ServerResponse) {
    const labels = query.getAll("labelIds");
    const newer = /newer_than:(\d+)([dmy])/.exec(query.get("q") ?? "");
    const days = newer ? Number(newer[1]) * { d: 1, m: 31, y: 366 }[newer[2] as "d" | "m" | "y"] : null;
    const since = days === null ? 0 : Date.now() - days * 86400_000;
    const matching = state.messages
      .filter((message) => labels.every((label) => message.labelIds.includes(label)) && message.internalDate >= since)
      .sort((a, b) => b.internalDate - a.internalDate || b.historyId - a.historyId);
    const offset = Number(query.get("pageToken") ? Buffer.from(query.get("pageToken")!, "base64url").toString("utf8") : 0) || 0;
    const size = pageSize(query.get("maxResults") ?? undefined, 100);
    const page = matching.slice(offset, offset + size);
    json(res, 200, {
      ...(page.length > 0 && { messages: page.map((message) => ({ id: message.id, threadId: message.threadId })) }),
      ...(offset + size < matching.length && { nextPageToken: Buffer.from(String(offset + size)).toString("base64url") }),
      resultSizeEstimate: matching.length,
    });
  }

  function getMessage(message: FakeMessage, query: URLSearchParams, res: ServerResponse) {
    const format = query.get("format") ?? "full";
    const base = {
      id: message.id,
      threadId: message.threadId,
      labelIds: message.labelIds,
      snippet: message.subject,
      sizeEstimate: message.raw.length,
      historyId: String(message.historyId),
      internalDate: String(message.internalDate),
    };
    if (format === "raw") return json(res, 200, { ...base, raw: message.raw.toString("base64url") });
    if (format === "minimal") return json(res, 200, base);
    if (format === "metadata") {
      const wanted = query.getAll("metadataHeaders").map((name) => name.toLowerCase());
      const { headers } = splitMime(message.raw.toString("utf8"));
      return json(res, 200, {
        ...base,
        payload: {
          mimeType: "message/rfc822",
          headers: [...headers].filter(([name]) => wanted.length === 0 || wanted.includes(name)).map(([name, value]) => ({ name: name.replace(/(^|-)\w/g, (c) => c.toUpperCase()), value })),
        },
      });
    }
    apiError(res, 400, "invalidArgument", `The fake serves formats raw, minimal and metadata, not ${format}`);
  }

  /** The message the app sends, from JSON `raw` or an upload (multipart/related with JSON metadata, or the bare message). */
  async function readSend(reqUrl: URL, req: IncomingMessage): Promise<{ raw: Buffer; threadId: string | null; upload: FakeSent["upload"] } | string> {
    const body = await readBody(req, MAX_BODY);
    const type = String(req.headers["content-type"] ?? "");
    if (!reqUrl.pathname.startsWith("/upload/")) {
      const parsed = JSON.parse(body.toString("utf8") || "{}") as { raw?: string; threadId?: string };
      if (!parsed.raw) return "'raw' RFC822 payload message string or uploading message via /upload/* URL required";
      return { raw: Buffer.from(parsed.raw, "base64url"), threadId: parsed.threadId ?? null, upload: "json" };
    }
    const uploadType = reqUrl.searchParams.get("uploadType");
    if (uploadType === "media") return { raw: body, threadId: null, upload: "media" };
    if (uploadType !== "multipart" || !/^multipart\/related/i.test(type)) return "Upload expects uploadType=multipart with multipart/related, or uploadType=media";
    const boundary = parameter(type, "boundary");
    if (!boundary) return "The multipart body has no boundary";
    const text = body.toString("latin1");
    const parts = text.split(`--${boundary}`).slice(1, -1).map((part) => splitMime(part.replace(/^\r?\n/, "")));
    if (parts.length !== 2) return `An upload has two parts, metadata and media; this one has ${parts.length}`;
    const metadata = JSON.parse(Buffer.from(parts[0].body, "latin1").toString("utf8").trim() || "{}") as { threadId?: string };
    if (!/^message\//i.test(parts[1].headers.get("content-type") ?? "")) return "Media type must be message/*";
    const raw = Buffer.from(parts[1].body.replace(/\r\n$/, ""), "latin1");
    return { raw, threadId: metadata.threadId ?? null, upload: "multipart" };
  }

  async function send(reqUrl: URL, req: IncomingMessage, res: ServerResponse) {
    const read = await readSend(reqUrl, req);
    if (typeof read === "string") return apiError(res, 400, "invalidArgument", read);
    const rawText = read.raw.toString("utf8");
    const { headers } = splitMime(rawText);
    const to = addresses(headers.get("to"));
    if (to.length === 0) return apiError(res, 400, "invalidArgument", "Invalid To header");
    if (read.threadId && !state.messages.some((message) => message.threadId === read.threadId)) return apiError(res, 404, "notFound", "Requested entity was not found.");
    const message = addMessage(read.raw, ["SENT"], read.threadId ?? hexId(), Date.now());
    state.sent.push({
      id: message.id,
      threadId: message.threadId,
      requestedThreadId: read.threadId,
      upload: read.upload,
      raw: rawText,
      to,
      from: headers.get("from") ?? null,
      subject: decodeWords(headers.get("subject") ?? ""),
      text: plainText(rawText) ?? "",
      messageId: messageIds(headers.get("message-id"))[0] ?? null,
      inReplyTo: messageIds(headers.get("in-reply-to"))[0] ?? null,
      references: messageIds(headers.get("references")),
    });
    json(res, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
  }

  async function gmail(reqUrl: URL, req: IncomingMessage, res: ServerResponse) {
    const route = reqUrl.pathname;
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(reqUrl.searchParams.keys())) {
      const values = reqUrl.searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0] : values;
    }
    state.gmail.push({ method: req.method ?? "", path: route, query });
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt < Date.now()) {
      return apiError(res, 401, "authError", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", {
        "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/"',
      });
    }
    if (state.throttle > 0) {
      state.throttle -= 1;
      return apiError(res, 429, "rateLimitExceeded", "Too many concurrent requests for user.", { "Retry-After": "7" });
    }
    const scopes = access.scope.split(" ");
    const can = (scope: string) => scopes.includes(`https://www.googleapis.com/auth/gmail.${scope}`);
    const forbidden = () => apiError(res, 403, "insufficientPermissions", "Request had insufficient authentication scopes.");
    const path = route.replace(/^\/(?:upload\/)?gmail\/v1\/users\/me/, "");
    if (path === route) return apiError(res, 404, "notFound", `No such method: ${route}`);
    if (req.method === "POST" && path === "/messages/send") return can("send") ? send(reqUrl, req, res) : forbidden();
    if (!can("readonly")) return forbidden();
    if (req.method === "GET" && path === "/profile") {
      return json(res, 200, { emailAddress: state.user.email, messagesTotal: state.messages.length, threadsTotal: new Set(state.messages.map((m) => m.threadId)).size, historyId: String(state.historyId) });
    }
    if (req.method === "GET" && path === "/history") return history(reqUrl.searchParams, res);
    if (req.method === "GET" && path === "/messages") return listMessages(reqUrl.searchParams, res);
    const match = /^\/messages\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      const message = findMessage(decodeURIComponent(match[1]));
      if (!message) return apiError(res, 404, "notFound", "Requested entity was not found.");
      return getMessage(message, reqUrl.searchParams, res);
    }
    apiError(res, 404, "notFound", `No such method: ${req.method} ${route}`);
  }

  // ---- control ----

  type Incoming = { raw?: string; threadId?: string; labelIds?: string[]; date?: string };

  async function control(route: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST" && route === "/__fake/messages") {
      const input = JSON.parse((await readBody(req, MAX_BODY)).toString("utf8") || "{}") as Incoming;
      if (typeof input.raw !== "string" || !input.raw.trim()) return json(res, 400, { error: "raw (the RFC 822 message) is required" });
      const date = input.date ? Date.parse(input.date) : Date.now();
      if (Number.isNaN(date)) return json(res, 400, { error: "date is not a date" });
      const message = addMessage(Buffer.from(input.raw, "utf8"), input.labelIds ?? ["INBOX", "UNREAD"], input.threadId ?? null, date);
      return json(res, 200, { id: message.id, threadId: message.threadId, messageId: message.messageId, historyId: String(message.historyId) });
    }
    if (commonControl(route, req, res, state)) return;
    if (req.method === "POST" && route === "/__fake/expire-history") {
      // Something happened in the mailbox since: the current history id is new, and everything before it is forgotten.
      state.historyId += 1;
      state.oldestHistoryId = state.historyId;
      return json(res, 200, { ok: true, historyId: String(state.historyId) });
    }
    json(res, 404, { error: "unknown control call" });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const reqUrl = new URL(req.url ?? "/", url);
    const route = reqUrl.pathname;
    if (route.startsWith("/__fake/")) return control(route, req, res);
    if (req.method === "GET" && (route === "/o/oauth2/v2/auth" || route === "/o/oauth2/auth")) return authorize(reqUrl, res);
    if (req.method === "POST" && route === "/token") return token(req, res);
    if (req.method === "POST" && route === "/revoke") return revoke(reqUrl, req, res);
    return gmail(reqUrl, req, res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) apiError(res, 500, "backendError", String(error));
      else res.destroy();
    });
  });
  const listening = await listen(server, port);
  url = `http://127.0.0.1:${listening.port}`;
  return { url, state, close: listening.close };
}
