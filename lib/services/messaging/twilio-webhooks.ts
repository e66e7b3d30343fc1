import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { organization } from "@/db/schema/organization";
import { forbidden, notFound } from "@/lib/server/errors";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { requestOrigin } from "@/lib/server/request-info";
import { fetchTwilioMedia, twilioConfig, validTwilioSignature, type TwilioConfig } from "./twilio-api";
import { clip } from "@/lib/schemas/clip";
import { maxUploadBytes } from "@/lib/services/file";
import { DELIVERY_REASON_MAX, INBOUND_TEXT_MAX, inboundPerAddress, inboundPerOrganization, MESSAGE_BYTES } from "./limits";
import { carrierOptOut } from "./consent";
import { receiveMessage, type InboundMessage } from "./inbound";
import { answerSmsKeyword, smsKeyword } from "./sms-keywords";
import { TWILIO_OPTED_OUT } from "./twilio-api";

/*
 * Twilio's two webhooks. Both are form posts signed with the account's auth token
 * (X-Twilio-Signature); a post that is unsigned, wrongly signed or for another
 * account is refused with 403 before anything is written.
 *
 * Which organization a text is for: each organization's own inbound URL,
 * /api/api/inbound/sms/twilio/{token}, with the same secret token as its inbound
 * email address. Organizations have no phone numbers of their own, so the path
 * names the organization, as it does for email; the signature proves Twilio sent it.
 */

/** Twilio's form posts are small (a text is at most 1600 characters). */
export const TWILIO_WEBHOOK_TYPES = ["application/x-www-form-urlencoded"] as const;
export const twilioWebhookMaxBytes = () => 64 * 1024;

const SID = /^[A-Za-z0-9]{2,64}$/;

type WebhookRequest = { req: Request; ip: string; read: () => Promise<Uint8Array> };

/** The webhook's form, read within its bound and checked against the signature over the URL Twilio called. */
async function signedForm(config: TwilioConfig, request: WebhookRequest): Promise<URLSearchParams> {
  const form = new URLSearchParams(new TextDecoder().decode(await request.read()));
  const called = new URL(request.req.url);
  // Behind a proxy the request URL is not the one Twilio called: the public origin (APP_URL) is.
  const url = `${requestOrigin(request.req)}${called.pathname}${called.search}`;
  if (!validTwilioSignature(config.authToken, url, form, request.req.headers.get("x-twilio-signature"))) {
    throw forbidden("The Twilio signature is missing or wrong");
  }
  if (form.get("AccountSid") !== config.accountSid) throw forbidden("The message is for another Twilio account");
  return form;
}

function configured(): TwilioConfig {
  const config = twilioConfig();
  if (!config) throw notFound("SMS provider");
  return config;
}

/** A number as E.164 (`+447911123456`); Twilio's FromCountry is the default for one written without a country code. */
export function e164(number: string, country?: string | null): string {
  const trimmed = number.trim().slice(0, 64);
  const region = country && /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : undefined;
  const phone = parsePhoneNumberFromString(trimmed, region);
  // A short code or a sender name is kept as Twilio wrote it.
  return phone?.isPossible() ? phone.number : trimmed;
}

/** Twilio sends at most ten media with one message; together they are kept within an email's attachment budget. */
const MEDIA_MAX = 10;
const MEDIA_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/heic": "heic",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "audio/amr": "amr",
  "audio/mpeg": "mp3",
  "text/vcard": "vcf",
  "application/pdf": "pdf",
};

/**
 * The media of a picture message (MMS) as attachments, fetched from Twilio one
 * after another within the caps; what could not be fetched is named in the text.
 */
