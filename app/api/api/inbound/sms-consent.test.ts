import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { smsOptOut } from "@/db/schema/consent";
import { message } from "@/db/schema/conversation";
import { organization } from "@/db/schema/organization";
import { POST as retry } from "@/app/api/api/message/[id]/retry/route";
import { POST as postMessageRoute } from "@/app/api/api/message/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call } from "@/test/api";
import { listMessages, makeCustomer, messageRow, postMessage } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { newSid, postTwilioSms, postTwilioStatus, useFakeTwilio } from "@/test/twilio";

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();
afterEach(() => deliveriesSettled());

/** A UK mobile number no other test uses. */
const newNumber = () => `+4479${String(crypto.randomInt(10_000_000, 99_999_999))}`;

/** An organization that takes texts, with a customer at `phone`. */
async function textingOrganization(phone = newNumber(), customer: Record<string, unknown> = {}) {
  const org = await signUpOrganization(mailbox);
  const made = await makeCustomer(org.cookie, { name: "Tom Text", phone, ...customer });
  const { token } = await inboundAddress(org.cookie, org.organizationId);
  return { ...org, token, phone, customerId: made.id };
}

async function optOutRow(organizationId: string, phone: string) {
  const db = await getDb();
  const [row] = await db.select().from(smsOptOut).where(and(eq(smsOptOut.organizationId, organizationId), eq(smsOptOut.phone, phone)));
  return row;
}

