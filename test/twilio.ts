/** A fake Twilio on loopback (the one Messages.json call the app makes), its configuration, and its signed webhook posts. */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as postInboundSms } from "@/app/api/api/inbound/sms/twilio/[token]/route";
import { POST as postSmsStatus } from "@/app/api/api/inbound/sms/twilio/status/route";
import { call, ORIGIN } from "./api";

export const TWILIO = { accountSid: `AC${"1".repeat(32)}`, authToken: "twilio-test-auth-token", from: "+441134960999" };

/** A number the fake refuses the way Twilio refuses an invalid one. */
export const REFUSED_NUMBER = "+15005550001";

export type TwilioRequest = { method: string; path: string; authorization: string | null; type: string | null; form: Record<string, string> };

/** Listens on 127.0.0.1 and answers POST /2010-04-01/Accounts/{sid}/Messages.json as Twilio does; records every request. */
export async function fakeTwilio() {
  const requests: TwilioRequest[] = [];
  /** Numbers that replied STOP as far as Twilio knows: a text to one is refused with error 21610, as Twilio refuses it. */
  const unsubscribed = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization ?? null, type: req.headers["content-type"] ?? null, form });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const expectedAuth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString("base64")}`;
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`) return answer(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      if (req.headers.authorization !== expectedAuth) return answer(401, { code: 20003, message: "Authenticate", status: 401 });
      if (unsubscribed.has(form.To)) {
        return answer(400, { code: 21610, message: "Attempt to send to unsubscribed recipient", more_info: "https://www.twilio.com/docs/errors/21610", status: 400 });
      }
      if (form.To === REFUSED_NUMBER) {
        return answer(400, { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, more_info: "https://www.twilio.com/docs/errors/21211", status: 400 });
      }
      answer(201, { sid: `SM${crypto.randomBytes(16).toString("hex")}`, status: "queued", to: form.To, from: form.From, body: form.Body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, unsubscribed, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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
