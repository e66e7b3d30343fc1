import "server-only";
import { badRequest } from "@/lib/server/errors";
import type { InboundMessage } from "./inbound";
import type { ParsedEmail } from "./mime-read";
import { parseOffThread, ParseLimitError } from "@/lib/server/parse-pool";

export type { ParsedEmail } from "./mime-read";

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

/** A parsed email as an inbound message, with what only its channel knows: the provider's ids and the time it counts as received. */
export function emailInbound(email: ParsedEmail, ids: { providerId: string | null; threadId: string | null; date: Date }): InboundMessage {
  return {
    channel: "email",
    from: email.from,
    fromName: email.fromName,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    references: email.references,
    providerId: ids.providerId,
    threadId: ids.threadId,
    date: ids.date,
    attachments: email.attachments,
  };
}
