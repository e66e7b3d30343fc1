/**
 * A fake Microsoft identity platform and Microsoft Graph on loopback, for the
 * calls the app makes: MSAL's OpenID discovery, authorize (consent granted at
 * once), the token endpoint (authorization code with PKCE, refresh token), and
 * Graph's /me, inbox delta, attachments, reply and sendMail. It serves https
 * (MSAL accepts https authorities only) with a self-signed certificate made by
 * openssl at first start; clients trust it through `certificatePath`
 * (NODE_EXTRA_CA_CERTS for another process) or `certificate`.
 *
 * Node built-ins and ./http.ts only, so the browser-test launcher runs it with tsx.
 * Control API: POST /__fake/messages, GET /__fake/sent, GET /__fake/revoked,
 * POST /__fake/invalidate, POST /__fake/throttle, POST /__fake/expire-delta.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { addresses, commonControl, json, listen, randomId, readBody, s256, splitMime } from "./http";

export type FakeAttachment = { id: string; name: string; contentType: string; bytes: Buffer; isInline: boolean; contentId: string | null };

export type FakeMessage = {
  id: string;
  seq: number;
  conversationId: string;
  internetMessageId: string;
  from: { address: string; name: string };
  to: string;
  subject: string;
  body: { contentType: "text" | "html"; content: string };
  receivedDateTime: string;
  headers: { name: string; value: string }[];
  attachments: FakeAttachment[];
};

/** What the app sent: a reply to a message of the mailbox, or a new message (JSON or MIME). */
export type FakeSent = {
  kind: "reply" | "sendMail";
  replyTo: string | null;
  conversationId: string;
  internetMessageId: string;
  to: string[];
  subject: string;
  text: string;
  /** The MIME the app handed to sendMail, decoded; null for JSON. */
  raw: string | null;
  attachments: { name: string; contentType: string; size: number }[];
};

export type FakeState = {
  user: { id: string; tenantId: string; mail: string; displayName: string };
  messages: FakeMessage[];
  sent: FakeSent[];
  /** Always empty: Microsoft has no endpoint that revokes one application's delegated grant. */
  revoked: string[];
  /** Every refresh token answers invalid_grant from now on. */
  invalidated: boolean;
  /** Seconds an access token lives; under MSAL's five-minute margin, every silent call refreshes. */
  accessTokenSeconds: number;
  /** Graph answers this many next requests with 429 and Retry-After. */
  throttle: number;
  /** Delta tokens issued before this epoch answer 410 syncStateNotFound. */
  deltaEpoch: number;
  /** What the token endpoint saw, by grant type; and every Graph request's method and path. */
  grants: { grant_type: string; scope: string }[];
  graph: { method: string; path: string; query: Record<string, string> }[];
  /** Authorization requests as received (query parameters). */
  authorizations: Record<string, string>[];
};

const PAGE_SIZE = 10;
const MAX_BODY = 8 * 1024 * 1024;

let certificate: Promise<{ cert: string; key: string; certificatePath: string }> | null = null;

/** One self-signed certificate for 127.0.0.1 and localhost per process, written where other processes can read it. */
function selfSigned() {
  certificate ??= new Promise((resolve, reject) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-microsoft-tls-"));
    const keyPath = path.join(dir, "key.pem");
    const certificatePath = path.join(dir, "cert.pem");
    execFile(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days", "30", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-addext", "basicConstraints=critical,CA:TRUE"],
      (error) => {
        if (error) return reject(error);
        resolve({ cert: fs.readFileSync(certificatePath, "utf8"), key: fs.readFileSync(keyPath, "utf8"), certificatePath });
      },
    );
  });
  return certificate;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

const graphError = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(res, status, { error: { code, message } }, headers);

