import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { dataDir } from "@/lib/server/env";
import { log } from "@/lib/server/log";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers sent as given (List-Unsubscribe and the like, which folding would break). */
  headers?: Record<string, string>;
};

const preparedHeaders = (headers: Record<string, string> | undefined) =>
  headers && Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]));

let transport: { url: string; transporter: Transporter } | undefined;

// A server that stops answering fails the send within minutes, not the socket's default ten.
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport({ url, ...TIMEOUTS }) };
  return transport.transporter;
}

const sender = () => process.env.MAIL_FROM || "Craftdesk <no-reply@craftdesk.local>";

/** The bare address of MAIL_FROM, for messages sent in another name (an organization's). */
export function senderAddress(): string {
  const from = sender().trim();
  return /<([^<>\s]+)>$/.exec(from)?.[1] ?? from;
}

const stampedName = (to: string, extension: string) =>
  `${new Date().toISOString().replace(/[:.]/g, "-")}-${to.replace(/[^\w@.+-]/g, "_").slice(0, 100)}.${extension}`;

/**
 * Sends through SMTP_URL. Without it, the message is kept in the outbox folder
 * and announced in the server log so a fresh install works with no mail server.
 */
export async function sendMail(mail: Mail, logLine?: string): Promise<void> {
  const url = process.env.SMTP_URL;
  if (url) {
    await smtpTransport(url).sendMail({ from: sender(), ...mail, headers: preparedHeaders(mail.headers) });
    return;
  }
  const outbox = path.join(dataDir(), "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to}.eml`);
  const extra = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
  const eml = [`From: ${sender()}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, ...extra, "", mail.text].join("\n");
  await fs.writeFile(file, eml);
  log().info(`[mail] "${mail.subject}" to ${mail.to}${logLine ? ` (${logLine})` : ""} saved to ${file}`);
}

/**
 * Sends a whole message (its own From, Message-ID, threading headers and
 * attachments) through SMTP_URL; without it, the message as it would travel is
 * kept in the outbox folder. Rejects with nodemailer's error, which names the
 * SMTP command and the server's answer.
 */
export async function deliverMail(mail: SendMailOptions & { to: string }): Promise<void> {
  const url = process.env.SMTP_URL;
  if (url) {
    await smtpTransport(url).sendMail(mail);
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(mail);
  const outbox = path.join(dataDir(), "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(outbox, stampedName(mail.to, "eml"));
  await fs.writeFile(file, built.message as Buffer);
  log().info(`[mail] "${mail.subject}" to ${mail.to} saved to ${file}`);
}
