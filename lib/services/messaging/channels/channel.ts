import "server-only";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import type { MessageRow } from "@/lib/entities/message";
import type { MessageType } from "@/lib/schemas/message";
import type { Sent } from "../mailbox/provider";
import type { NewMessage } from "../message-store";

/** A provider's own answer to a failed send (the SMTP reply, Twilio's words), else the error's message. */
export function providerAnswer(error: unknown): string {
  const e = (error ?? {}) as { message?: string; response?: string };
  return (e.response || e.message || String(error)).trim();
}

/**
 * What the messaging code asks of a channel. Writing, receiving, delivering and
 * the rules on recipients are the same for every channel (message.ts, inbound.ts,
 * delivery.ts, recipient.ts); what differs is here, one adapter per channel in
 * channels/index.ts, as mailbox providers are in mailbox/providers.ts.
 */
export type ChannelAdapter = {
  /** Whether `to` is the email or phone on file (a customer's own, one of its contacts'). */
  isOnFile(contact: { email: string | null; phone: string | null }, to: string): boolean;
  /** SQL: a stored message's other party (`message.source`) is `to`. */
  sourceIs(to: string): SQL;
  /** SQL: the row whose email and phone are these columns (a customer, a contact) is the one who sent from `from`. */
  addressIs(from: string, on: { email: AnyPgColumn; phone: AnyPgColumn }): SQL;
  /** The title of a conversation its first message starts: `subject` the message's own, `party` the one it is with. */
  conversationTitle(first: { subject: string; party: string }): string;
  /** What an outgoing message is stored with besides its recipient and content (an email's subject and threading headers). */
  outgoing(tx: Db, conversationId: string, type: MessageType): Promise<Partial<NewMessage>>;
  /** Sends a queued message once its request has committed; resolves with the provider's ids for it. */
  send(db: Db, row: MessageRow): Promise<Sent>;
  /** Why a send failed, in words a member can act on, with the provider's own answer. */
  failureReason(error: unknown): string;
};
