/** A fake Twilio on loopback (the one Messages.json call the app makes), with no import of the app: the API tests and the browser tests share it. */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

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

