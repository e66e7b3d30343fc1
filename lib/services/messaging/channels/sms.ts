import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { message } from "@/db/schema/conversation";
import { clip } from "@/lib/schemas/clip";
import { CONVERSATION_TITLE_MAX, DELIVERY_REASON_MAX } from "../limits";
import { carrierOptOut } from "../consent";
import { smsTransport } from "../sms-transport";
import { TWILIO_OPTED_OUT, TwilioError } from "../twilio-api";
import { providerAnswer, type ChannelAdapter } from "./channel";

const optedOut = (error: unknown) => error instanceof TwilioError && error.code === TWILIO_OPTED_OUT;

const samePhone = (stored: string | null, to: string) => stored !== null && (stored === to || parsePhoneNumberFromString(stored)?.number === to);

/** Digits a stored phone number may be written with, for an E.164 sender: +44 113…, 0044 113…, 0113…. */
function phoneSpellings(e164: string): string[] {
  const phone = parsePhoneNumberFromString(e164);
  const digits = e164.replace(/\D/g, "");
  if (!phone) return [digits];
  const national = String(phone.nationalNumber);
  return [...new Set([digits, `00${digits}`, national, `0${national}`])];
}

/** Text messages: numbers in E.164, matched against however a customer's phone was typed; no subject, no threading headers. */
export const smsChannel: ChannelAdapter = {
  isOnFile: (contact, to) => samePhone(contact.phone, to),
  sourceIs: (to) => eq(message.source, to),
  addressIs: (from, on) => inArray(sql`regexp_replace(coalesce(${on.phone}, ''), '[^0-9]', '', 'g')`, phoneSpellings(from)),
  conversationTitle: ({ party }) => clip(`Text messages with ${party}`, CONVERSATION_TITLE_MAX),
  outgoing: async () => ({}),
  async send(db, row) {
    try {
      const { providerId } = await smsTransport().send({ to: row.source, body: row.content });
      return { providerId, threadId: null };
    } catch (error) {
      // The number unsubscribed (a STOP we did not see, or its carrier's own list): no text goes to it until the customer replies START.
      if (optedOut(error)) await carrierOptOut(db, row);
      throw error;
    }
  },
  failureReason(error) {
    if (optedOut(error)) {
      return clip(`Not sent: this number has opted out of text messages, so no text goes to it until the customer replies START. ${providerAnswer(error)}`, DELIVERY_REASON_MAX);
    }
    return clip(`The text message could not be sent: ${providerAnswer(error)}`, DELIVERY_REASON_MAX);
  },
};
