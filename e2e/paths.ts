import os from "node:os";
import path from "node:path";
import { preferRamTmpdir } from "../test/ram-tmpdir";

// The server's database and mail, and the processes the tests start, on a RAM disk where there is one.
preferRamTmpdir();

export const e2ePort = Number(process.env.E2E_PORT || 3200);
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT || 2599);
/** Shared by the server script (mail capture, data) and the tests that read the mail. */
export const e2eDir = path.join(os.tmpdir(), `craftdesk-e2e-${e2ePort}`);
/** The fake Google and Microsoft servers the app's mailbox providers are pointed at. */
export const e2eGooglePort = Number(process.env.E2E_GOOGLE_PORT || 4600);
export const e2eMicrosoftPort = Number(process.env.E2E_MICROSOFT_PORT || 4601);
/** The fake Stripe API the app's card payments are pointed at; its checkout page pays and posts the signed webhook. */
export const e2eStripePort = Number(process.env.E2E_STRIPE_PORT || 4602);
export const e2eStripeUrl = `http://127.0.0.1:${e2eStripePort}`;
export const e2eGoogleUrl = `http://127.0.0.1:${e2eGooglePort}`;
/** Microsoft's identity library speaks https only: its fake serves a self-signed certificate. */
export const e2eMicrosoftUrl = `https://127.0.0.1:${e2eMicrosoftPort}`;
