import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { PATCH as patchVisitRoute } from "@/app/api/api/visit/[id]/route";
import { POST as postVisitRoute } from "@/app/api/api/visit/route";
import { setClock } from "@/lib/server/clock";
import { jobsSettled, startJobs } from "@/lib/server/jobs";
import { call } from "@/test/api";
import { advanceTo, automaticMessagesOf, plansOf } from "@/test/automatic-messages";
import { signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { sendPlanned } from "./send";
import { AUTOMATIC_TRIGGERS as TRIGGERS } from "@/lib/schemas/automatic-message-triggers";
import { setAutomaticSources, type EngineSettings } from "./sources";

const mailbox = useSmtpCatcher();

const SETTINGS: EngineSettings = {
  enabled: true,
  triggers: Object.fromEntries(TRIGGERS.map((trigger) => [trigger, { enabled: true }])) as EngineSettings["triggers"],
  reminders: [
    { kind: "days_before_at", days: 1, time: "09:00" },
    { kind: "hours_before", hours: 2 },
  ],
  quiet_hours: { from: "21:00", to: "08:00" },
};

const currentSources: Parameters<typeof setAutomaticSources>[0] = {
  settings: async () => SETTINGS,
  render: async (_db, _org, trigger, _visit, channel, extras) => ({ subject: `${trigger} subject`, text: `${trigger} by ${channel}${extras.etaMinutes ? ` in ${extras.etaMinutes} min` : ""}` }),
};

beforeAll(async () => {
  await startJobs({ schedules: false });
  setAutomaticSources(currentSources);
});
afterAll(() => {
  setAutomaticSources(undefined);
  setClock(undefined);
});

type Body = Record<string, unknown>;
const addVisit = (cookie: string, body: Body) => call(postVisitRoute, "POST", "/visit", { cookie, body });
const patchVisit = (cookie: string, id: string, body: Body) => call(patchVisitRoute, "PATCH", `/visit/${id}`, { cookie, params: { id }, body });

// 15 June 2027 is a Tuesday in British Summer Time: local = UTC + 1.
const local = (day: number, clock: string) => new Date(`2027-06-${day}T${clock}:00+01:00`);

async function londonJob() {
  const { cookie, organizationId, view } = await signUpOrganization(mailbox);
  const customer = await call(postCustomer, "POST", "/customer", {
    cookie,
    body: { name: "Mia Miller", email: "mia@example.test", phone: "+447911123456", line1: "12 Park Row", city: "Leeds", country: "GB" },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const type = await makeType(cookie, { statuses: [{ id: 1, title: "New" }, { id: 2, title: "Done" }] });
  const project = await makeProject(cookie, { type: type.id, customer: customer.body.id });
  return { cookie, organizationId, memberId: view.member.id as string, project };
}

const summary = (rows: Awaited<ReturnType<typeof automaticMessagesOf>>) => rows.map((row) => `${row.channel} ${row.content}`);

describe("automatic messages", () => {
  it("sends the confirmation at once, plans reminders at the site's time, re-plans them on a move and skips those inside the lead time", async () => {
    const { cookie, organizationId, project } = await londonJob();
    setClock(local(15, "08:00"));
    const booked = await addVisit(cookie, { project: project.id, start: "2027-06-16T09:00", end: "2027-06-16T10:00" });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await advanceTo(organizationId, local(15, "08:00"));
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email", "sms booked by sms"]);
    const reminders = async () =>
      (await plansOf(organizationId)).filter((row) => row.trigger === "reminder").map((row) => [row.slot, row.dueAt.toISOString(), row.state, row.reason]);
    expect(await reminders()).toEqual([
      ["days_before_at:1:09:00", local(15, "09:00").toISOString(), "planned", null],
      ["hours_before:2", local(16, "07:00").toISOString(), "planned", null],
    ]);

    // 09:00 today: the first reminder.
    await advanceTo(organizationId, local(15, "09:00"));
    expect(summary(await automaticMessagesOf(organizationId)).slice(2)).toEqual(["email reminder by email", "sms reminder by sms"]);

    // 10:00: moved to 15:00 tomorrow. Rescheduled now; the day-before reminder is past, the two-hour one moves to 13:00.
    await advanceTo(organizationId, local(15, "10:00"));
    const moved = await patchVisit(cookie, booked.body.id, { start: "2027-06-16T15:00", end: "2027-06-16T16:00" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await advanceTo(organizationId, local(15, "10:00"));
    expect(summary(await automaticMessagesOf(organizationId)).slice(4)).toEqual(["email rescheduled by email", "sms rescheduled by sms"]);
    expect(await reminders()).toEqual([
      ["days_before_at:1:09:00", local(15, "09:00").toISOString(), "done", null],
      ["days_before_at:1:09:00", local(15, "09:00").toISOString(), "skipped", "late"],
      ["hours_before:2", local(16, "07:00").toISOString(), "dropped", "moved"],
      ["hours_before:2", local(16, "13:00").toISOString(), "planned", null],
    ]);
    // The old two-hour reminder's job, run at its old time anyway, sends nothing.
    await advanceTo(organizationId, local(16, "07:00"));
    expect(await automaticMessagesOf(organizationId)).toHaveLength(6);
    await advanceTo(organizationId, local(16, "13:00"));
    expect(summary(await automaticMessagesOf(organizationId)).slice(6)).toEqual(["email reminder by email", "sms reminder by sms"]);
  });

  it("holds a text in quiet hours until the morning, but not the email, and not 'on my way'", async () => {
    const { cookie, organizationId, project, memberId } = await londonJob();
    // Booked at 07:00 for 11:00: the two-hour reminder at 09:00; the confirmation's text waits until 08:00.
    setClock(local(15, "07:00"));
    const booked = await addVisit(cookie, { project: project.id, start: "2027-06-15T11:00", end: "2027-06-15T12:00", members: [memberId] });
    await advanceTo(organizationId, local(15, "07:00"));
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email"]);
    await advanceTo(organizationId, local(15, "08:00"));
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email", "sms booked by sms"]);

    // A visit at 06:30 tomorrow: its two-hour reminder (04:30) would wait past the start, so its text is skipped; the email goes.
    await advanceTo(organizationId, local(15, "20:00"));
    const early = await addVisit(cookie, { project: project.id, start: "2027-06-16T06:30", end: "2027-06-16T07:30", members: [memberId] });
    await advanceTo(organizationId, local(16, "04:30"));
    const all = summary(await automaticMessagesOf(organizationId));
    expect(all.filter((line) => line.includes("reminder"))).toEqual(["email reminder by email"]);

    // On my way at 05:50 goes by text at once, with its ETA.
    setClock(local(16, "05:50"));
    const onMyWay = await patchVisit(cookie, early.body.id, { status: "on_the_way", eta_minutes: 25 });
    expect(onMyWay.status, JSON.stringify(onMyWay.body)).toBe(200);
    await advanceTo(organizationId, local(16, "05:50"));
    expect(summary(await automaticMessagesOf(organizationId)).filter((line) => line.includes("on_my_way"))).toEqual(["email on_my_way by email in 25 min", "sms on_my_way by sms in 25 min"]);
    void booked;
  });

  it("drops a cancelled visit's reminders and tells the customer once", async () => {
    const { cookie, organizationId, project } = await londonJob();
    setClock(local(15, "08:00"));
    const booked = await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
    await advanceTo(organizationId, local(15, "09:00"));
    await patchVisit(cookie, booked.body.id, { status: "cancelled" });
    await advanceTo(organizationId, local(15, "09:00"));
    await advanceTo(organizationId, local(18, "09:00"));
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email", "sms booked by sms", "email cancelled by email", "sms cancelled by sms"]);
    expect((await plansOf(organizationId)).filter((row) => row.trigger === "reminder").map((row) => [row.state, row.reason])).toEqual([
      ["dropped", "cancelled"],
      ["dropped", "cancelled"],
    ]);
  });

  it("refuses an ETA out of bounds or without 'on the way'", async () => {
    const { cookie, project } = await londonJob();
    setClock(local(15, "08:00"));
    const booked = await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
    for (const eta of [0, 241, 2.5]) {
      const res = await patchVisit(cookie, booked.body.id, { status: "on_the_way", eta_minutes: eta });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "eta_minutes", message: "The arrival time is 1 to 240 minutes away" }]);
    }
    const alone = await patchVisit(cookie, booked.body.id, { eta_minutes: 20 });
    expect(alone.body.errors).toEqual([{ path: "eta_minutes", message: "An arrival time goes only with the status on the way" }]);
  });

  it("writes each message once when two workers run the same plan at the same time, and again after a crash", async () => {
    const { cookie, organizationId, project } = await londonJob();
    setClock(local(15, "08:00"));
    await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
    await jobsSettled();
    const [plan] = (await plansOf(organizationId)).filter((row) => row.trigger === "reminder");
    setClock(plan.dueAt);
    const db = await getDb();
    await Promise.all([sendPlanned(db, plan.id), sendPlanned(db, plan.id), sendPlanned(db, plan.id)]);
    // A worker that died after writing and before marking the row done: its retry writes nothing more.
    const { automaticMessage } = await import("@/db/schema/automatic-message");
    const { eq } = await import("drizzle-orm");
    await db.update(automaticMessage).set({ state: "planned" }).where(eq(automaticMessage.id, plan.id));
    await sendPlanned(db, plan.id);
    const reminders = (await automaticMessagesOf(organizationId)).filter((row) => row.content.startsWith("reminder"));
    expect(summary(reminders)).toEqual(["email reminder by email", "sms reminder by sms"]);
  });

  it("loses nothing when the process stops between the visit's commit and storing the jobs: the sweep stores them", async () => {
    const { cookie, organizationId, project } = await londonJob();
    setClock(local(15, "08:00"));
    await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
    await jobsSettled();
    const db = await getDb();
    const { automaticMessage, message } = await import("@/db/schema/index");
    const { eq, and, isNotNull } = await import("drizzle-orm");
    // As if nothing had run after the commit: no message, no job stored.
    await db.delete(message).where(and(eq(message.organizationId, organizationId), isNotNull(message.automaticKey)));
    await db.update(automaticMessage).set({ state: "planned", jobId: null, createdAt: local(15, "07:58") }).where(eq(automaticMessage.organizationId, organizationId));
    const { sweepAutomaticMessages } = await import("./send");
    expect(await sweepAutomaticMessages(local(15, "08:00"), { organizationId })).toBeGreaterThanOrEqual(3);
    await jobsSettled();
    const jobs = await plansOf(organizationId);
    expect(jobs.every((row) => row.jobId !== null)).toBe(true);
    // The confirmation went once; the reminders wait for their time, and a second sweep adds no job.
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email", "sms booked by sms"]);
    await sweepAutomaticMessages(local(15, "08:00"), { organizationId });
    await advanceTo(organizationId, local(16, "09:00"));
    expect(summary(await automaticMessagesOf(organizationId))).toEqual(["email booked by email", "sms booked by sms", "email reminder by email", "sms reminder by sms"]);
  });

  it("keeps a text past the organization's sending limit in the thread as failed, with why", async () => {
    const { cookie, organizationId, project } = await londonJob();
    process.env.SMS_QUOTA_ORGANIZATION_PER_HOUR = "1";
    try {
      setClock(local(15, "08:00"));
      const booked = await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
      await advanceTo(organizationId, local(15, "08:00"));
      await patchVisit(cookie, booked.body.id, { start: "2027-06-17T11:00", end: "2027-06-17T12:00" });
      await advanceTo(organizationId, local(15, "08:00"));
    } finally {
      delete process.env.SMS_QUOTA_ORGANIZATION_PER_HOUR;
    }
    const rows = await automaticMessagesOf(organizationId);
    expect(rows.map((row) => [row.channel, row.content, row.delivery, row.deliveryError])).toEqual([
      ["email", "booked by email", "sent", null],
      ["sms", "booked by sms", "sent", null],
      ["email", "rescheduled by email", "sent", null],
      ["sms", "rescheduled by sms", "failed", "Not sent: the organization's limit for text messages (1 per hour) was reached. Send it again later."],
    ]);
  });

  it("does not send a message a day after its time, however its jobs fared", async () => {
    const { cookie, organizationId, project } = await londonJob();
    setAutomaticSources({ ...currentSources, render: async () => null });
    try {
      setClock(local(15, "08:00"));
      await addVisit(cookie, { project: project.id, start: "2027-06-17T09:00", end: "2027-06-17T10:00" });
      await jobsSettled();
    } finally {
      setAutomaticSources(currentSources);
    }
    const [booked] = (await plansOf(organizationId)).filter((row) => row.trigger === "booked");
    const { automaticMessage } = await import("@/db/schema/automatic-message");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    await db.update(automaticMessage).set({ state: "planned" }).where(eq(automaticMessage.id, booked.id));
    setClock(local(16, "08:01"));
    await sendPlanned(db, booked.id);
    const [after] = await db.select().from(automaticMessage).where(eq(automaticMessage.id, booked.id));
    expect([after.state, after.reason]).toEqual(["skipped", "expired"]);
    expect(await automaticMessagesOf(organizationId)).toEqual([]);
  });
});
