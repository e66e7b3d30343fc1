import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/server/env";
import { sendTwilioSms, twilioConfig, twilioStatusCallback } from "./twilio-api";
import { log } from "@/lib/server/log";

export type Sms = { to: string; body: string };

/** Whatever carries text messages: Twilio when configured, else the dev outbox. */
export type SmsTransport = {
  /** Sends one message; resolves with the provider's id for it, rejects with a readable reason. */
  send(sms: Sms): Promise<{ providerId: string }>;
};

export const smsOutboxDir = () => path.join(dataDir(), "outbox", "sms");

/**
 * Without a provider, each text is kept as a file in $DATA_DIR/outbox/sms, named
 * by time and number, so a fresh install can be tried without an account anywhere.
 */
export const outboxSms: SmsTransport = {
  async send({ to, body }) {
    const dir = smsOutboxDir();
    await fs.mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    // Two texts to one number in the same millisecond keep both files.
    const name = `${stamp}-${to.replace(/[^+\d]/g, "")}-${crypto.randomBytes(3).toString("hex")}.txt`;
    await fs.writeFile(path.join(dir, name), body);
    log().info(`[sms] to ${to} saved to ${path.join(dir, name)}`);
    return { providerId: `outbox:${name}` };
  },
};

/**
 * Twilio's REST API, when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are
 * set: the message SID is the provider id its status callbacks name; a refusal
 * rejects with Twilio's code and words.
 */
export const twilioSms: SmsTransport = {
  async send({ to, body }) {
    const config = twilioConfig();
    if (!config) throw new Error("Twilio is not configured on this server");
    return { providerId: await sendTwilioSms(config, { to, body, statusCallback: twilioStatusCallback() }) };
  },
};

let override: SmsTransport | undefined;

/** The transport in use: a set one, else Twilio when configured, else the outbox. */
export const smsTransport = (): SmsTransport => override ?? (twilioConfig() ? twilioSms : outboxSms);

/** Replaces the transport (a provider's, or a test's); undefined restores the outbox. */
export function setSmsTransport(transport: SmsTransport | undefined) {
  override = transport;
}
