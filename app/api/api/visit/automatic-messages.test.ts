import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchSettingsRoute } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { setClock } from "@/lib/server/clock";
import { startJobs } from "@/lib/server/jobs";
import { call } from "@/test/api";
import { advanceTo, automaticMessagesOf, plansOf } from "@/test/automatic-messages";
import { listMessages, makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { postTwilioSms, useFakeTwilio } from "@/test/twilio";
import { PATCH as patchVisitRoute } from "./[id]/route";
import { POST as postVisitRoute } from "./route";

/*
 * Messages that send themselves, end to end through the real routes: the settings
 * screen's endpoint, visits booked and moved, the technician's status, Twilio's
 * webhook for the customer's replies, the fake Twilio and SMTP server receiving what
 * goes out. The clock of automatic messages is walked through two days at a site in
 * London; each step runs what is due by then (test/automatic-messages.ts), as the
 * jobs would at their time.
 */

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();

beforeAll(() => startJobs({ schedules: false }));
afterAll(() => setClock(undefined));

type Body = Record<string, unknown>;
const addVisit = (cookie: string, body: Body) => call(postVisitRoute, "POST", "/visit", { cookie, body });
const patchVisit = (cookie: string, id: string, body: Body) => call(patchVisitRoute, "PATCH", `/visit/${id}`, { cookie, params: { id }, body });

// Wednesday 12 June 2030 ("today") in British Summer Time, UTC + 1; far enough ahead that no job waits for it in real time.
const at = (day: "today" | "tomorrow", clock: string) => new Date(`2030-06-${day === "today" ? 12 : 13}T${clock}:00+01:00`);

/** An organization with reminders "1 day before at 09:00" and "2 hours before", a customer in Leeds with email and mobile, and a project there. */
async function londonShop() {
  const org = await signUpOrganization(mailbox);
  const settings = await call(patchSettingsRoute, "PATCH", `/organization/${org.organizationId}/automatic_messages`, {
    cookie: org.cookie,
    params: { id: org.organizationId },
    body: { reminders: [{ kind: "days_before_at", days: 1, time: "09:00" }, { kind: "hours_before", hours: 2 }] },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const phone = `+4479${crypto.randomInt(10_000_000, 99_999_999)}`;
  const email = `mia-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const customer = await makeCustomer(org.cookie, { name: "Mia Miller", email, phone, line1: "12 Park Row", city: "Leeds", country: "GB" });
  const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "New" }, { id: 2, title: "Done" }] });
  const project = await makeProject(org.cookie, { type: type.id, customer: customer.id });
  const { token } = await inboundAddress(org.cookie, org.organizationId);
  return { ...org, memberId: org.view.member.id as string, phone, email, customerId: customer.id as string, project, token };
}

type Shop = Awaited<ReturnType<typeof londonShop>>;

/** "channel trigger" of each automatic message, in the order written. */
async function sent(shop: Shop) {
  return (await automaticMessagesOf(shop.organizationId)).map((row) => `${row.channel} ${row.automaticKey!.split("/")[1]}`);
}

const textsTo = (phone: string) => twilio.requests.filter((request) => request.form.To === phone).map((request) => request.form.Body);
const mailsTo = (address: string) => mailbox.mails.filter((mail) => mail.to.includes(address));

describe("messages that send themselves", () => {
  it("confirms at once, reminds at the site's times, tells of a move and re-plans, and texts 'on my way' at once", async () => {
    const shop = await londonShop();
    setClock(at("today", "08:00"));
    const booked = await addVisit(shop.cookie, { project: shop.project.id, start: "2030-06-13T09:00", end: "2030-06-13T10:00", members: [shop.memberId] });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await advanceTo(shop.organizationId, at("today", "08:00"));
    expect(await sent(shop)).toEqual(["email booked", "sms booked"]);
    // The words are the organization's defaults, filled in at the site's wall clock; the email can be unsubscribed from.
    expect(textsTo(shop.phone)).toEqual([expect.stringContaining("is booked for Thursday, June 13, 2030 at 9:00 AM")]);
    expect(mailsTo(shop.email)).toHaveLength(1);
    expect(mailsTo(shop.email)[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const reminders = async () =>
      (await plansOf(shop.organizationId)).filter((row) => row.trigger === "reminder").map((row) => [row.slot, row.dueAt.toISOString(), row.state]);
    expect(await reminders()).toEqual([
      ["days_before_at:1:09:00", at("today", "09:00").toISOString(), "planned"],
      ["hours_before:2", at("tomorrow", "07:00").toISOString(), "planned"],
    ]);

    // Not a minute early: the first reminder at 09:00 today.
    await advanceTo(shop.organizationId, at("today", "08:59"));
    expect(await sent(shop)).toHaveLength(2);
    await advanceTo(shop.organizationId, at("today", "09:00"));
    expect((await sent(shop)).slice(2)).toEqual(["email reminder", "sms reminder"]);

    // 10:00: moved to 15:00 tomorrow. Rescheduled at once; the day-before reminder is not sent again; the other moves to 13:00.
    await advanceTo(shop.organizationId, at("today", "10:00"));
    const moved = await patchVisit(shop.cookie, booked.body.id, { start: "2030-06-13T15:00", end: "2030-06-13T16:00" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await advanceTo(shop.organizationId, at("today", "10:00"));
    expect((await sent(shop)).slice(4)).toEqual(["email rescheduled", "sms rescheduled"]);
    expect(textsTo(shop.phone).at(-1)).toContain("3:00 PM");
    expect((await reminders()).filter(([, , state]) => state === "planned")).toEqual([["hours_before:2", at("tomorrow", "13:00").toISOString(), "planned"]]);
    await advanceTo(shop.organizationId, at("tomorrow", "12:59"));
    expect(await sent(shop)).toHaveLength(6);
    await advanceTo(shop.organizationId, at("tomorrow", "13:00"));
    expect((await sent(shop)).slice(6)).toEqual(["email reminder", "sms reminder"]);

    // The technician taps On my way at 14:40 with 20 minutes: the text leaves at once, by its job, with the ETA.
    setClock(at("tomorrow", "14:40"));
    const before = textsTo(shop.phone).length;
    const onMyWay = await patchVisit(shop.cookie, booked.body.id, { status: "on_the_way", eta_minutes: 20 });
    expect(onMyWay.status, JSON.stringify(onMyWay.body)).toBe(200);
    await expect.poll(() => textsTo(shop.phone).slice(before), { timeout: 60_000 }).toEqual([expect.stringContaining("20")]);
    expect((await sent(shop)).slice(8)).toEqual(["email on_my_way", "sms on_my_way"]);
  });

  it("skips both reminders of a visit booked inside their lead time", async () => {
    const shop = await londonShop();
    setClock(at("today", "08:30"));
    const booked = await addVisit(shop.cookie, { project: shop.project.id, start: "2030-06-12T10:00", end: "2030-06-12T11:00" });
    expect(booked.status).toBe(201);
    await advanceTo(shop.organizationId, at("today", "11:00"));
    expect(await sent(shop)).toEqual(["email booked", "sms booked"]);
    expect((await plansOf(shop.organizationId)).filter((row) => row.trigger === "reminder").map((row) => [row.state, row.reason])).toEqual([
      ["skipped", "late"],
      ["skipped", "late"],
    ]);
  });

  // The API spells the direction of what came in "incomming", as the product always has.
  it("threads the customer's reply into the same conversation, and after STOP the next reminder is not texted, saying why", async () => {
    const shop = await londonShop();
    setClock(at("today", "08:00"));
    await addVisit(shop.cookie, { project: shop.project.id, start: "2030-06-13T15:00", end: "2030-06-13T16:00" });
    await advanceTo(shop.organizationId, at("today", "08:00"));
    const [, confirmation] = await automaticMessagesOf(shop.organizationId);
    expect(confirmation.channel).toBe("sms");

    const reply = await postTwilioSms(shop.token, { From: shop.phone, Body: "Can you ring when you are outside?" });
    expect(reply.status).toBe(200);
    const thread = await listMessages(shop.cookie, [confirmation.conversationId]);
    expect(thread.body.items.map((item: { type: { direction: string; content: string } }) => [item.type.direction, item.type.content])).toEqual([
      ["outgoing", confirmation.content],
      ["incomming", "Can you ring when you are outside?"],
    ]);

    await advanceTo(shop.organizationId, at("today", "09:00"));
    const texted = textsTo(shop.phone).length;
    expect(texted).toBe(2);
    expect((await postTwilioSms(shop.token, { From: shop.phone, Body: "STOP" })).status).toBe(200);

    await advanceTo(shop.organizationId, at("tomorrow", "13:00"));
    expect(textsTo(shop.phone)).toHaveLength(texted);
    expect((await sent(shop)).slice(4)).toEqual(["email reminder", "sms reminder"]);
    // The thread shows the reminder as not sent, and why.
    const after = await listMessages(shop.cookie, [confirmation.conversationId]);
    const last = after.body.items.at(-1);
    expect(last.type.direction).toBe("outgoing");
    expect(last.delivery).toEqual({ state: "failed", error: expect.stringMatching(/^Not sent: this number replied STOP on \d{4}-\d{2}-\d{2}; it gets no texts until the customer replies START\.$/) });
    // The email reminder still went: STOP is about texts.
    expect(mailsTo(shop.email)).toHaveLength(3);
  });
});
