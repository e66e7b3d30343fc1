import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { AddressObject, ParsedMail } from "mailparser";
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from "@/lib/schemas/message";
import { emailHtmlText, sanitizeEmailHtml } from "./email-html";

// Reading a raw email, in a parse worker (lib/server/parse-worker.ts): parsing and
// sanitizing a message of megabytes is work the event loop must not do.

/** The parser's own bounds: one part's header block, the number of parts. */
const PARSER_OPTIONS = {
  maxHeadSize: 256 * 1024,
  maxChildNodes: 200,
  // Text is derived from the sanitized HTML instead (emailHtmlText), so what a link pretends is never spelled out.
  skipHtmlToText: true,
  // cid: images stay references (the attachments are kept as files), not megabytes of data: URLs in the HTML.
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  checksumAlgo: false as const,
};
/** Fed to the parser in slices, so the parser never holds one huge buffer. */
const SLICE = 64 * 1024;
const MAX_REFERENCES = 50;
const MAX_ID_LENGTH = 998;
/** A sender's clock is believed within a day of ours; anything else sorts as received now. */
const DATE_SKEW_MS = 24 * 60 * 60 * 1000;

export type ParsedEmail = {
  from: string;
  fromName: string | null;
  to: string;
  /** Every address the message was delivered to as its headers tell (To, Cc, Delivered-To, X-Original-To and the like), lower-cased. */
  recipients: string[];
  subject: string;
  text: string;
  /** Sanitized; null when the message had no HTML. */
  html: string | null;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  date: Date;
  /** `cid`: the Content-ID an inline image is named by in the HTML (`cid:…`). */
  attachments: { name: string; bytes: Uint8Array; cid: string | null }[];
};

/** Bytes that are not an email that can be read; the message says why. */
export class EmailRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailRefusal";
  }
}

const refuse = (message: string) => new EmailRefusal(message);

/** Message-IDs as `<id@host>`, in order; a header may hold several. */
function messageIds(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  const found = text.match(/<[^<>\s]+>/g) ?? [];
  return found.filter((id) => id.length <= MAX_ID_LENGTH);
}

function firstAddress(value: AddressObject | AddressObject[] | undefined) {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const object of list) {
    for (const entry of object.value) {
      if (entry.address && /^[^\s@]+@[^\s@]+$/.test(entry.address)) return { address: entry.address.toLowerCase(), name: entry.name || null };
    }
  }
  return null;
}

function allAddresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((object) => object.value.map((entry) => entry.address?.toLowerCase()))
    .filter(Boolean)
    .join(", ")
    .slice(0, 2000);
}

/** Headers a mail service stamps with the address it delivered to, as plain text. */
const DELIVERY_HEADERS = ["x-original-to", "envelope-to", "x-envelope-to", "x-forwarded-to"];
const MAX_RECIPIENTS = 100;
/** Addresses in a header's text, split on what cannot be part of one (linear, whatever the header holds). */
const addressesIn = (text: string) => text.split(/[\s<>,;"()[\]]+/).filter((word) => /^[^@]+@[^@]+$/.test(word));

function recipientsOf(mail: ParsedMail): string[] {
  const objects = [mail.to, mail.cc, mail.headers.get("delivered-to") as AddressObject | AddressObject[] | undefined];
  const listed = objects.flatMap((value) => (Array.isArray(value) ? value : value ? [value] : [])).flatMap((object) => object.value);
  const found = listed.map((entry) => entry.address ?? "");
  for (const name of DELIVERY_HEADERS) {
    const value = mail.headers.get(name);
    for (const text of Array.isArray(value) ? value : [value]) if (typeof text === "string") found.push(...addressesIn(text));
  }
  return [...new Set(found.map((address) => address.toLowerCase()).filter((address) => address.includes("@")))].slice(0, MAX_RECIPIENTS);
}

function receivedDate(date: Date | undefined): Date {
  const now = Date.now();
  if (!date || Number.isNaN(date.getTime()) || date.getTime() > now + DATE_SKEW_MS || date.getTime() < 0) return new Date(now);
  return date;
}

function bodyText(mail: ParsedMail, html: string | null): string {
  const text = (mail.text ?? "").trim() || (html ? emailHtmlText(html) : "");
  return text.length > MESSAGE_CONTENT_MAX ? text.slice(0, MESSAGE_CONTENT_MAX) : text;
}

async function parse(bytes: Uint8Array): Promise<ParsedMail> {
  const slices = (function* () {
    for (let at = 0; at < bytes.byteLength; at += SLICE) yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(SLICE, bytes.byteLength - at));
  })();
  // Loaded on first use: most processes never parse a message.
  const { simpleParser } = await import("mailparser");
  try {
    return await simpleParser(Readable.from(slices), PARSER_OPTIONS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "it could not be parsed";
    throw refuse(`The message could not be parsed: ${reason.slice(0, 200)}`);
  }
}

/**
 * A raw RFC 5322 message read into what the inbound path stores: the sender,
 * threading ids, the text (derived from the HTML when there is no text part), the
 * HTML sanitized, and the attachments. Something that is not an email (no sender,
 * no header at all) is an EmailRefusal.
 */
export async function readEmail(bytes: Uint8Array): Promise<ParsedEmail> {
  if (bytes.byteLength === 0) throw refuse("The body is empty: send the raw message as message/rfc822");
  const mail = await parse(bytes);
  if (!mail.headerLines || mail.headerLines.length === 0) throw refuse("The body has no email headers: send the raw message as message/rfc822");
  const from = firstAddress(mail.from);
  if (!from) throw refuse("The message has no From address");
  const html = typeof mail.html === "string" && mail.html.trim() ? sanitizeEmailHtml(mail.html) || null : null;
  // A message without an id of its own is known by its bytes: posting it twice still stores it once.
  const messageId = messageIds(mail.messageId)[0] ?? `<${crypto.createHash("sha256").update(bytes).digest("hex")}@inbound.invalid>`;
  return {
    from: from.address,
    fromName: from.name,
    to: allAddresses(mail.to),
    recipients: recipientsOf(mail),
    subject: (mail.subject ?? "").trim().slice(0, MESSAGE_TITLE_MAX),
    text: bodyText(mail, html),
    html,
    messageId,
    inReplyTo: messageIds(mail.inReplyTo)[0] ?? null,
    references: messageIds(mail.references).slice(-MAX_REFERENCES),
    date: receivedDate(mail.date),
    attachments: mail.attachments.map((attachment, index) => ({
      name: attachment.filename || `attachment-${index + 1}`,
      bytes: new Uint8Array(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
      cid: attachment.cid || null,
    })),
  };
}
