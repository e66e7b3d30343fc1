import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir } from "./env";

export type Mail = { to: string; subject: string; text: string; html?: string };

let transport: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

const sender = () => process.env.MAIL_FROM || "Craftdesk <no-reply@craftdesk.local>";

/**
 * Sends through SMTP_URL. Without it, the message is kept in the outbox folder
 * and announced in the server log so a fresh install works with no mail server.
 */
export async function sendMail(mail: Mail, logLine?: string): Promise<void> {
  const url = process.env.SMTP_URL;
  if (url) {
    await smtpTransport(url).sendMail({ from: sender(), ...mail });
    return;
  }
  const outbox = path.join(dataDir(), "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to}.eml`);
  const eml = [`From: ${sender()}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, "", mail.text].join("\n");
  await fs.writeFile(file, eml);
  console.log(`[mail] "${mail.subject}" to ${mail.to}${logLine ? ` (${logLine})` : ""} saved to ${file}`);
}
