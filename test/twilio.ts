/** Twilio in API tests: the fake on loopback (fake-twilio.ts), its configuration, and its signed webhook posts. */
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { POST as postInboundSms } from "@/app/api/api/inbound/sms/twilio/[token]/route";
import { POST as postSmsStatus } from "@/app/api/api/inbound/sms/twilio/status/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { setSmsTransport } from "@/lib/services/messaging/sms-transport";
import { call, ORIGIN } from "./api";
import { fakeTwilio, TWILIO } from "./fake-twilio";

export { fakeTwilio, REFUSED_NUMBER, TWILIO, type TwilioRequest } from "./fake-twilio";

const VARIABLES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_URL", "APP_URL"] as const;

/** Sets the Twilio variables (and APP_URL, when given) until the returned function restores them. */
export function useTwilioEnv(apiUrl = "http://127.0.0.1:9", appUrl?: string): () => void {
  const kept = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  process.env.TWILIO_ACCOUNT_SID = TWILIO.accountSid;
  process.env.TWILIO_AUTH_TOKEN = TWILIO.authToken;
  process.env.TWILIO_FROM = TWILIO.from;
  process.env.TWILIO_API_URL = apiUrl;
  if (appUrl !== undefined) process.env.APP_URL = appUrl;
  return () => {
    for (const name of VARIABLES) {
      if (kept[name] === undefined) delete process.env[name];
      else process.env[name] = kept[name];
    }
  };
}

type FakeTwilio = Awaited<ReturnType<typeof fakeTwilio>>;

/**
 * The fake Twilio for a test file: started with the app's Twilio variables pointed at it
 * (APP_URL the test requests' own origin, so status callbacks are absolute), texts sent
 * through the real client; stopped once the file's deliveries have settled.
 */
export function useFakeTwilio(): FakeTwilio {
  let current: FakeTwilio | undefined;
  let restoreEnv = () => {};
  beforeAll(async () => {
    current = await fakeTwilio();
    restoreEnv = useTwilioEnv(current.url, ORIGIN);
    setSmsTransport(undefined);
  });
  afterAll(async () => {
    await deliveriesSettled();
    restoreEnv();
    await current?.close();
  });
  return new Proxy({} as FakeTwilio, {
    get(_target, key) {
      if (!current) throw new Error("The fake Twilio starts in beforeAll");
      return current[key as keyof FakeTwilio];
    },
  });
}

/** Twilio's X-Twilio-Signature, written out independently of the app's. */
export function sign(url: string, form: Record<string, string>, authToken = TWILIO.authToken) {
  const payload = url + Object.keys(form).sort().map((name) => name + form[name]).join("");
  return crypto.createHmac("sha1", authToken).update(payload).digest("base64");
}

type PostOptions = { signature?: string | null; signedUrl?: string; ip?: string };

function post(handler: Parameters<typeof call>[0], path: string, params: Record<string, string>, form: Record<string, string>, options: PostOptions) {
  const signature = options.signature === undefined ? sign(options.signedUrl ?? `${ORIGIN}/api/api${path}`, form) : options.signature;
  return call(handler, "POST", path, {
    params,
    body: new URLSearchParams(form).toString(),
    origin: null,
    ip: options.ip,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(signature === null ? {} : { "x-twilio-signature": signature }) },
  });
}

export const newSid = () => `SM${crypto.randomBytes(16).toString("hex")}`;

/** An inbound text as Twilio posts it to the organization's webhook, signed unless told otherwise. */
export function postTwilioSms(token: string, fields: Record<string, string> = {}, options: PostOptions = {}) {
  const sid = fields.MessageSid ?? newSid();
  const form = {
    ToCountry: "GB",
    ToState: "",
    SmsMessageSid: sid,
    NumMedia: "0",
    SmsSid: sid,
    SmsStatus: "received",
    Body: "Running late, there at 10",
    FromCountry: "GB",
    To: TWILIO.from,
    MessageSid: sid,
    AccountSid: TWILIO.accountSid,
    From: "+447911123456",
    ApiVersion: "2010-04-01",
    ...fields,
  };
  return post(postInboundSms, `/inbound/sms/twilio/${token}`, { token }, form, options);
}

/** A status callback for a text we sent. */
export function postTwilioStatus(fields: Record<string, string>, options: PostOptions = {}) {
  const form = { AccountSid: TWILIO.accountSid, From: TWILIO.from, ApiVersion: "2010-04-01", SmsStatus: fields.MessageStatus ?? "sent", ...fields };
  return post(postSmsStatus, "/inbound/sms/twilio/status", {}, form, options);
}
