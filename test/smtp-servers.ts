import { SMTPServer } from "smtp-server";

/** SMTP servers on loopback that misbehave on purpose, for delivery failures. */

async function listen(server: SMTPServer) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Refuses every recipient with `answer` (a 5xx makes it permanent). */
export function refusingServer(answer = "5.1.1 No such mailbox here", code = 550) {
  return listen(
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error(answer), { responseCode: code }));
      },
    }),
  );
}

/** Accepts mail only once `release()` is called: what a slow provider looks like. */
export async function heldServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let received = 0;
  const handle = await listen(
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => {
          received += 1;
          void released.then(() => callback());
        });
      },
    }),
  );
  return { ...handle, release, received: () => received };
}

/** A loopback port nothing listens on. */
export async function closedPortUrl() {
  const { url, close } = await listen(new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"] }));
  await close();
  return url;
}
