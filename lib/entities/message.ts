import "server-only";
import type { message } from "@/db/schema/conversation";
import { API_DIRECTIONS } from "@/lib/schemas/channels";

export type MessageRow = typeof message.$inferSelect;

export function messageView(row: MessageRow) {
  return {
    id: row.id,
    date: row.date,
    author: row.authorId,
    conversation: row.conversationId,
    type: {
      id: row.channel,
      direction: API_DIRECTIONS[row.direction],
      source: row.source,
      /** The name an inbound message's sender gave, when they gave one. */
      source_name: row.sourceName,
      title: row.title,
      content: row.content,
      /** Sanitized HTML of an inbound email; remote images are not loaded until the reader asks. */
      html: row.html,
      files: row.files,
    },
    /** Outgoing email and SMS: queued, sent or failed (with the reason); null for notes and inbound. */
    delivery: row.delivery ? { state: row.delivery, error: row.deliveryError } : null,
    /** What the message did to its number's consent to texts: an inbound STOP or a refused send opted it out, START opted it in, HELP was answered. */
    consent: row.consentEvent,
  };
}

export type MessageView = ReturnType<typeof messageView>;
