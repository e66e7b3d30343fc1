import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { quote } from "@/db/schema/quote";
import { PATCH as patchSettingsRoute } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { POST as revise } from "@/app/api/api/quote/[id]/revise/route";
import { POST as send } from "@/app/api/api/quote/[id]/send/route";
import { POST } from "@/app/api/api/quote/route";
import { setClock } from "@/lib/server/clock";
import { startJobs } from "@/lib/server/jobs";
import { resolvePublicLink } from "@/lib/server/public-link";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, ORIGIN } from "@/test/api";
import { advanceTo, automaticMessagesOf, plansOf } from "@/test/automatic-messages";
import { listMessages, makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { postTwilioSms, useFakeTwilio } from "@/test/twilio";

/*
 * A quote's follow-up, through the real routes: the settings' endpoint, the quote
 * sent by email or text, the clock walked forward day by day (test/automatic-messages.ts
 * runs what is due by then, as the jobs would at their time), and the fake SMTP
 * server and Twilio receiving what goes out. The organization has no country: its
 * time zone, and so the quiet hours' clock, is UTC.
 */

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();

beforeAll(() => startJobs({ schedules: false }));
afterAll(async () => {
  setClock(undefined);
  await deliveriesSettled();
});

// Monday 3 June 2030, far enough ahead that no job waits for it in real time.
const day = (n: number, clock: string) => new Date(Date.UTC(2030, 5, 3 + n, Number(clock.slice(0, 2)), Number(clock.slice(3, 5))));

type Shop = Awaited<ReturnType<typeof shop>>;

/** An organization with the follow-up after `days` days, and a customer with an email address and a mobile number. */
async function shop(days = 3, trigger: Record<string, unknown> = {}) {
  setClock(day(0, "09:00"));
  const org = await signUpOrganization(mailbox, "Oak & Ash Plumbing");
  const settings = await call(patchSettingsRoute, "PATCH", `/organization/${org.organizationId}/automatic_messages`, {
    cookie: org.cookie,
    params: { id: org.organizationId },
    body: { quote_follow_up_days: days, ...(Object.keys(trigger).length > 0 && { triggers: { quote_follow_up: trigger } }) },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  expect(settings.body.quote_follow_up_days).toBe(days);
  const phone = `+4479${crypto.randomInt(10_000_000, 99_999_999)}`;
  const email = `dora-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn", email, phone });
  return { ...org, phone, email, customerId: customer.id as string };
}

async function sentQuote(s: Shop, channel: "email" | "sms", at: Date) {
  setClock(at);
  const draft = await call(POST, "POST", "/quote", {
    cookie: s.cookie,
    body: { customer: s.customerId, title: "Leaking tap", options: [{ name: "Standard", sections: [{ title: "", lines: [{ name: "Repair", unit: "hour", unit_price: 8000, quantity: 1 }] }] }] },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const id = draft.body.id as string;
  const res = await sendAgain(s, id, channel, at);
  return { id, number: res.body.number as string, conversation: res.body.message.conversation as string };
}

async function sendAgain(s: Shop, id: string, channel: "email" | "sms", at: Date) {
  setClock(at);
  const res = await call(send, "POST", `/quote/${id}/send`, { cookie: s.cookie, params: { id }, body: { channel } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await deliveriesSettled();
  return res;
}

const followUps = async (organizationId: string) =>
  (await plansOf(organizationId)).filter((row) => row.trigger === "quote_follow_up").map((row) => ({ quote: row.quoteId, due: row.dueAt.toISOString(), state: row.state, reason: row.reason, channel: row.channel, to: row.recipient }));

const tokenIn = (text: string) => /\/p\/quote\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

/** What the customer's public page records when it is opened, or answered. */
async function setStatus(id: string, values: Partial<typeof quote.$inferInsert>) {
  const db = await getDb();
  await db.update(quote).set(values).where(eq(quote.id, id));
}

describe("a quote's follow-up", () => {
  it("is planned on send and, after N days without an answer, emailed into the customer's conversation with a new link", async () => {
    const s = await shop(2);
    const sent = await sentQuote(s, "email", day(0, "10:00"));
    expect(await followUps(s.organizationId)).toEqual([{ quote: sent.id, due: day(2, "10:00").toISOString(), state: "planned", reason: null, channel: "email", to: s.email }]);
    const firstMail = mailbox.mails.filter((mail) => mail.to.includes(s.email));
    expect(firstMail).toHaveLength(1);
    const firstToken = tokenIn(firstMail[0].raw.replace(/=\r?\n/g, ""))!;

    await advanceTo(s.organizationId, day(1, "10:00"));
    expect(await automaticMessagesOf(s.organizationId)).toEqual([]);

    await advanceTo(s.organizationId, day(2, "10:00"));
    await deliveriesSettled();
    const [followUp] = await automaticMessagesOf(s.organizationId);
    expect(followUp).toMatchObject({ channel: "email", direction: "outgoing", source: s.email, conversationId: sent.conversation });
    expect(followUp.content).toContain("Hello Dora Dunn");
    expect(followUp.content).toContain(`our quote ${sent.number} for Leaking tap`);
    const token = tokenIn(followUp.content)!;
    expect(followUp.content).toContain(`${ORIGIN}/p/quote/${token}`);
    expect((await followUps(s.organizationId))[0]).toMatchObject({ state: "done" });

    // The new link opens the quote, and so does the one first sent: the customer may open either message.
    const db = await getDb();
    expect((await resolvePublicLink(db, token, "quote")).documentId).toBe(sent.id);
    expect((await resolvePublicLink(db, firstToken, "quote")).documentId).toBe(sent.id);

    // In the thread beside the quote itself, with its delivery state; and in the customer's mailbox.
    const thread = await listMessages(s.cookie, [sent.conversation]);
    expect(thread.body.items.map((item: { type: { title: string }; delivery: { state: string } }) => [item.type.title, item.delivery.state])).toEqual([
      [`Quote ${sent.number} from Oak & Ash Plumbing`, "sent"],
      [`Your quote ${sent.number}: Leaking tap`, "sent"],
    ]);
    expect(mailbox.mails.filter((mail) => mail.to.includes(s.email))).toHaveLength(2);

    // Once only, however often it is run.
    await advanceTo(s.organizationId, day(5, "10:00"));
    expect(await automaticMessagesOf(s.organizationId)).toHaveLength(1);
  });

  it("is written in the customer's own language, with the quote's validity date in it", async () => {
    const s = await shop(3);
    const email = `camille-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const customer = await makeCustomer(s.cookie, { name: "Camille Martin", email, language: "fr-FR" });
    setClock(day(0, "10:00"));
    const draft = await call(POST, "POST", "/quote", {
      cookie: s.cookie,
      body: { customer: customer.id, title: "Nouvelle chaudière", valid_until: "2030-07-15", options: [{ name: "Standard", sections: [{ title: "", lines: [{ name: "Pose", unit: "hour", unit_price: 8000, quantity: 1 }] }] }] },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const res = await sendAgain(s, draft.body.id, "email", day(0, "10:00"));
    await advanceTo(s.organizationId, day(3, "10:00"));
    const [followUp] = await automaticMessagesOf(s.organizationId);
    expect(followUp.content).toContain("Bonjour Camille Martin,");
    expect(followUp.content).toContain(`notre devis ${res.body.number} pour Nouvelle chaudière`);
    expect(followUp.content).toContain("Il est valable jusqu'au 15 juillet 2030.");
    expect(followUp.content).toContain("Oak & Ash Plumbing");
  });

  it("is dropped once the quote was opened, answered or revised, and planned again for a new send", async () => {
    const s = await shop(3);
    const viewed = await sentQuote(s, "email", day(0, "10:00"));
    const approved = await sentQuote(s, "email", day(0, "10:01"));
    const revised = await sentQuote(s, "email", day(0, "10:02"));
    const resent = await sentQuote(s, "email", day(0, "10:03"));

    setClock(day(1, "12:00"));
    await setStatus(viewed.id, { status: "viewed", viewedAt: day(1, "12:00") });
    await setStatus(approved.id, { status: "approved", answeredAt: day(1, "12:00") });
    expect((await call(revise, "POST", `/quote/${revised.id}/revise`, { cookie: s.cookie, params: { id: revised.id }, body: {} })).status).toBe(200);
    // Sent again the next day: followed up three days after that instead.
    await sendAgain(s, resent.id, "email", day(1, "12:00"));

    await advanceTo(s.organizationId, day(3, "10:05"));
    expect(await automaticMessagesOf(s.organizationId)).toEqual([]);
    const byQuote = (id: string) => followUps(s.organizationId).then((rows) => rows.filter((row) => row.quote === id).map((row) => [row.due, row.state, row.reason]));
    expect(await byQuote(viewed.id)).toEqual([[day(3, "10:00").toISOString(), "dropped", "viewed"]]);
    expect(await byQuote(approved.id)).toEqual([[day(3, "10:01").toISOString(), "dropped", "approved"]]);
    expect(await byQuote(revised.id)).toEqual([[day(3, "10:02").toISOString(), "dropped", "revised"]]);
    expect(await byQuote(resent.id)).toEqual([
      [day(3, "10:03").toISOString(), "dropped", "sent_again"],
      [day(4, "12:00").toISOString(), "planned", null],
    ]);

    await advanceTo(s.organizationId, day(4, "12:00"));
    const written = await automaticMessagesOf(s.organizationId);
    expect(written.map((row) => [row.conversationId, row.content.includes(resent.number)])).toEqual([[resent.conversation, true]]);
  });

  it("is not planned while the trigger is off, and not sent when it was switched off after planning", async () => {
    const off = await shop(3, { enabled: false });
    await sentQuote(off, "email", day(0, "10:00"));
    expect(await followUps(off.organizationId)).toEqual([]);

    const s = await shop(3);
    await sentQuote(s, "email", day(0, "10:00"));
    setClock(day(1, "10:00"));
    const switched = await call(patchSettingsRoute, "PATCH", `/organization/${s.organizationId}/automatic_messages`, {
      cookie: s.cookie,
      params: { id: s.organizationId },
      body: { triggers: { quote_follow_up: { enabled: false } } },
    });
    expect(switched.status).toBe(200);
    await advanceTo(s.organizationId, day(3, "10:00"));
    expect(await automaticMessagesOf(s.organizationId)).toEqual([]);
    expect(await followUps(s.organizationId)).toMatchObject([{ state: "dropped", reason: "disabled" }]);
  });

  it("texts the number the quote was texted to, holds the text in quiet hours, and does not text a number that replied STOP", async () => {
    const s = await shop(1);
    const { token } = await inboundAddress(s.cookie, s.organizationId);
    // Sent at 22:30: its follow-up is due at 22:30 the next day, inside quiet hours (21:00 to 08:00).
    const sent = await sentQuote(s, "sms", day(0, "22:30"));
    expect(await followUps(s.organizationId)).toMatchObject([{ due: day(1, "22:30").toISOString(), channel: "sms", to: s.phone }]);
    await advanceTo(s.organizationId, day(1, "22:30"));
    expect(await followUps(s.organizationId)).toMatchObject([{ due: day(2, "08:00").toISOString(), state: "planned" }]);
    const texted = twilio.requests.filter((request) => request.form.To === s.phone).length;
    expect(texted).toBe(1);

    await advanceTo(s.organizationId, day(2, "08:00"));
    await deliveriesSettled();
    const texts = twilio.requests.filter((request) => request.form.To === s.phone).map((request) => request.form.Body);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(new RegExp(`^Oak & Ash Plumbing: a reminder of our quote ${sent.number}\\. You can view and approve it here: ${ORIGIN}/p/quote/[A-Za-z0-9_-]{43}$`));
    const [followUp] = await automaticMessagesOf(s.organizationId);
    expect(followUp).toMatchObject({ channel: "sms", source: s.phone, conversationId: sent.conversation });

    // Consent is read when the follow-up goes: a STOP after the quote was texted keeps its follow-up in the thread as not sent, saying why.
    const second = await sentQuote(s, "sms", day(2, "09:00"));
    expect(twilio.requests.filter((request) => request.form.To === s.phone)).toHaveLength(3);
    setClock(day(2, "12:00"));
    expect((await postTwilioSms(token, { From: s.phone, Body: "STOP" })).status).toBe(200);
    await advanceTo(s.organizationId, day(3, "09:00"));
    await deliveriesSettled();
    expect(twilio.requests.filter((request) => request.form.To === s.phone)).toHaveLength(3);
    expect((await followUps(s.organizationId)).filter((row) => row.quote === second.id)).toMatchObject([{ state: "done" }]);
    const last = (await automaticMessagesOf(s.organizationId)).at(-1)!;
    expect(last).toMatchObject({ channel: "sms", delivery: "failed", conversationId: second.conversation });
    expect(last.deliveryError).toMatch(/^Not sent: this number replied STOP on \d{4}-\d{2}-\d{2}; it gets no texts until the customer replies START\.$/);
  });
});
