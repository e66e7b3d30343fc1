import "server-only";
import { badRequest } from "./errors";
import type { ParsedEmail } from "./mime-read";
import { parseOffThread, ParseLimitError } from "./parse-pool";

export type { ParsedEmail } from "./mime-read";

/** A raw message as large as common mail servers accept; the webhook refuses bigger ones before parsing (413). */
export const emailMaxBytes = () => Number(process.env.INBOUND_EMAIL_MAX_BYTES || 25 * 1024 * 1024);

const refuse = (message: string) => badRequest([{ path: "", message }], "This is not an email that can be read");

/**
 * A raw RFC 5322 message read into what the inbound path stores (lib/server/mime-read.ts),
 * in a parse worker: a hostile message costs its own request, never the event loop.
 * Something that is not an email (no sender, no header at all), or one that takes more
 * time or memory to read than a worker has, is a 400 and nothing is kept. The bytes are
 * handed over: the caller must not use them afterwards.
 */
export async function parseEmail(bytes: Uint8Array): Promise<ParsedEmail> {
  if (bytes.byteLength === 0) throw refuse("The body is empty: send the raw message as message/rfc822");
  const outcome = await parseOffThread({ kind: "email", bytes }).catch((error: unknown) => {
    if (error instanceof ParseLimitError) throw refuse(`The message could not be parsed: ${error.message}`);
    throw error;
  });
  if ("refused" in outcome) throw refuse(outcome.refused);
  return outcome.email;
}
