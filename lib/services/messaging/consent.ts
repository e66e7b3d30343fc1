import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { Db } from "@/db/client";
import { smsOptOut } from "@/db/schema/consent";
import { message } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import type { Channel } from "@/lib/schemas/channels";
import type { SmsOptOutWay } from "@/lib/schemas/consent";
import type { MessageValues } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";

/*
 * Whether a customer may be messaged, per channel. Every message that leaves
 * asks here first: a member's own (message.ts refuses it with the reason) and
 * every automatic one (the trigger engine calls `channelConsent` at send time).
 *
 * Texts follow the number: one that replied STOP (sms-keywords.ts), that the
 * carrier refused as unsubscribed (Twilio's error 21610), or that staff recorded
 * as not wanting texts is opted out for the whole organization, whoever it
 * belongs to, until the customer replies START. Staff cannot opt a number back
 * in. Automated emails follow the customer: their `automated_emails` switch,
 * turned off by staff or by the unsubscribe link every automated email carries
 * (automated-email.ts). A member's own email is the customer's conversation and
 * is never refused here.
 */

/** History of a number's opt-outs and opt-ins is kept on its row under this type. */
export const SMS_OPT_OUT_ENTITY = "sms_opt_out";

/** A number's standing opt-out: since when, how, and the message or member that did it. */
export type SmsOptOut = { since: Date; how: SmsOptOutWay; keyword: string | null; message: string | null; member: string | null };

/** Why a message may not be sent on a channel. */
export type ConsentRefusal =
  /** The number opted out of texts. */
  | { reason: "sms_opted_out"; optOut: SmsOptOut }
  /** Staff or the customer's unsubscribe link turned the customer's automated emails off. */
  | { reason: "automated_emails_off" }
  /** Neither given nor on file: nowhere to send. */
  | { reason: "no_address" }
  /** No such customer in the organization. */
  | { reason: "customer_unknown" };

export type Consent = { allowed: true; to: string } | ({ allowed: false } & ConsentRefusal);

/** Whom a message is for: a customer (its own phone and email unless others are given), or only a number or address (a stranger's conversation). */
export type ConsentTarget = { customerId: string | null; phone?: string | null; email?: string | null };

/** A stored number in E.164 as messages name it; one kept from before numbers were checked stays as it is. */
const asE164 = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone.trim();

/** The number's opt-out, or null while texts may go to it. */
export async function smsOptOutOf(db: Db, organizationId: string, phone: string): Promise<SmsOptOut | null> {
  const [row] = await db
    .select()
    .from(smsOptOut)
    .where(and(eq(smsOptOut.organizationId, organizationId), eq(smsOptOut.phone, asE164(phone))));
  if (!row?.optedOutAt || !row.how) return null;
  return { since: row.optedOutAt, how: row.how, keyword: row.keyword, message: row.messageId, member: row.memberId };
}

type Context = { db: Db; organizationId: string; automated: boolean; customer: { phone: string | null; email: string | null; automatedEmails: boolean } | null };

/** Each channel's rule, by channel, so a new channel fails the type check until it has one. */
const RULES: Record<Channel, (context: Context, to: string | null) => Promise<Consent>> = {
  async sms({ db, organizationId }, to) {
    if (!to) return { allowed: false, reason: "no_address" };
    const optOut = await smsOptOutOf(db, organizationId, to);
    return optOut ? { allowed: false, reason: "sms_opted_out", optOut } : { allowed: true, to: asE164(to) };
  },
  async email({ automated, customer: found }, to) {
    if (!to) return { allowed: false, reason: "no_address" };
    if (automated && found && !found.automatedEmails) return { allowed: false, reason: "automated_emails_off" };
    return { allowed: true, to };
  },
};

/**
 * Whether a message may go to the customer (or a bare number or address) on each
 * channel, and why not. `automated` (the default) asks for a message nobody wrote
 * (a booking confirmation, a reminder, an on-my-way text): those also need the
 * customer's automated emails on. A member's own message passes `automated: false`.
 * Call it at send time, not when the message is planned: consent can change in between.
 *
 *     const consent = await channelConsent(db, organizationId, { customerId });
 *     if (consent.sms.allowed) send to consent.sms.to; else record consent.sms.reason
 */
export async function channelConsent(
  db: Db,
  organizationId: string,
  target: ConsentTarget,
  { automated = true }: { automated?: boolean } = {},
): Promise<Record<Channel, Consent>> {
  let found: Context["customer"] = null;
  if (target.customerId) {
    const [row] = await db
      .select({ phone: customer.phone, email: customer.email, automatedEmails: customer.automatedEmails })
      .from(customer)
      .where(and(eq(customer.organizationId, organizationId), eq(customer.id, target.customerId)));
    if (!row) return { sms: { allowed: false, reason: "customer_unknown" }, email: { allowed: false, reason: "customer_unknown" } };
    found = row;
  }
  const context: Context = { db, organizationId, automated, customer: found };
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const sms = await RULES.sms(context, target.phone ?? found?.phone ?? null);
  const email = await RULES.email(context, target.email ?? found?.email ?? null);
  return { sms, email };
}

