import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./env";

export type Sms = { to: string; body: string };

/** Whatever carries text messages: the dev outbox now, a provider such as Twilio later. */
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
    console.log(`[sms] to ${to} saved to ${path.join(dir, name)}`);
    return { providerId: `outbox:${name}` };
  },
};

let override: SmsTransport | undefined;

/** The transport in use. */
export const smsTransport = (): SmsTransport => override ?? outboxSms;

/** Replaces the transport (a provider's, or a test's); undefined restores the outbox. */
export function setSmsTransport(transport: SmsTransport | undefined) {
  override = transport;
}
