/** Raw emails as mail providers post them to the inbound webhook, and the organization's inbound address. */
import crypto from "node:crypto";
import { expect } from "vitest";
import { POST as postInbound } from "@/app/api/api/inbound/email/[token]/route";
import { POST as postReplyRoute } from "@/app/api/api/inbound/email/route";
import { GET as getOrganization } from "@/app/api/api/organization/[id]/route";
import { call } from "./api";

export type RawEmail = {
  from?: string | null;
  to?: string;
  subject?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string[];
  text?: string;
  html?: string;
  date?: string;
  /** With `cid`, an inline part the HTML names as `cid:…`. */
  attachments?: { name: string; type: string; bytes: Uint8Array; cid?: string }[];
};

const CRLF = "\r\n";
const base64 = (bytes: Uint8Array) => (Buffer.from(bytes).toString("base64").match(/.{1,76}/g) ?? []).join(CRLF);

export const newMessageId = () => `<${crypto.randomUUID()}@mail.customer.test>`;

/** An RFC 5322 message: text and/or HTML alternatives, attachments in a multipart/mixed around them. */
export function rawEmail(mail: RawEmail = {}): string {
  const headers = [
    mail.from === null ? null : `From: ${mail.from ?? "Carla Customer <carla@customer.test>"}`,
    `To: ${mail.to ?? "shop@inbound.test"}`,
    `Subject: ${mail.subject ?? "About the boiler"}`,
    `Date: ${mail.date ?? new Date().toUTCString()}`,
    mail.messageId === null ? null : `Message-ID: ${mail.messageId ?? newMessageId()}`,
    mail.inReplyTo ? `In-Reply-To: ${mail.inReplyTo}` : null,
    mail.references?.length ? `References: ${mail.references.join(`${CRLF} `)}` : null,
    "MIME-Version: 1.0",
  ].filter((line): line is string => line !== null);
  const parts: string[] = [];
  if (mail.text !== undefined || mail.html === undefined) {
    parts.push(`Content-Type: text/plain; charset=utf-8${CRLF}Content-Transfer-Encoding: 8bit${CRLF}${CRLF}${mail.text ?? "Hello, when can you come?"}`);
  }
  if (mail.html !== undefined) parts.push(`Content-Type: text/html; charset=utf-8${CRLF}Content-Transfer-Encoding: 8bit${CRLF}${CRLF}${mail.html}`);
  const body = parts.length === 1 ? parts[0] : multipart("alternative", parts);
  const attachments = (mail.attachments ?? []).map(
    (file) =>
      `Content-Type: ${file.type}; name="${file.name}"${CRLF}${file.cid ? `Content-ID: <${file.cid}>${CRLF}` : ""}Content-Disposition: ${file.cid ? "inline" : "attachment"}; filename="${file.name}"${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${base64(file.bytes)}`,
  );
  const whole = attachments.length ? multipart("mixed", [body, ...attachments]) : body;
  return `${headers.join(CRLF)}${CRLF}${whole}${CRLF}`;
}

function multipart(kind: string, parts: string[]): string {
  const boundary = `b-${crypto.randomUUID()}`;
  return `Content-Type: multipart/${kind}; boundary="${boundary}"${CRLF}${CRLF}${parts.map((part) => `--${boundary}${CRLF}${part}${CRLF}`).join("")}--${boundary}--`;
}

/** Posts a raw message the way a provider does: no session, no Origin. */
export function postEmail(token: string, raw: string | Uint8Array<ArrayBuffer>, options: { type?: string; ip?: string } = {}) {
  return call(postInbound, "POST", `/inbound/email/${token}`, {
    params: { token },
    body: raw,
    origin: null,
    ip: options.ip,
    headers: { "content-type": options.type ?? "message/rfc822" },
  });
}

/** The organization's inbound address as its admin reads it, and the token in it. */
export async function inboundAddress(cookie: string, organizationId: string) {
  const res = await call(getOrganization, "GET", `/organization/${organizationId}`, { cookie, params: { id: organizationId } });
  expect(res.status).toBe(200);
  const url = res.body.inbound_email_url as string;
  return { url, token: url.split("/").at(-1) as string };
}

/** The smallest PNG header the file sniffer recognizes. */
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1]);

/** The server's reply-address domain and webhook secret in the tests that set them. */
export const INBOUND_DOMAIN = "reply.craftdesk.test";
export const INBOUND_SECRET = "inbound-secret-for-tests-0123456789";

/** Sets (or, with null, unsets) INBOUND_EMAIL_DOMAIN and INBOUND_EMAIL_SECRET; they are read at each use. */
export function setInboundDomain(values: { domain?: string; secret?: string } | null = {}) {
  const domain = values === null ? undefined : (values.domain ?? INBOUND_DOMAIN);
  const secret = values === null ? undefined : (values.secret ?? INBOUND_SECRET);
  if (domain === undefined) delete process.env.INBOUND_EMAIL_DOMAIN;
  else process.env.INBOUND_EMAIL_DOMAIN = domain;
  if (secret === undefined) delete process.env.INBOUND_EMAIL_SECRET;
  else process.env.INBOUND_EMAIL_SECRET = secret;
}

/**
 * Posts a raw message to the catch-all webhook the way the host's mail service
 * does: HTTP basic auth with the secret as password (or `header`: X-Inbound-Secret;
 * `secret: null`: none), optionally the envelope recipient.
 */
export function postReply(
  raw: string | Uint8Array<ArrayBuffer>,
  options: { secret?: string | null; header?: boolean; recipient?: string; ip?: string } = {},
) {
  const secret = options.secret === undefined ? INBOUND_SECRET : options.secret;
  const auth: Record<string, string> =
    secret === null
      ? {}
      : options.header
        ? { "x-inbound-secret": secret }
        : { authorization: `Basic ${Buffer.from(`postfix:${secret}`).toString("base64")}` };
  return call(postReplyRoute, "POST", "/inbound/email", {
    body: raw,
    origin: null,
    ip: options.ip,
    query: options.recipient ? { recipient: options.recipient } : undefined,
    headers: { "content-type": "message/rfc822", ...auth },
  });
}
