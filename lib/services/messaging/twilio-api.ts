import "server-only";
import crypto from "node:crypto";
import { readBody } from "@/lib/server/body";

/*
 * Twilio over its REST API and its webhooks, without its SDK: one call (send a
 * text) and one check (a request's X-Twilio-Signature).
 */

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };

/** Read lazily: tests and scripts set the variables after import. Null unless the account, its token and the number are all set. */
export function twilioConfig(): TwilioConfig | null {
  const accountSid = process.env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = process.env.TWILIO_AUTH_TOKEN?.trim();
  const from = process.env.TWILIO_FROM?.trim();
  if (!accountSid || !authToken || !from) return null;
  return { accountSid, authToken, from, apiUrl: (process.env.TWILIO_API_URL || "https://api.twilio.com").replace(/\/+$/, "") };
}

/** Path of the delivery-status webhook; Twilio is given it, absolute, with each text. */
export const TWILIO_STATUS_PATH = "/api/api/inbound/sms/twilio/status";
/** Where Twilio posts an organization's inbound texts; the token is the one of its inbound email address. */
export const twilioInboundPath = (token: string) => `/api/api/inbound/sms/twilio/${token}`;

/** The status webhook's absolute URL, when the app knows its public address (APP_URL); else Twilio is not asked to call back. */
export function twilioStatusCallback(): string | null {
  return process.env.APP_URL ? new URL(TWILIO_STATUS_PATH, new URL(process.env.APP_URL).origin).toString() : null;
}

const SEND_TIMEOUT_MS = 15_000;
const DETAIL_MAX = 500;

/** Twilio's refusal, as a member can read it: "Twilio refused the message: 21211 The 'To' number … is not a valid phone number", with Twilio's error code. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** Twilio's error for a text to a number that replied STOP (or was unsubscribed by its carrier). */
export const TWILIO_OPTED_OUT = 21610;

/** POST /2010-04-01/Accounts/{sid}/Messages.json; resolves with the message's SID. */
export async function sendTwilioSms(config: TwilioConfig, sms: { to: string; body: string; statusCallback: string | null }): Promise<string> {
  const form = new URLSearchParams({ To: sms.to, From: config.from, Body: sms.body });
  if (sms.statusCallback) form.set("StatusCallback", sms.statusCallback);
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new TwilioError(timedOut ? "Twilio did not answer in time" : `Could not reach Twilio: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = (await res.text()).slice(0, 64 * 1024);
  let answer: { sid?: unknown; code?: unknown; message?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!res.ok) {
    const detail = [answer.code, answer.message].filter((part) => typeof part === "string" || typeof part === "number").join(" ");
    const code = Number(answer.code);
    throw new TwilioError(`Twilio refused the message: ${(detail || `HTTP ${res.status}`).slice(0, DETAIL_MAX)}`, Number.isInteger(code) ? code : null);
  }
  if (typeof answer.sid !== "string" || !answer.sid) throw new TwilioError("Twilio accepted the message but named no message SID");
  return answer.sid;
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL
 * Twilio called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params.entries()].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const payload = url + pairs.map(([name, value]) => name + value).join("");
  return crypto.createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

/** Whether `signature` is the one Twilio makes for this URL and these parameters; compared in constant time. */
export function validTwilioSignature(authToken: string, url: string, params: URLSearchParams, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  // Hashing both first gives equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest();
  return crypto.timingSafeEqual(digest(expected), digest(given)) && expected.length === given.length;
}

const MEDIA_TIMEOUT_MS = 10_000;

/**
 * One picture (or other media) of an inbound MMS, fetched with the account's
 * credentials. Only a URL under this account's messages on Twilio's own API is
 * fetched, never another host named in a form; the body is counted on the stream
 * and refused past `maxBytes`.
 */
export async function fetchTwilioMedia(config: TwilioConfig, url: string, maxBytes: number): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new TwilioError("The media address is not a URL");
  }
  const api = new URL(config.apiUrl);
  const accountMedia = new RegExp(`^/2010-04-01/Accounts/${config.accountSid}/Messages/[A-Za-z0-9]+/Media/[A-Za-z0-9]+$`);
  if (target.origin !== api.origin || !accountMedia.test(target.pathname)) throw new TwilioError("The media is not on Twilio's API for this account");
  let res: Response;
  try {
    // Twilio answers with a redirect to its media store; fetch drops the credentials when following it to another host.
    res = await fetch(target, {
      headers: { Authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}` },
      signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TwilioError(`Could not fetch the media: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new TwilioError(`Twilio answered HTTP ${res.status} for the media`);
  }
  try {
    return await readBody(res, maxBytes);
  } catch {
    throw new TwilioError(`The media is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`);
  }
}
