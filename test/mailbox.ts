import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailbox() {
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
      const match = /code is (\d{6})/.exec(mails.raw);
      if (!match) throw new Error("No code in mail");
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/**
 * Starts a loopback mailbox for the calling test file and points the app's mail
 * at it; the returned handle works once the file's tests run.
 */
export function useMailbox(): Mailbox {
  let current: Mailbox | undefined;
  beforeAll(async () => {
    current = await startMailbox();
    process.env.SMTP_URL = current.url;
  });
  afterAll(() => current?.close());
  return new Proxy({} as Mailbox, {
    get(_target, key) {
      if (!current) throw new Error("The mailbox starts in beforeAll");
      const value = current[key as keyof Mailbox];
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}