export async function start(port = 0): Promise<{ url: string; certificate: string; certificatePath: string; close(): Promise<void>; state: FakeState }> {
  const tls = await selfSigned();
  const state: FakeState = {
    user: { id: crypto.randomUUID(), tenantId: crypto.randomUUID(), mail: "shop@contoso.test", displayName: "Contoso Plumbing" },
    messages: [],
    sent: [],
    revoked: [],
    invalidated: false,
    accessTokenSeconds: 3600,
    throttle: 0,
    deltaEpoch: 1,
    grants: [],
    graph: [],
    authorizations: [],
  };
  let seq = 0;
  const codes = new Map<string, { clientId: string; redirectUri: string; scope: string; challenge: string; method: string; used: boolean }>();
  const refreshTokens = new Map<string, { clientId: string; scope: string }>();
  const accessTokens = new Map<string, number>();
  let url = "";

  const issuer = () => `${url}/${state.user.tenantId}/v2.0`;

  function idToken(clientId: string) {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      aud: clientId, iss: issuer(), iat: now, nbf: now, exp: now + 3600, name: state.user.displayName, oid: state.user.id,
      preferred_username: state.user.mail, sub: state.user.id, tid: state.user.tenantId, ver: "2.0",
    };
    // MSAL reads the claims; it does not check the signature of an id token it got straight from the token endpoint.
    return `${b64url(JSON.stringify({ typ: "JWT", alg: "RS256", kid: "fake" }))}.${b64url(JSON.stringify(claims))}.${b64url("signature")}`;
  }

  function tokens(clientId: string, scope: string) {
    const accessToken = randomId(32);
    accessTokens.set(accessToken, Date.now() + state.accessTokenSeconds * 1000);
    const body: Record<string, unknown> = {
      token_type: "Bearer",
      scope,
      expires_in: state.accessTokenSeconds,
      ext_expires_in: state.accessTokenSeconds,
      access_token: accessToken,
      id_token: idToken(clientId),
      client_info: b64url(JSON.stringify({ uid: state.user.id, utid: state.user.tenantId })),
    };
    if (scope.split(" ").includes("offline_access")) {
      const refreshToken = randomId(48);
      refreshTokens.set(refreshToken, { clientId, scope });
      body.refresh_token = refreshToken;
    }
    return body;
  }

  const tokenError = (res: ServerResponse, error: string, description: string) =>
    json(res, 400, { error, error_description: `${description}\r\nTrace ID: ${crypto.randomUUID()}`, error_codes: [error === "invalid_grant" ? 70000 : 900144], timestamp: new Date().toISOString() });

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req, MAX_BODY)).toString("utf8"));
    const clientId = form.get("client_id") ?? "";
    const grantType = form.get("grant_type") ?? "";
    state.grants.push({ grant_type: grantType, scope: form.get("scope") ?? "" });
    if (!clientId || !form.get("client_secret")) return json(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      if (!code || code.used || code.clientId !== clientId) return tokenError(res, "invalid_grant", "AADSTS70008: The provided authorization code or refresh token has expired or has been used.");
      code.used = true;
      if (code.redirectUri !== form.get("redirect_uri")) return tokenError(res, "invalid_grant", "AADSTS50148: The redirect_uri does not match the one of the authorization request.");
      if (code.method !== "S256" || s256(form.get("code_verifier") ?? "") !== code.challenge) return tokenError(res, "invalid_grant", "AADSTS501481: The Code_Verifier does not match the code_challenge supplied in the authorization request.");
      return json(res, 200, tokens(clientId, code.scope));
    }
    if (grantType === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || state.invalidated || grant.clientId !== clientId) {
        return tokenError(res, "invalid_grant", "AADSTS70000: The provided grant has expired due to it being revoked, a fresh auth token is needed.");
      }
      return json(res, 200, tokens(clientId, grant.scope));
    }
    return tokenError(res, "unsupported_grant_type", `AADSTS70003: The app requested an unsupported grant type '${grantType}'.`);
  }

  function authorize(reqUrl: URL, res: ServerResponse) {
    const query = Object.fromEntries(reqUrl.searchParams);
    state.authorizations.push(query);
    const redirectUri = query.redirect_uri;
    if (!redirectUri || query.response_type !== "code" || !query.client_id) return json(res, 400, { error: "invalid_request" });
    if (!query.code_challenge || query.code_challenge_method !== "S256") return json(res, 400, { error: "invalid_request", error_description: "AADSTS9002325: Proof Key for Code Exchange is required." });
    const code = randomId(32);
    codes.set(code, { clientId: query.client_id, redirectUri, scope: query.scope ?? "", challenge: query.code_challenge, method: query.code_challenge_method, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    if (query.state) back.searchParams.set("state", query.state);
    back.searchParams.set("scope", query.scope ?? "");
    back.searchParams.set("session_state", crypto.randomUUID());
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  // ---- Graph ----

  const findMessage = (id: string) => state.messages.find((message) => message.id === id);

  /** The conversation a message answering `ids` belongs to, as Exchange threads by In-Reply-To/References. */
  function conversationOf(ids: string[]): string | null {
    for (const id of ids) {
      const known = state.messages.find((message) => message.internetMessageId === id) ?? state.sent.find((sent) => sent.internetMessageId === id);
      if (known) return known.conversationId;
    }
    return null;
  }

  function view(message: FakeMessage) {
    return {
      "@odata.etag": `W/"${message.seq}"`,
      id: message.id,
      receivedDateTime: message.receivedDateTime,
      sentDateTime: message.receivedDateTime,
      hasAttachments: message.attachments.some((attachment) => !attachment.isInline),
      internetMessageId: message.internetMessageId,
      subject: message.subject,
      isDraft: false,
      conversationId: message.conversationId,
      body: message.body,
      from: { emailAddress: message.from },
      sender: { emailAddress: message.from },
      toRecipients: [{ emailAddress: { address: message.to, name: message.to } }],
      internetMessageHeaders: message.headers,
    };
  }

  type Cursor = { epoch: number; after: number; since: string | null; offset: number };
  const encode = (cursor: Cursor) => b64url(JSON.stringify(cursor));
  const decode = (token: string): Cursor | null => {
    try {
      return JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Cursor;
    } catch {
      return null;
    }
  };

  function delta(reqUrl: URL, req: IncomingMessage, res: ServerResponse) {
    const base = `${url}${reqUrl.pathname}`;
    const token = reqUrl.searchParams.get("$deltatoken") ?? reqUrl.searchParams.get("$skiptoken");
    let cursor: Cursor;
    if (token) {
      const decoded = decode(token);
      if (!decoded) return graphError(res, 400, "BadRequest", "The delta token is not valid.");
      if (decoded.epoch < state.deltaEpoch) return graphError(res, 410, "SyncStateNotFound", "The sync state generation is not found.");
      cursor = decoded;
    } else {
      const filter = reqUrl.searchParams.get("$filter") ?? "";
      const since = /receivedDateTime\s+ge\s+(\S+)/i.exec(filter)?.[1] ?? null;
      cursor = { epoch: state.deltaEpoch, after: 0, since, offset: 0 };
    }
    const prefer = String(req.headers.prefer ?? "");
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? PAGE_SIZE);
    const pending = state.messages.filter(
      (message) => message.seq > cursor.after && (!cursor.since || message.receivedDateTime >= cursor.since),
    );
    const page = pending.slice(cursor.offset, cursor.offset + pageSize);
    const more = cursor.offset + pageSize < pending.length;
    const top = Math.max(cursor.after, ...pending.map((message) => message.seq));
    const link = more
      ? { "@odata.nextLink": `${base}?$skiptoken=${encode({ ...cursor, offset: cursor.offset + pageSize })}` }
      : { "@odata.deltaLink": `${base}?$deltatoken=${encode({ epoch: state.deltaEpoch, after: top, since: null, offset: 0 })}` };
    json(res, 200, { "@odata.context": `${url}/v1.0/$metadata#Collection(message)`, value: page.map(view), ...link });
  }

  const attachmentView = (attachment: FakeAttachment) => ({
    "@odata.type": "#microsoft.graph.fileAttachment",
    id: attachment.id,
    name: attachment.name,
    contentType: attachment.contentType,
    size: attachment.bytes.length,
    isInline: attachment.isInline,
    contentId: attachment.contentId,
  });

  /** The list leaves the bytes out, as the app asks with $select. */
  const attachments = (message: FakeMessage, res: ServerResponse) => json(res, 200, { value: message.attachments.map(attachmentView) });

  type GraphRecipient = { emailAddress?: { address?: string } };
  type GraphMessage = {
    subject?: string;
    body?: { contentType?: string; content?: string };
    toRecipients?: GraphRecipient[];
    attachments?: { "@odata.type"?: string; name?: string; contentType?: string; contentBytes?: string }[];
    internetMessageHeaders?: { name: string; value: string }[];
  };

  const recipients = (list: GraphRecipient[] | undefined) => (list ?? []).map((entry) => (entry.emailAddress?.address ?? "").toLowerCase()).filter(Boolean);
  const sentAttachments = (message: GraphMessage) =>
    (message.attachments ?? []).map((attachment) => {
      if (attachment["@odata.type"] !== "#microsoft.graph.fileAttachment") throw new Error("only file attachments");
      return { name: attachment.name ?? "", contentType: attachment.contentType ?? "", size: Buffer.from(attachment.contentBytes ?? "", "base64").length };
    });

  async function reply(original: FakeMessage, req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req, MAX_BODY)).toString("utf8") || "{}") as { comment?: string; message?: GraphMessage };
    const message = body.message ?? {};
    if (body.comment !== undefined && message.body) return graphError(res, 400, "ErrorInvalidRequest", "Specify either a comment or the body of the message, not both.");
    const bad = (message.internetMessageHeaders ?? []).find((header) => !/^x-/i.test(header.name));
    if (bad) return graphError(res, 400, "InvalidInternetMessageHeader", `The internet message header name '${bad.name}' should start with 'x-' or 'X-'.`);
    state.sent.push({
      kind: "reply",
      replyTo: original.id,
      conversationId: original.conversationId,
      internetMessageId: `<${randomId(12)}@fake.outlook.test>`,
      to: message.toRecipients ? recipients(message.toRecipients) : [original.from.address],
      subject: message.subject ?? `RE: ${original.subject}`,
      text: message.body?.content ?? body.comment ?? "",
      raw: null,
      attachments: sentAttachments(message),
    });
    res.writeHead(202);
    res.end();
  }

  async function sendMail(req: IncomingMessage, res: ServerResponse) {
    const body = (await readBody(req, MAX_BODY)).toString("utf8");
    const type = String(req.headers["content-type"] ?? "");
    if (type.startsWith("text/plain")) {
      const raw = Buffer.from(body, "base64").toString("utf8");
      const { headers, body: text } = splitMime(raw);
      if (!headers.has("from") && !headers.has("to")) return graphError(res, 400, "ErrorMimeContentInvalidBase64String", "Invalid base64 string for MIME content.");
      const threadIds = [...(headers.get("in-reply-to") ?? "").split(/\s+/), ...(headers.get("references") ?? "").split(/\s+/)].filter(Boolean);
      state.sent.push({
        kind: "sendMail",
        replyTo: null,
        conversationId: conversationOf(threadIds) ?? randomId(16),
        internetMessageId: headers.get("message-id") ?? `<${randomId(12)}@fake.outlook.test>`,
        to: addresses(headers.get("to")),
        subject: headers.get("subject") ?? "",
        text: text.trim(),
        raw,
        attachments: [],
      });
    } else {
      const parsed = JSON.parse(body || "{}") as { message?: GraphMessage };
      const message = parsed.message ?? {};
      const bad = (message.internetMessageHeaders ?? []).find((header) => !/^x-/i.test(header.name));
      if (bad) return graphError(res, 400, "InvalidInternetMessageHeader", `The internet message header name '${bad.name}' should start with 'x-' or 'X-'.`);
      state.sent.push({
        kind: "sendMail",
        replyTo: null,
        conversationId: randomId(16),
        internetMessageId: `<${randomId(12)}@fake.outlook.test>`,
        to: recipients(message.toRecipients),
        subject: message.subject ?? "",
        text: message.body?.content ?? "",
        raw: null,
        attachments: sentAttachments(message),
      });
    }
    res.writeHead(202);
    res.end();
  }

  async function graph(reqUrl: URL, req: IncomingMessage, res: ServerResponse) {
    const route = reqUrl.pathname.replace(/^\/v1\.0(?=\/)/, "");
    state.graph.push({ method: req.method ?? "", path: route, query: Object.fromEntries(reqUrl.searchParams) });
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiresAt = bearer ? accessTokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt < Date.now()) return graphError(res, 401, "InvalidAuthenticationToken", "Access token is empty or has expired.");
    if (state.throttle > 0) {
      state.throttle -= 1;
      return graphError(res, 429, "ApplicationThrottled", "Application is over its MailboxConcurrency limit.", { "Retry-After": "7" });
    }
    if (req.method === "GET" && route === "/me") {
      return json(res, 200, { id: state.user.id, displayName: state.user.displayName, mail: state.user.mail, userPrincipalName: state.user.mail });
    }
    if (req.method === "GET" && route === "/me/mailFolders/inbox/messages/delta") return delta(reqUrl, req, res);
    if (req.method === "POST" && route === "/me/sendMail") return sendMail(req, res);
    const match = /^\/me\/messages\/([^/]+)(\/.*)?$/.exec(route);
    const message = match ? findMessage(decodeURIComponent(match[1])) : undefined;
    if (match && !message) return graphError(res, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
    if (message && req.method === "POST" && match![2] === "/reply") return reply(message, req, res);
    if (message && req.method === "GET" && match![2] === "/attachments") return attachments(message, res);
    const attachmentMatch = /^\/attachments\/([^/]+)$/.exec(match?.[2] ?? "");
    if (message && req.method === "GET" && attachmentMatch) {
      const attachment = message.attachments.find((entry) => entry.id === decodeURIComponent(attachmentMatch[1]));
      if (!attachment) return graphError(res, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
      return json(res, 200, { ...attachmentView(attachment), contentBytes: attachment.bytes.toString("base64") });
    }
    graphError(res, 400, "BadRequest", `Resource not found for the segment '${route}'.`);
  }

  // ---- control ----

  type Incoming = {
    from: string;
    fromName?: string;
    subject: string;
    text?: string;
    html?: string;
    conversationId?: string;
    internetMessageId?: string;
    inReplyTo?: string;
    references?: string[];
    receivedDateTime?: string;
    attachments?: { name: string; contentType?: string; contentBytes: string; isInline?: boolean; contentId?: string }[];
  };

  function deliver(input: Incoming) {
    const internetMessageId = input.internetMessageId ?? `<${randomId(12)}@customer.test>`;
    const references = [...(input.references ?? []), ...(input.inReplyTo ? [input.inReplyTo] : [])];
    const conversationId = input.conversationId ?? conversationOf(references.reverse()) ?? `AAQk${randomId(24)}`;
    const headers = [{ name: "Message-ID", value: internetMessageId }];
    if (input.inReplyTo) headers.push({ name: "In-Reply-To", value: input.inReplyTo });
    if (input.references?.length) headers.push({ name: "References", value: input.references.join(" ") });
    const message: FakeMessage = {
      id: `AAMk${randomId(32)}`,
      seq: ++seq,
      conversationId,
      internetMessageId,
      from: { address: input.from, name: input.fromName ?? input.from },
      to: state.user.mail,
      subject: input.subject,
      body: input.html ? { contentType: "html", content: input.html } : { contentType: "text", content: input.text ?? "" },
      receivedDateTime: input.receivedDateTime ?? new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      headers,
      attachments: (input.attachments ?? []).map((attachment) => ({
        id: `AAMkAtt${randomId(16)}`,
        name: attachment.name,
        contentType: attachment.contentType ?? "application/octet-stream",
        bytes: Buffer.from(attachment.contentBytes, "base64"),
        isInline: Boolean(attachment.isInline),
        contentId: attachment.contentId ?? null,
      })),
    };
    state.messages.push(message);
    return message;
  }

  async function control(route: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST" && route === "/__fake/messages") {
      const input = JSON.parse((await readBody(req, MAX_BODY)).toString("utf8")) as Incoming;
      if (!input.from || typeof input.subject !== "string") return json(res, 400, { error: "from and subject are required" });
      const message = deliver(input);
      return json(res, 200, { id: message.id, threadId: message.conversationId, internetMessageId: message.internetMessageId });
    }
    if (commonControl(route, req, res, state)) return;
    if (req.method === "POST" && route === "/__fake/expire-delta") {
      state.deltaEpoch += 1;
      return json(res, 200, { ok: true });
    }
    json(res, 404, { error: "unknown control call" });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const reqUrl = new URL(req.url ?? "/", url);
    const route = reqUrl.pathname;
    if (route.startsWith("/__fake/")) return control(route, req, res);
    const identity = /^\/([^/]+)\/(v2\.0\/\.well-known\/openid-configuration|oauth2\/v2\.0\/authorize|oauth2\/v2\.0\/token)$/.exec(route);
    if (identity && identity[2].endsWith("openid-configuration")) {
      const tenant = identity[1];
      return json(res, 200, {
        issuer: `${url}/{tenantid}/v2.0`,
        authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `${url}/${tenant}/oauth2/v2.0/token`,
        end_session_endpoint: `${url}/${tenant}/oauth2/v2.0/logout`,
        jwks_uri: `${url}/${tenant}/discovery/v2.0/keys`,
        response_types_supported: ["code"],
        scopes_supported: ["openid", "profile", "email", "offline_access"],
        tenant_region_scope: null,
      });
    }
    if (identity && req.method === "GET" && identity[2].endsWith("authorize")) return authorize(reqUrl, res);
    if (identity && req.method === "POST" && identity[2].endsWith("token")) return token(req, res);
    return graph(reqUrl, req, res);
  }

  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { code: "InternalServerError", message: String(error) } });
      else res.destroy();
    });
  });
  const listening = await listen(server, port);
  url = `https://127.0.0.1:${listening.port}`;
  return { url, certificate: tls.cert, certificatePath: tls.certificatePath, state, close: listening.close };
}
