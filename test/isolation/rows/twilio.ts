import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { startConversation } from "@/lib/services/conversation";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { notFound } from "@/test/answers";
import { makeCustomer } from "@/test/conversations";
import { inboundAddress } from "@/test/inbound";
import { refusedWrite, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";
import { organizationRows } from "@/test/organization-rows";
import { newSid, postTwilioSms, postTwilioStatus, useTwilioEnv } from "@/test/twilio";

const NO_MEMBER_ACTS = "the webhook acts for no member: Twilio posts with its signature as the only credential, and a session cookie sent along is not even loaded";
const BAD_SIGNATURE = { status: 403, message: "The Twilio signature is missing or wrong" };

/** Runs `check` with Twilio configured (its webhooks need the auth token), then restores the environment. */
const withTwilio = (check: (w: World) => Promise<void>) => async (w: World) => {
  const restore = useTwilioEnv();
  try {
    await check(w);
  } finally {
    restore();
  }
};

async function storedSms(organizationId: string, sid: string) {
  const db = await getDb();
  return db.select().from(message).where(and(eq(message.organizationId, organizationId), eq(message.channel, "sms"), eq(message.providerId, sid)));
}

/** A text the organization sent, as Twilio accepted it under `sid`. */
async function sentText(organizationId: string, sid: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await startConversation(tx, { organizationId, locationId: null, memberId: null, title: "Texts", customer: null, sources: [] });
    return appendMessage(tx, row, { channel: "sms", direction: "outgoing", source: "+447911123456", title: "", content: "Ready", delivery: "sent", providerId: sid });
  });
}

/** Twilio's webhooks: the token in the path names the organization of an inbound text; a status names our message by Twilio's SID. */
export const twilioRows: Row[] = [
  {
    method: "POST",
    route: "/inbound/sms/twilio/[token]",
    cases: {
      "no session": withTwilio(async (w) => {
        // Without a session (how Twilio calls) A's URL takes A's texts, and only into A.
        const { token } = await inboundAddress(w.a.cookie, w.a.organizationId);
        const bRows = await organizationRows([w.b.organizationId]);
        const sid = newSid();
        const res = await postTwilioSms(token, { MessageSid: sid });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await storedSms(w.a.organizationId, sid)).toHaveLength(1);
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
        // Unsigned, or to a URL nobody has: refused, nothing written.
        await refusedWrite(w, "unsigned", BAD_SIGNATURE, () => postTwilioSms(token, { MessageSid: newSid() }, { signature: null }));
        await refusedWrite(w, "unknown token", notFound("Inbound address"), () => postTwilioSms("d".repeat(64), { MessageSid: newSid() }));
      }),
      "other organization": withTwilio(async (w) => {
        // A and B each have a customer with the same number: a text to B's URL reaches B's customer, never A's.
        const phone = `+44 7911 1${String(Math.floor(Math.random() * 100000)).padStart(5, "0")}`;
        await makeCustomer(w.a.cookie, { name: "Shared Number A", phone });
        const bCustomer = await makeCustomer(w.outsider.cookie, { name: "Shared Number B", phone });
        const { token: aToken } = await inboundAddress(w.a.cookie, w.a.organizationId);
        const { token: bToken } = await inboundAddress(w.outsider.cookie, w.b.organizationId);
        const sid = newSid();
        expect((await postTwilioSms(aToken, { MessageSid: sid, From: phone })).status).toBe(200);
        const aBefore = await organizationRows([w.a.organizationId]);
        // The same SID posted to B is no duplicate of A's: de-duplication is per organization.
        expect((await postTwilioSms(bToken, { MessageSid: sid, From: phone })).status).toBe(200);
        const [inB] = await storedSms(w.b.organizationId, sid);
        const db = await getDb();
        const [thread] = await db.select().from(conversation).where(eq(conversation.id, inB.conversationId));
        expect(thread).toMatchObject({ organizationId: w.b.organizationId, customerId: bCustomer.id });
        expect(await organizationRows([w.a.organizationId])).toEqual(aBefore);
      }),
      "location cannot see": "no member or location acts: the token names the organization, and where the text lands follows the customer's location (inbound tests)",
      "view-only": "no member acts, so no sharing level applies; the conversation it lands in gets its own sharing",
      "missing privilege": NO_MEMBER_ACTS,
    },
  },
  {
    method: "POST",
    route: "/inbound/sms/twilio/status",
    cases: {
      "no session": withTwilio(async (w) => {
        const sid = newSid();
        const sent = await sentText(w.a.organizationId, sid);
        await refusedWrite(w, "unsigned", BAD_SIGNATURE, () => postTwilioStatus({ MessageSid: sid, MessageStatus: "failed" }, { signature: null }));
        expect((await postTwilioStatus({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "30003" })).status).toBe(204);
        const [row] = await storedSms(w.a.organizationId, sid);
        expect(row).toMatchObject({ id: sent.id, delivery: "failed" });
      }),
      "other organization": withTwilio(async (w) => {
        // Each organization's text is known by its own SID: a status for B's text leaves A's untouched.
        const bSid = newSid();
        await sentText(w.a.organizationId, newSid());
        const bSent = await sentText(w.b.organizationId, bSid);
        const aBefore = await organizationRows([w.a.organizationId]);
        expect((await postTwilioStatus({ MessageSid: bSid, MessageStatus: "undelivered", ErrorCode: "30005" })).status).toBe(204);
        const [row] = await storedSms(w.b.organizationId, bSid);
        expect(row).toMatchObject({ id: bSent.id, delivery: "failed" });
        expect(await organizationRows([w.a.organizationId])).toEqual(aBefore);
      }),
      "location cannot see": "no member or location acts: the status names a text by Twilio's SID, and only that text's delivery state changes",
      "view-only": "no member acts, so no sharing level applies",
      "missing privilege": NO_MEMBER_ACTS,
    },
  },
];
