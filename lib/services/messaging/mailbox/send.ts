import "server-only";
import { and, desc, eq, like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { message } from "@/db/schema/conversation";
import type { mailbox } from "@/db/schema/mailbox";
import type { MessageRow } from "@/lib/entities/message";
import { mailProviders, namespaced, ownId } from "./providers";
import type { OutgoingMail, Sent } from "./provider";
import { withAccessToken } from "./access-token";

type MailboxRow = typeof mailbox.$inferSelect;

/** The newest id of this provider that the conversation's emails carry in `column`, in the provider's own spelling. */
async function latestOwnId(db: Db, box: MailboxRow, row: MessageRow, column: "threadId" | "providerId") {
  const [found] = await db
    .select({ id: message[column] })
    .from(message)
    .where(
      and(
        eq(message.conversationId, row.conversationId),
        eq(message.channel, "email"),
        column === "providerId" ? eq(message.direction, "incoming") : undefined,
        like(message[column], `${box.provider}:%`),
      ),
    )
    .orderBy(desc(message.date), desc(message.id))
    .limit(1);
  return ownId(box.provider, found?.id ?? null);
}

/**
 * An email of a conversation, sent from the organization's connected mailbox in
 * the provider's own thread: Gmail's threadId, or Graph's reply to the message it
 * answers. A disconnected mailbox fails the message with a reason the member can
 * act on (connect again, then Retry) instead of sending it from another address.
 */
export async function sendThroughMailbox(db: Db, box: MailboxRow, row: MessageRow, mail: Omit<OutgoingMail, "threadId" | "replyToProviderId">): Promise<Sent> {
  const provider = mailProviders[box.provider];
  if (box.status !== "connected") {
    throw new Error(`The ${provider.label} mailbox ${box.email} is disconnected: connect it again on Organization → Integrations, then retry`);
  }
  const outgoing: OutgoingMail = {
    ...mail,
    threadId: await latestOwnId(db, box, row, "threadId"),
    replyToProviderId: await latestOwnId(db, box, row, "providerId"),
  };
  const sent = await withAccessToken(db, box, (accessToken) => provider.send(accessToken, outgoing));
  return { providerId: namespaced(box.provider, sent.providerId), threadId: namespaced(box.provider, sent.threadId) };
}