async function mediaOf(config: TwilioConfig, form: URLSearchParams): Promise<{ attachments: InboundMessage["attachments"]; note: string }> {
  const count = Math.min(Math.max(Number.parseInt(form.get("NumMedia") ?? "0", 10) || 0, 0), MEDIA_MAX);
  const attachments: InboundMessage["attachments"] = [];
  const missing: string[] = [];
  let budget = MESSAGE_BYTES;
  for (let i = 0; i < count; i++) {
    const type = (form.get(`MediaContentType${i}`) ?? "").toLowerCase().split(";")[0].trim();
    const name = `picture-message-${i + 1}.${MEDIA_EXTENSIONS[type] ?? "bin"}`;
    try {
      const bytes = await fetchTwilioMedia(config, form.get(`MediaUrl${i}`) ?? "", Math.min(maxUploadBytes(), budget));
      budget -= bytes.byteLength;
      attachments.push({ name, bytes });
    } catch (error) {
      missing.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { attachments, note: missing.length ? `\n\n[Media not kept: ${missing.join("; ")}]` : "" };
}

const TWIML_EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * POST /inbound/sms/twilio/{token}: one inbound text into the organization's
 * conversations, then, when it is STOP, START or HELP, what that asks for
 * (sms-keywords.ts); answers an empty TwiML.
 */
export async function receiveTwilioSms(db: Db, request: WebhookRequest & { token: string }): Promise<Response> {
  await hitRateLimit(db, `inbound:ip:${request.ip}`, inboundPerAddress());
  const [found] = await db.select({ id: organization.id }).from(organization).where(eq(organization.inboundToken, request.token));
  if (!found) throw notFound("Inbound address");
  const config = configured();
  const form = await signedForm(config, request);
  await hitRateLimit(db, `inbound:organization:${found.id}`, inboundPerOrganization());
  const sid = form.get("MessageSid") ?? form.get("SmsSid") ?? "";
  const from = form.get("From") ?? "";
  if (!SID.test(sid) || !from.trim()) throw forbidden("Not a Twilio message");
  const media = await mediaOf(config, form);
  const body = form.get("Body") ?? "";
  const received = await receiveMessage(db, found.id, {
    channel: "sms",
    from: e164(from, form.get("FromCountry")),
    to: e164(form.get("To") ?? "", form.get("ToCountry")),
    subject: "",
    text: body.slice(0, INBOUND_TEXT_MAX) + media.note,
    html: null,
    messageId: null,
    inReplyTo: null,
    references: [],
    providerId: sid,
    threadId: null,
    date: new Date(),
    attachments: media.attachments,
  });
  // STOP, START or HELP: acted on after the text is stored, also when Twilio posts it again and the first try did not get that far.
  const keyword = smsKeyword(body, form.get("OptOutType"));
  if (keyword) await answerSmsKeyword(db, found.id, received.message.id, keyword);
  return new Response(TWIML_EMPTY, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

/**
 * POST /inbound/sms/twilio/status: Twilio's word on a text we sent, found by its
 * message SID. States only move forward: "sent"/"delivered" confirm what the send
 * already marked sent; "failed"/"undelivered" turn a sent message into failed with
 * Twilio's reason. A failed message stays failed, whatever arrives late, and a
 * message queued again (a retry) is left to its new send. Error 21610 (the
 * number unsubscribed) also opts the number out of texts.
 */
export async function receiveTwilioStatus(db: Db, request: WebhookRequest): Promise<void> {
  await hitRateLimit(db, `inbound:ip:${request.ip}`, inboundPerAddress());
  const form = await signedForm(configured(), request);
  const sid = form.get("MessageSid") ?? form.get("SmsSid") ?? "";
  const status = form.get("MessageStatus") ?? form.get("SmsStatus") ?? "";
  if (!SID.test(sid) || !["failed", "undelivered"].includes(status)) return;
  const code = (form.get("ErrorCode") ?? "").slice(0, 20);
  const words = (form.get("ErrorMessage") ?? "").slice(0, DELIVERY_REASON_MAX);
  const detail = [code, words].filter(Boolean).join(" ") || status;
  const failed = await db
    .update(message)
    .set({ delivery: "failed", deliveryError: clip(`Twilio could not deliver the text: ${detail}`, DELIVERY_REASON_MAX), updatedAt: sql`now()` })
    .where(and(eq(message.channel, "sms"), eq(message.direction, "outgoing"), eq(message.providerId, sid), eq(message.delivery, "sent")))
    .returning({ id: message.id, organizationId: message.organizationId, source: message.source });
  if (code === String(TWILIO_OPTED_OUT)) for (const sent of failed) await carrierOptOut(db, sent);
}
