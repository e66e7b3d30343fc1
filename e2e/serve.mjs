// Starts the built app for the browser tests on a fresh embedded database,
// with a real SMTP server on loopback that appends every mail to mails.jsonl.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const dir = process.env.E2E_DIR;
const port = process.env.E2E_PORT;
const smtpPort = Number(process.env.E2E_SMTP_PORT);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const mailFile = path.join(dir, "mails.jsonl");

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  // A mailbox that refuses mail, for the tests of failed delivery.
  onRcptTo(address, session, callback) {
    if (address.address.toLowerCase().startsWith("bounce@")) return callback(new Error("550 Mailbox unavailable"));
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      fs.appendFileSync(mailFile, JSON.stringify({ to, raw: Buffer.concat(chunks).toString() }) + "\n");
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

const app = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: path.join(dir, "data"),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
    // Every browser test signs up its own organization from 127.0.0.1.
    OTP_LIMIT_PER_ADDRESS: "1000",
    // Every test signs in from the same loopback address.
    LOGIN_LIMIT_PER_ADDRESS: "1000",
  },
});
const stop = () => {
  app.kill("SIGTERM");
  smtp.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => process.exit(code ?? 0));
