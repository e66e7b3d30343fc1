import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The server's log: one JSON object a line on stdout (pino). LOG_LEVEL sets the
 * level (default info; silent under the test runner unless set). Bodies are never
 * logged; the keys below are masked wherever a caller passes them anyway.
 */
export const REDACTED_KEYS = ["password", "code", "token", "cookie", "authorization", "secret"];
const redactPaths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

// On globalThis: Next.js may load this module more than once per process.
const holder = globalThis as unknown as { __craftdeskLog?: Logger };

function level(): string {
  return process.env.LOG_LEVEL || (process.env.VITEST ? "silent" : "info");
}

function create(destination?: DestinationStream, forcedLevel?: string): Logger {
  const options = { level: forcedLevel ?? level(), base: undefined, redact: { paths: redactPaths, censor: "[redacted]" } };
  return destination ? pino(options, destination) : pino(options);
}

export function log(): Logger {
  return (holder.__craftdeskLog ??= create());
}

/** Sends the log to `destination` at `level` until the returned function is called (tests). */
export function logTo(destination: DestinationStream, forcedLevel = "debug"): () => void {
  const kept = holder.__craftdeskLog;
  holder.__craftdeskLog = create(destination, forcedLevel);
  return () => {
    holder.__craftdeskLog = kept;
  };
}
