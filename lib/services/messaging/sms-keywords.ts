import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { translatorFor } from "@/lib/i18n/messages";
import type { ConsentEvent } from "@/lib/schemas/consent";
import { optInNumber, optOutNumber } from "./consent";
import { queueDelivery } from "./delivery";
import { appendMessage } from "./message-store";
import { businessAtLocation } from "@/lib/services/business-at";

/*
 * The words carriers expect a business's number to obey: a text that is only one
 * of them (spaces around it and case do not matter; "Stop by at 3" is no
 * keyword) opts its number out of texts, back in, or asks who is texting.
 *
 * With Twilio's Advanced Opt-Out on (the default for a messaging service) Twilio
 * itself confirms STOP and START to the customer, and a second confirmation from
 * here would only repeat it (or, after STOP, be refused as 21610); so STOP and
 * START are recorded without a reply. HELP is answered here, with the business's
 * own name and number, through the conversation like any text we send.
 */

/** Twilio's default keywords, so that the number's state here is the one Twilio enforces. */
const KEYWORDS = new Map<string, ConsentEvent>([
  ["STOP", "opted_out"],
  ["STOPALL", "opted_out"],
  ["UNSUBSCRIBE", "opted_out"],
  ["CANCEL", "opted_out"],
  ["END", "opted_out"],
  ["QUIT", "opted_out"],
  ["OPTOUT", "opted_out"],
  ["REVOKE", "opted_out"],
  ["START", "opted_in"],
  ["UNSTOP", "opted_in"],
  ["YES", "opted_in"],
  ["HELP", "help"],
  ["INFO", "help"],
]);

/** Advanced Opt-Out names the kind of a keyword it matched (its own list, other languages included) in OptOutType. */
const OPT_OUT_TYPES = new Map<string, ConsentEvent>([
  ["STOP", "opted_out"],
  ["START", "opted_in"],
  ["HELP", "help"],
]);

/** `repliedByTwilio`: Advanced Opt-Out matched it and sent the business's own reply, HELP's too. */
export type SmsKeyword = { word: string; event: ConsentEvent; repliedByTwilio?: boolean };

/** The keyword a text is, as written, or null when it is anything else; Twilio's OptOutType, when it sent one, decides. */
export function smsKeyword(body: string, optOutType?: string | null): SmsKeyword | null {
  const word = body.trim();
  const named = optOutType ? OPT_OUT_TYPES.get(optOutType.trim().toUpperCase()) : undefined;
  if (named) return { word: word.slice(0, 40), event: named, repliedByTwilio: true };
  // Letters of the Latin alphabet only: "ſtop" upper-cases to STOP but is not what a carrier reads as one.
  if (word.length > 11 || !/^[A-Za-z]+$/.test(word)) return null;
  const event = KEYWORDS.get(word.toUpperCase());
  return event ? { word, event } : null;
}

/** The HELP answer, in the customer's language else the organization's: the business's name and phone where the conversation is. */
async function helpText(tx: Db, thread: typeof conversation.$inferSelect): Promise<string> {
  const [org] = await tx
    .select({ id: organization.id, name: organization.name, language: organization.language, business: organization.business })
    .from(organization)
    .where(eq(organization.id, thread.organizationId));
  const [person] = thread.customerId
    ? await tx.select({ language: customer.language }).from(customer).where(and(eq(customer.organizationId, thread.organizationId), eq(customer.id, thread.customerId)))
    : [];
  const { phone } = await businessAtLocation(tx, org, thread.locationId);
  const t = translatorFor(person?.language ?? org.language);
  return phone ? t("consent.help.withPhone", { organization: org.name, phone }) : t("consent.help.withoutPhone", { organization: org.name });
}

/**
 * Acts on a keyword text once it is stored (inbound.ts): marks the message with
 * what it did, opts its number out or in, or queues the HELP answer in its
 * conversation. A message already marked was acted on (Twilio posted it again),
 * so a repeat neither replies twice nor moves anything.
 */
export async function answerSmsKeyword(db: Db, organizationId: string, messageId: string, keyword: SmsKeyword): Promise<void> {
  const reply = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(message)
      .where(and(eq(message.organizationId, organizationId), eq(message.id, messageId)))
      .for("update");
    if (!row || row.consentEvent) return null;
    await tx.update(message).set({ consentEvent: keyword.event }).where(eq(message.id, row.id));
    if (keyword.event === "opted_out") {
      await optOutNumber(tx, organizationId, { phone: row.source, how: "keyword", keyword: keyword.word, messageId: row.id });
      return null;
    }
    if (keyword.event === "opted_in") {
      await optInNumber(tx, organizationId, { phone: row.source, messageId: row.id });
      return null;
    }
    if (keyword.repliedByTwilio) return null;
    const [thread] = await tx.select().from(conversation).where(eq(conversation.id, row.conversationId)).for("update");
    // Nobody wrote it, so it has no author; the customer asked for it, so it is not held back from a number that opted out.
    return appendMessage(tx, thread, {
      authorId: null,
      channel: "sms",
      direction: "outgoing",
      source: row.source,
      content: await helpText(tx, thread),
      delivery: "queued",
    });
  });
  if (reply) await queueDelivery(reply.id);
}
