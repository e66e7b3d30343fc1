// Starts the built app for the browser tests on a fresh embedded database (or the
// empty Postgres database of E2E_DATABASE_URL),
// with a real SMTP server on loopback that appends every mail to mails.jsonl,
// fake Google and Microsoft mail servers the app's mailbox providers talk to, and a fake
// Stripe API whose checkout page pays and posts the signed event to the app's webhook.
// Run under tsx: the fakes are TypeScript.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SMTPServer } from "smtp-server";
import { E2E_INBOUND_DOMAIN, E2E_INBOUND_SECRET } from "./inbound.ts";

const dir = process.env.E2E_DIR;
const port = process.env.E2E_PORT;
const base = `http://127.0.0.1:${port}`;

// Playwright waits for the ready line below, not for the port: a server left running there must not be taken for this one.
const portTaken = await new Promise((resolve) => {
  const probe = net.connect(Number(port), "127.0.0.1");
  probe.on("connect", () => (probe.end(), resolve(true)));
  probe.on("error", () => resolve(false));
});
if (portTaken) {
  console.error(`${base} is already in use: stop what runs there or choose another E2E_PORT.`);
  process.exit(1);
}
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

/** Starts one of the fake providers in test/fakes on its port. */
async function startFake(name, port, options) {
  const fake = await import(pathToFileURL(path.resolve("test/fakes", `${name}.ts`)).href);
  return fake.start(port, options);
}
const google = await startFake("google", Number(process.env.E2E_GOOGLE_PORT));
const microsoft = await startFake("microsoft", Number(process.env.E2E_MICROSOFT_PORT));
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_stripe_webhook_secret";
const stripe = await startFake("stripe", Number(process.env.E2E_STRIPE_PORT || 4602), {
  webhookUrl: `${base}/api/api/webhook/stripe`,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
});
const providers = {
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_AUTH_URL: google.url,
  GOOGLE_API_URL: google.url,
  MICROSOFT_CLIENT_ID: "e2e-microsoft-client",
  MICROSOFT_CLIENT_SECRET: "e2e-microsoft-secret",
  MICROSOFT_LOGIN_URL: microsoft.url,
  MICROSOFT_GRAPH_URL: microsoft.url,
  STRIPE_SECRET_KEY: "sk_test_e2e_stripe_key",
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
  // Trusts the Microsoft fake's self-signed certificate.
  NODE_EXTRA_CA_CERTS: microsoft.certificatePath,
};

// Idle connections are kept longer than the browser and Playwright's request client keep
// theirs, so a client never reuses one the server is closing at that moment (ECONNRESET).
const app = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1", "--keepAliveTimeout", "120000"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    // Request lines would drown the test report; LOG_LEVEL=info shows them.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // The app's own graceful shutdown, as npm start and the Docker image run it.
    NEXT_MANUAL_SIG_HANDLE: "1",
    DATA_DIR: path.join(dir, "data"),
    // The embedded database in DATA_DIR, or an empty Postgres database given for the browser tests (CI), never DATABASE_URL's.
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
    // Every browser test signs up its own organization from 127.0.0.1.
    OTP_LIMIT_PER_ADDRESS: "1000",
    // Every test signs in from the same loopback address.
    LOGIN_LIMIT_PER_ADDRESS: "1000",
    // Tokens of connected mailboxes are sealed with it.
    ENCRYPTION_KEY: "6a1f0c2e9b8d7a6f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d",
    // Emails sent over SMTP carry a reply address of this domain; the tests post the replies to the webhook.
    INBOUND_EMAIL_DOMAIN: E2E_INBOUND_DOMAIN,
    INBOUND_EMAIL_SECRET: E2E_INBOUND_SECRET,
    ...providers,
  },
});
// Set when the server does not come up as it should: the launcher then ends with an error.
let failed = false;
const stop = () => {
  app.kill("SIGTERM");
  void Promise.all([google.close(), microsoft.close(), stripe.close()]).finally(() => smtp.close(() => process.exit(failed ? 1 : 0)));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => process.exit(failed ? 1 : (code ?? 0)));

/**
 * A fresh server loads a route's code on its first request, and the API document's
 * first request loads every route: done here, before the first test, so no test
 * shares the machine with a server still starting up.
 */
const WARM_UP = ["/api/api/openapi.json", "/api-docs", "/api/api/session", "/", "/customer", "/signup"];

async function answer(url) {
  for (;;) {
    try {
      return await fetch(url, { redirect: "manual" });
    } catch {
      // Not listening yet.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

for (const url of WARM_UP) {
  const res = await answer(base + url);
  await res.arrayBuffer();
  if (res.status >= 500) {
    console.error(`Warming up the server: ${url} answered ${res.status}`);
    failed = true;
    break;
  }
}
// playwright.config.ts waits for this line.
if (failed) stop();
else console.log(`E2E server ready at ${base}`);
