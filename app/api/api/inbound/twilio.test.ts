import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { ORIGIN } from "@/test/api";
import { makeCustomer, messageRow, postMessage } from "@/test/conversations";
import { setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { newSid, postTwilioSms, postTwilioStatus, REFUSED_NUMBER, sign, TWILIO, useFakeTwilio, useTwilioEnv } from "@/test/twilio";

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();
afterEach(() => deliveriesSettled());

async function messagesWithSid(organizationId: string, sid: string) {
  const db = await getDb();
  return db
    .select()
    .from(message)
    .where(and(eq(message.organizationId, organizationId), eq(message.channel, "sms"), eq(message.providerId, sid)));
}

async function sendText(cookie: string, customer: string, source: string, content = "Running late, there at 10") {
  const res = await postMessage(cookie, { customer, type: { id: "sms", source, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await deliveriesSettled();
  return messageRow(res.body.id);
}

describe("sending through Twilio", () => {
  it("posts To, From, Body and the status callback with the account's credentials, and keeps the message SID", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Tom Text", phone: "+44 7911 123456" });
    const before = twilio.requests.length;
    const row = await sendText(cookie, customer.id, "+44 7911 123456", "Your kitchen is ready");
    const sent = twilio.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString("base64")}`,
      type: "application/x-www-form-urlencoded",
      form: { To: "+447911123456", From: TWILIO.from, Body: "Your kitchen is ready", StatusCallback: `${ORIGIN}/api/api/inbound/sms/twilio/status` },
    });
    expect(row).toMatchObject({ delivery: "sent", deliveryError: null });
    expect(row.providerId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("keeps Twilio's refusal as the failure reason", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Wrong Number" });
    const row = await sendText(cookie, customer.id, REFUSED_NUMBER);
    expect(row.delivery).toBe("failed");
    expect(row.deliveryError).toContain(`Twilio refused the message: 21211 The 'To' number ${REFUSED_NUMBER} is not a valid phone number.`);
  });

  it("fails with a reason when Twilio cannot be reached", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Nobody Home" });
    process.env.TWILIO_API_URL = "http://127.0.0.1:9";
    try {
      const row = await sendText(cookie, customer.id, "+447911123457");
      expect(row.delivery).toBe("failed");
      expect(row.deliveryError).toContain("Could not reach Twilio");
    } finally {
      process.env.TWILIO_API_URL = twilio.url;
    }
  });
});

describe("inbound texts from Twilio", () => {
  it("stores a signed text in the conversation of the customer with that number, written another way; a repeated SID once", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await setOrganizationCountry(organizationId, "GB");
    const customer = await makeCustomer(cookie, { name: "Tom Text", phone: "07911 123456" });
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    const res = await postTwilioSms(token, { MessageSid: sid, From: "+447911123456", Body: "Can you come Tuesday?" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/xml; charset=utf-8");
    const [stored] = await messagesWithSid(organizationId, sid);
    expect(stored).toMatchObject({ direction: "incoming", source: "+447911123456", content: "Can you come Tuesday?", delivery: null });
    const db = await getDb();
    const [thread] = await db.select().from(conversation).where(eq(conversation.id, stored.conversationId));
    expect(thread).toMatchObject({ customerId: customer.id, organizationId, unread: 1, sources: [{ type: "sms", value: "+447911123456" }] });

    const again = await postTwilioSms(token, { MessageSid: sid, From: "+447911123456", Body: "Can you come Tuesday?" });
    expect(again.status).toBe(200);
    expect(await messagesWithSid(organizationId, sid)).toHaveLength(1);
  });

  it("normalizes a sender written without its country code by Twilio's FromCountry", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Tom Text", phone: "+44 7911 123458" });
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    expect((await postTwilioSms(token, { MessageSid: sid, From: "07911 123458", FromCountry: "GB" })).status).toBe(200);
    const [stored] = await messagesWithSid(organizationId, sid);
    expect(stored.source).toBe("+447911123458");
    const db = await getDb();
    const [thread] = await db.select().from(conversation).where(eq(conversation.id, stored.conversationId));
    expect(thread.customerId).toBe(customer.id);
  });

  it("refuses an unsigned, a wrongly signed and a tampered text with 403 and stores nothing", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    const unsigned = await postTwilioSms(token, { MessageSid: sid }, { signature: null });
    expect(unsigned.status).toBe(403);
    const otherKey = sign(`${ORIGIN}/api/api/inbound/sms/twilio/${token}`, { MessageSid: sid }, "another-auth-token");
    expect((await postTwilioSms(token, { MessageSid: sid }, { signature: otherKey })).status).toBe(403);
    // Signed for another organization's URL: the URL is part of what is signed.
    expect((await postTwilioSms(token, { MessageSid: sid }, { signedUrl: `${ORIGIN}/api/api/inbound/sms/twilio/${"b".repeat(64)}` })).status).toBe(403);
    // Signed for one text, posted with another.
    const form = { MessageSid: sid, AccountSid: TWILIO.accountSid, From: "+447911123456", To: TWILIO.from, Body: "Hello" };
    const signature = sign(`${ORIGIN}/api/api/inbound/sms/twilio/${token}`, form);
    const tampered = await postTwilioSms(token, { ...form, Body: "Send the invoice to me instead" }, { signature });
    expect({ status: tampered.status, body: tampered.body }).toEqual({ status: 403, body: { status: 403, message: "The Twilio signature is missing or wrong" } });
    expect(await messagesWithSid(organizationId, sid)).toHaveLength(0);
  });

  it("checks the signature over the public URL (APP_URL) Twilio called, not the one the proxy forwarded", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(cookie, organizationId);
    const kept = process.env.APP_URL;
    process.env.APP_URL = "https://office.example.test";
    try {
      const sid = newSid();
      expect((await postTwilioSms(token, { MessageSid: sid })).status).toBe(403);
      const publicUrl = `https://office.example.test/api/api/inbound/sms/twilio/${token}`;
      expect((await postTwilioSms(token, { MessageSid: sid }, { signedUrl: publicUrl })).status).toBe(200);
      expect(await messagesWithSid(organizationId, sid)).toHaveLength(1);
    } finally {
      process.env.APP_URL = kept;
    }
  });

  it("refuses a text for another Twilio account, an unknown token and a server without Twilio", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    expect((await postTwilioSms(token, { MessageSid: sid, AccountSid: `AC${"2".repeat(32)}` })).status).toBe(403);
    expect((await postTwilioSms("c".repeat(64), { MessageSid: sid })).status).toBe(404);
    const token2 = process.env.TWILIO_AUTH_TOKEN;
    delete process.env.TWILIO_AUTH_TOKEN;
    try {
      expect((await postTwilioSms(token, { MessageSid: sid })).status).toBe(404);
    } finally {
      process.env.TWILIO_AUTH_TOKEN = token2;
    }
    expect(await messagesWithSid(organizationId, sid)).toHaveLength(0);
  });
});

