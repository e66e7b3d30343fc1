import os from "node:os";
import path from "node:path";

export const e2ePort = Number(process.env.E2E_PORT || 3200);
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT || 2599);
/** Shared by the server script (mail capture, data) and the tests that read the mail. */
export const e2eDir = path.join(os.tmpdir(), `craftdesk-e2e-${e2ePort}`);