/** A text from `from` as Twilio posts it; answers the stored message. */
async function textIn(token: string, organizationId: string, from: string, body: string, sid = newSid(), fields: Record<string, string> = {}) {
  const res = await postTwilioSms(token, { MessageSid: sid, From: from, Body: body, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const db = await getDb();
  const [row] = await db.select().from(message).where(and(eq(message.organizationId, organizationId), eq(message.providerId, sid)));
  return row;
}

describe("stop words", () => {
  it("each of them, in any case and with spaces around, opts its number out; the text stays in the conversation marked with why", async () => {
    const org = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(org.cookie, org.organizationId);
    const phones: string[] = [];
    for (const word of ["STOP", "stopall", "Unsubscribe", "cancel", "End", "QUIT", "OptOut", "revoke", "  stop \n"]) {
      const phone = newNumber();
      phones.push(phone);
      const stored = await textIn(token, org.organizationId, phone, word);
      expect(stored, word).toMatchObject({ direction: "incoming", source: phone, content: word, consentEvent: "opted_out" });
      const row = await optOutRow(org.organizationId, phone);
      expect(row, word).toMatchObject({ how: "keyword", keyword: word.trim(), messageId: stored.id, memberId: null });
      expect(row.optedOutAt, word).toBeInstanceOf(Date);
      // What the thread reads: the text itself, and what it did.
      const thread = await listMessages(org.cookie, [stored.conversationId]);
      expect(thread.body.items.map((item: { type: { content: string }; consent: string | null }) => [item.type.content, item.consent]), word).toEqual([
        [word, "opted_out"],
      ]);
    }
    // Twilio itself confirms a STOP: nothing is sent from here.
    await deliveriesSettled();
    expect(twilio.requests.filter((request) => phones.includes(request.form.To))).toEqual([]);
  });

  it("is no stop word inside a longer text, and a repeated STOP changes nothing", async () => {
    const org = await textingOrganization();
    for (const body of ["Stop by at 3 tomorrow", "please stop", "STOPPED", "stop!", "ſtop"]) {
      const stored = await textIn(org.token, org.organizationId, org.phone, body);
      expect(stored.consentEvent, body).toBeNull();
    }
    expect(await optOutRow(org.organizationId, org.phone)).toBeUndefined();
    const sid = newSid();
    const first = await textIn(org.token, org.organizationId, org.phone, "Stop", sid);
    const since = (await optOutRow(org.organizationId, org.phone)).optedOutAt;
    // Twilio posts the same text again, then the customer sends STOP once more: the first opt-out stays on record.
    await textIn(org.token, org.organizationId, org.phone, "Stop", sid);
    const second = await textIn(org.token, org.organizationId, org.phone, "STOP");
    expect(second.consentEvent).toBe("opted_out");
    expect(await optOutRow(org.organizationId, org.phone)).toMatchObject({ optedOutAt: since, messageId: first.id });
    const db = await getDb();
    const row = await optOutRow(org.organizationId, org.phone);
    const entries = await db.select().from(history).where(and(eq(history.entityType, "sms_opt_out"), eq(history.entityId, row.id)));
    expect(entries).toHaveLength(1);
  });
});

describe("a member's own text to a number that opted out", () => {
  it("is refused before sending with the reason at the recipient, in the request's language; a retry is refused too", async () => {
    const org = await textingOrganization();
    const before = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: "See you at 9" } });
    expect(before.status).toBe(201);
    await deliveriesSettled();
    // Twilio could not deliver it; meanwhile the customer replies STOP.
    await textIn(org.token, org.organizationId, org.phone, "stop");
    const sentBefore = twilio.requests.length;
    const res = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: "We are on our way" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "type.source", message: `${org.phone} opted out of text messages by replying STOP. Only the customer can turn texts back on, by replying START.` },
    ]);
    const german = await call(postMessageRoute, "POST", "/message", {
      cookie: org.cookie,
      headers: { "accept-language": "de-DE" },
      body: { customer: org.customerId, type: { id: "sms", source: org.phone, content: "Wir sind unterwegs" } },
    });
    expect(german.body.errors[0].message).toBe(`${org.phone} hat SMS mit der Antwort STOP abbestellt. Nur der Kunde kann sie wieder einschalten, indem er START antwortet.`);
    // An email to the same customer is the member's to write.
    const email = await postMessage(org.cookie, { customer: org.customerId, type: { id: "email", source: "tom@example.test", title: "On our way", content: "See you soon" } });
    expect(email.status).toBe(201);

    const db = await getDb();
    await db.update(message).set({ delivery: "failed", deliveryError: "30003 Unreachable" }).where(eq(message.id, before.body.id));
    const again = await call(retry, "POST", `/message/${before.body.id}/retry`, { cookie: org.cookie, params: { id: before.body.id }, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.details).toContain("opted out of text messages by replying STOP");
    await deliveriesSettled();
    expect(twilio.requests.slice(sentBefore).filter((request) => request.form.To === org.phone)).toEqual([]);
  });

  it("goes out again once the customer replies START or UNSTOP", async () => {
    const org = await textingOrganization();
    for (const [stop, start] of [["QUIT", "start"], ["cancel", "Unstop"], ["end", "Yes"]]) {
      await textIn(org.token, org.organizationId, org.phone, stop);
      const back = await textIn(org.token, org.organizationId, org.phone, start);
      expect(back.consentEvent).toBe("opted_in");
      const row = await optOutRow(org.organizationId, org.phone);
      expect(row).toMatchObject({ optedOutAt: null, how: null, keyword: null, optInMessageId: back.id });
      const res = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: `Back after ${stop}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await deliveriesSettled();
      expect(await messageRow(res.body.id)).toMatchObject({ delivery: "sent" });
    }
    const db = await getDb();
    const row = await optOutRow(org.organizationId, org.phone);
    const entries = await db.select({ changes: history.changes }).from(history).where(and(eq(history.entityType, "sms_opt_out"), eq(history.entityId, row.id)));
    expect(entries.map((entry) => entry.changes.opted_out).sort()).toEqual([[false, true], [false, true], [false, true], [true, false], [true, false], [true, false]].sort());
  });

  it("follows Twilio's Advanced Opt-Out where it names the keyword's kind: the business's own words in any language, and no second HELP answer", async () => {
    const org = await textingOrganization();
    const out = await textIn(org.token, org.organizationId, org.phone, "Arrêt", newSid(), { OptOutType: "STOP" });
    expect(out.consentEvent).toBe("opted_out");
    expect(await optOutRow(org.organizationId, org.phone)).toMatchObject({ how: "keyword", keyword: "Arrêt", messageId: out.id });
    const back = await textIn(org.token, org.organizationId, org.phone, "Reprendre", newSid(), { OptOutType: "START" });
    expect(back.consentEvent).toBe("opted_in");
    expect(await optOutRow(org.organizationId, org.phone)).toMatchObject({ optedOutAt: null, optInMessageId: back.id });
    // Twilio answered HELP with the business's configured reply: nothing more goes from here.
    const sentBefore = twilio.requests.length;
    const help = await textIn(org.token, org.organizationId, org.phone, "Aide", newSid(), { OptOutType: "HELP" });
    expect(help.consentEvent).toBe("help");
    await deliveriesSettled();
    expect(twilio.requests.slice(sentBefore)).toEqual([]);
    // A type Twilio does not send is no keyword of its own; the text is read as written.
    expect((await textIn(org.token, org.organizationId, org.phone, "Running late", newSid(), { OptOutType: "MAYBE" })).consentEvent).toBeNull();
  });
});

describe("HELP", () => {
  it("is answered once with the business's name and phone, in the customer's language, through the conversation", async () => {
    const org = await textingOrganization(newNumber(), { language: "de-DE" });
    const db = await getDb();
    await db.update(organization).set({ name: "Acme Sanitär", business: { phone: "+49 30 1234567" } }).where(eq(organization.id, org.organizationId));
    const sid = newSid();
    const asked = await textIn(org.token, org.organizationId, org.phone, " help ", sid);
    expect(asked.consentEvent).toBe("help");
    await deliveriesSettled();
    // Posted again by Twilio: answered once.
    await textIn(org.token, org.organizationId, org.phone, " help ", sid);
    await deliveriesSettled();
    const thread = await listMessages(org.cookie, [asked.conversationId]);
    const answer = "Acme Sanitär: Hilfe erhalten Sie unter +49 30 1234567. Antworten Sie STOP, um keine SMS mehr von uns zu bekommen, START, um sie wieder zu erhalten.";
    expect(thread.body.items.map((item: { author: string | null; type: { direction: string; content: string }; delivery: { state: string } | null; consent: string | null }) => [
      item.type.direction,
      item.author,
      item.type.content,
      item.delivery?.state ?? null,
      item.consent,
    ])).toEqual([
      ["incomming", null, " help ", null, "help"],
      ["outgoing", null, answer, "sent", null],
    ]);
    expect(twilio.requests.filter((request) => request.form.To === org.phone).map((request) => request.form.Body)).toEqual([answer]);
    expect(await optOutRow(org.organizationId, org.phone)).toBeUndefined();
  });

  it("names the organization alone when it has no phone on file", async () => {
    const org = await textingOrganization();
    const asked = await textIn(org.token, org.organizationId, org.phone, "Info");
    expect(asked.consentEvent).toBe("help");
    await deliveriesSettled();
    const thread = await listMessages(org.cookie, [asked.conversationId]);
    expect(thread.body.items.at(-1).type.content).toBe(
      "Acme Plumbing: for help, reply to this text and we will get back to you. Reply STOP to stop our texts, START to get them again.",
    );
  });
});

describe("Twilio's error 21610", () => {
  it("on sending: the text fails with a reason a member can read, and the number is opted out", async () => {
    const org = await textingOrganization();
    twilio.unsubscribed.add(org.phone);
    const res = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: "Your quote is ready" } });
    expect(res.status).toBe(201);
    await deliveriesSettled();
    const row = await messageRow(res.body.id);
    expect(row).toMatchObject({ delivery: "failed", consentEvent: "opted_out" });
    expect(row.deliveryError).toBe(
      "Not sent: this number has opted out of text messages, so no text goes to it until the customer replies START. Twilio refused the message: 21610 Attempt to send to unsubscribed recipient",
    );
    expect(await optOutRow(org.organizationId, org.phone)).toMatchObject({ how: "carrier", messageId: row.id, keyword: null });
    const thread = await listMessages(org.cookie, [row.conversationId]);
    expect(thread.body.items[0]).toMatchObject({ consent: "opted_out", delivery: { state: "failed" } });
    const next = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: "Hello?" } });
    expect(next.status).toBe(400);
    expect(next.body.errors[0].message).toBe(
      `${org.phone} has opted out of text messages: the carrier refused a text to it as unsubscribed. Only the customer can turn texts back on, by replying START.`,
    );
  });

  it("in a status callback: the sent text turns failed and the number is opted out", async () => {
    const org = await textingOrganization();
    const res = await postMessage(org.cookie, { customer: org.customerId, type: { id: "sms", source: org.phone, content: "Reminder: tomorrow at 9" } });
    await deliveriesSettled();
    const sent = await messageRow(res.body.id);
    expect(sent.delivery).toBe("sent");
    await postTwilioStatus({ MessageSid: sent.providerId!, MessageStatus: "failed", ErrorCode: "21610", ErrorMessage: "Attempt to send to unsubscribed recipient" });
    expect(await messageRow(sent.id)).toMatchObject({ delivery: "failed", consentEvent: "opted_out" });
    expect(await optOutRow(org.organizationId, org.phone)).toMatchObject({ how: "carrier", messageId: sent.id });
  });
});