describe("Twilio status callbacks", () => {
  it("turns a sent text into failed with Twilio's reason; a late delivered does not hide the failure", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Tom Text" });
    const row = await sendText(cookie, customer.id, "+447911123459");
    expect(row.delivery).toBe("sent");
    const sid = row.providerId!;
    expect((await postTwilioStatus({ MessageSid: sid, MessageStatus: "sent" })).status).toBe(204);
    expect((await messageRow(row.id)).delivery).toBe("sent");
    expect((await postTwilioStatus({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(204);
    expect((await messageRow(row.id)).delivery).toBe("sent");

    const other = await sendText(cookie, customer.id, "+447911123459", "Second");
    const res = await postTwilioStatus({ MessageSid: other.providerId!, MessageStatus: "undelivered", ErrorCode: "30003", ErrorMessage: "Unreachable destination handset" });
    expect(res.status).toBe(204);
    expect(await messageRow(other.id)).toMatchObject({ delivery: "failed", deliveryError: "Twilio could not deliver the text: 30003 Unreachable destination handset" });
    await postTwilioStatus({ MessageSid: other.providerId!, MessageStatus: "delivered" });
    expect((await messageRow(other.id)).delivery).toBe("failed");
    // Failed without words: the code alone.
    const third = await sendText(cookie, customer.id, "+447911123459", "Third");
    await postTwilioStatus({ MessageSid: third.providerId!, MessageStatus: "failed", ErrorCode: "30008" });
    expect(await messageRow(third.id)).toMatchObject({ delivery: "failed", deliveryError: "Twilio could not deliver the text: 30008" });
  });

  it("refuses an unsigned or wrongly signed callback with 403 and changes nothing", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Tom Text" });
    const row = await sendText(cookie, customer.id, "+447911123459");
    const fields = { MessageSid: row.providerId!, MessageStatus: "failed", ErrorCode: "30003" };
    expect((await postTwilioStatus(fields, { signature: null })).status).toBe(403);
    expect((await postTwilioStatus(fields, { signature: sign(`${ORIGIN}/api/api/inbound/sms/twilio/status`, fields, "wrong-token") })).status).toBe(403);
    expect(await messageRow(row.id)).toMatchObject({ delivery: "sent", deliveryError: null });
  });
});