/** Whether an automated email may go to the customer: it has an email address and its automated emails are on. */
export async function isAutomatedEmailAllowed(db: Db, organizationId: string, customerId: string): Promise<boolean> {
  return (await channelConsent(db, organizationId, { customerId })).email.allowed;
}

/** The catalogue key of each way a number opted out, as a refusal says it. */
const OPTED_OUT_KEYS: Record<SmsOptOutWay, string> = {
  keyword: "errors.consent.smsOptedOut.keyword",
  carrier: "errors.consent.smsOptedOut.carrier",
  staff: "errors.consent.smsOptedOut.staff",
};

/**
 * Why a member's own message to `to` may not be sent (a catalogue key and its
 * values), or null when it may. Only texts are ever refused: a number that opted out.
 */
export async function staffMessageRefusal(db: Db, organizationId: string, recipient: { channel: Channel; to: string }): Promise<{ key: string; values: MessageValues } | null> {
  const asked = await channelConsent(db, organizationId, { customerId: null, phone: recipient.to, email: recipient.to }, { automated: false });
  const consent = asked[recipient.channel];
  if (consent.allowed || consent.reason !== "sms_opted_out") return null;
  return { key: OPTED_OUT_KEYS[consent.optOut.how], values: { phone: recipient.to, keyword: (consent.optOut.keyword ?? "STOP").toUpperCase() } };
}

type OptOutInput = { phone: string; how: SmsOptOutWay; keyword?: string | null; messageId?: string | null; memberId?: string | null };

/**
 * Opts the number out of texts, in the caller's transaction, with a history entry
 * (by the member who recorded it, else by nobody: the customer or the carrier).
 * Answers false when it was opted out already; the first opt-out stays on record.
 */
export async function optOutNumber(tx: Db, organizationId: string, input: OptOutInput): Promise<boolean> {
  const phone = asE164(input.phone);
  await tx.insert(smsOptOut).values({ organizationId, phone }).onConflictDoNothing({ target: [smsOptOut.organizationId, smsOptOut.phone] });
  const [row] = await tx
    .select()
    .from(smsOptOut)
    .where(and(eq(smsOptOut.organizationId, organizationId), eq(smsOptOut.phone, phone)))
    .for("update");
  if (row.optedOutAt) return false;
  const values = { how: input.how, keyword: input.keyword ?? null, messageId: input.messageId ?? null, memberId: input.memberId ?? null };
  await tx
    .update(smsOptOut)
    .set({ ...values, optedOutAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(smsOptOut.id, row.id));
  await recordHistory(tx, {
    organizationId,
    entityType: SMS_OPT_OUT_ENTITY,
    entityId: row.id,
    memberId: values.memberId,
    action: "updated",
    changes: { opted_out: [false, true], how: [null, values.how], keyword: [null, values.keyword], message: [null, values.messageId] },
  });
  return true;
}

/** Opts the number back in (the customer's START), in the caller's transaction; false when it was not opted out. */
export async function optInNumber(tx: Db, organizationId: string, input: { phone: string; messageId: string }): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(smsOptOut)
    .where(and(eq(smsOptOut.organizationId, organizationId), eq(smsOptOut.phone, asE164(input.phone))))
    .for("update");
  if (!row?.optedOutAt) return false;
  await tx
    .update(smsOptOut)
    .set({ optedOutAt: null, how: null, keyword: null, messageId: null, memberId: null, optedInAt: sql`now()`, optInMessageId: input.messageId, updatedAt: sql`now()` })
    .where(eq(smsOptOut.id, row.id));
  await recordHistory(tx, {
    organizationId,
    entityType: SMS_OPT_OUT_ENTITY,
    entityId: row.id,
    memberId: null,
    action: "updated",
    changes: { opted_out: [true, false], how: [row.how, null], keyword: [row.keyword, null], message: [row.messageId, input.messageId] },
  });
  return true;
}

/**
 * The carrier refused a text because its number unsubscribed (Twilio's 21610, on
 * sending or in a status callback): the number is opted out, and the refused
 * message says so in its conversation.
 */
export async function carrierOptOut(db: Db, sent: { id: string; organizationId: string; source: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(message).set({ consentEvent: "opted_out" }).where(and(eq(message.id, sent.id), eq(message.organizationId, sent.organizationId)));
    await optOutNumber(tx, sent.organizationId, { phone: sent.source, how: "carrier", messageId: sent.id });
  });
}
