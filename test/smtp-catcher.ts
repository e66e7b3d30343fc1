import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives: the app's outgoing mail, caught for the tests to read. */
export async function startSmtpCatcher() {
  const mails: CapturedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString() });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };

  async function next(to: string, after = 0): Promise<CapturedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = mails.slice(after).find((mail) => mail.to.includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail to `to` after the first `after` mails, waited for. */
    next,
    count: (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase())).length,
    /** The 6-digit code of the newest mail to `to`. */
    async codeFor(to: string, after = 0): Promise<string> {
      const mails = await next(to, after);
      // In every language the subject ends with the code.
      const match = /code is (\d{6})/.exec(mails.raw) ?? /^Subject: .*?(\d{6})\r?$/m.exec(mails.raw);
      if (!match) throw new Error("No code in mail");
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/**
 * Starts an SMTP catcher for the calling test file and points the app's mail
 * (SMTP_URL) at it; the returned handle works once the file's tests run.
 */
export function useSmtpCatcher(): SmtpCatcher {
  let current: SmtpCatcher | undefined;
  beforeAll(async () => {
    current = await startSmtpCatcher();
    process.env.SMTP_URL = current.url;
  });
  afterAll(() => current?.close());
  return new Proxy({} as SmtpCatcher, {
    get(_target, key) {
      if (!current) throw new Error("The SMTP catcher starts in beforeAll");
      const value = current[key as keyof SmtpCatcher];
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}
