import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { GET as getSettingsRoute, PATCH as patchSettingsRoute } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { setClock } from "@/lib/server/clock";
import { startJobs } from "@/lib/server/jobs";
import { resolvePublicLink } from "@/lib/server/public-link";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, ORIGIN } from "@/test/api";
import { advanceTo, automaticMessagesOf, plansOf } from "@/test/automatic-messages";
import { makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { blankBody, created, getInvoice, issue, issued, patchInvoice, pay, voidIt } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { useFakeTwilio } from "@/test/twilio";

/*
 * An invoice's payment reminders, through the real routes: planned when the invoice is
 * issued (one before its due date, up to two after it), the clock walked forward day by
 * day (test/automatic-messages.ts runs what is due, as the jobs would), the fake SMTP
 * server and Twilio receiving what goes out. The organization has no country: its time
 * zone is UTC, so the reminders go at 09:00 UTC.
 */

const mailbox = useSmtpCatcher();
const twilio = useFakeTwilio();

beforeAll(() => startJobs({ schedules: false }));
afterAll(async () => {
  setClock(undefined);
  await deliveriesSettled();
});

// Monday 3 June 2030, far enough ahead that no job waits for it in real time.
const day = (n: number, clock = "09:00") => new Date(Date.UTC(2030, 5, 3 + n, Number(clock.slice(0, 2)), Number(clock.slice(3, 5))));

type Shop = Awaited<ReturnType<typeof shop>>;

async function shop(settings: Record<string, unknown> = {}) {
  setClock(day(0, "08:00"));
  const org = await signUpOrganization(mailbox, "Oak & Ash Plumbing");
  if (Object.keys(settings).length > 0) {
    const res = await call(patchSettingsRoute, "PATCH", `/organization/${org.organizationId}/automatic_messages`, { cookie: org.cookie, params: { id: org.organizationId }, body: settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const phone = `+4479${crypto.randomInt(10_000_000, 99_999_999)}`;
  const email = `dora-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn", email, phone });
  return { ...org, phone, email, customerId: customer.id };
}

/** A blank invoice issued on day 0 (gross 1,275.00 ... as invoiceTotals has it), due 14 days later. */
async function issuedInvoice(s: Shop, extra: Record<string, unknown> = {}) {
  setClock(day(0, "08:30"));
  const draft = await created(s.cookie, blankBody(s.customerId, extra));
  const body = await issued(s.cookie, draft.id);
  expect(body.due_date).toBe("2030-06-17");
  return body as { id: string; number: string; due: number; currency: string };
}

const remindersOf = async (organizationId: string) =>
  (await plansOf(organizationId))
    .filter((row) => row.invoiceId !== null)
    .map((row) => ({ invoice: row.invoiceId, trigger: row.trigger, slot: row.slot, due: row.dueAt.toISOString(), state: row.state, reason: row.reason }));

const SLOTS = ["before:3", "after:7", "after:21"];
/** An invoice's reminders in the order of their slots (the rows come in the order of their times, which a late issue changes). */
const slotsOf = async (organizationId: string, invoice: string) =>
  (await remindersOf(organizationId)).filter((row) => row.invoice === invoice).sort((a, b) => SLOTS.indexOf(a.slot!) - SLOTS.indexOf(b.slot!));

const tokenIn = (text: string) => /\/p\/invoice\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("an invoice's payment reminders", () => {
  it("are planned at issue and sent before and after the due date by email and text, with a link to the invoice's page", async () => {
    const s = await shop();
    const inv = await issuedInvoice(s);
    expect(await remindersOf(s.organizationId)).toEqual([
      { invoice: inv.id, trigger: "invoice_reminder", slot: "before:3", due: day(11).toISOString(), state: "planned", reason: null },
      { invoice: inv.id, trigger: "invoice_overdue", slot: "after:7", due: day(21).toISOString(), state: "planned", reason: null },
      { invoice: inv.id, trigger: "invoice_overdue", slot: "after:21", due: day(35).toISOString(), state: "planned", reason: null },
    ]);

    await advanceTo(s.organizationId, day(10));
    expect(await automaticMessagesOf(s.organizationId)).toEqual([]);
    await advanceTo(s.organizationId, day(11));
    await deliveriesSettled();
    const before = await automaticMessagesOf(s.organizationId);
    expect(before.map((row) => [row.channel, row.source, row.delivery])).toEqual([
      ["email", s.email, "sent"],
      ["sms", s.phone, "sent"],
    ]);
    const [mail, text] = before;
    expect(mail.content).toContain("Hello Dora Dunn");
    expect(mail.content).toContain(`our invoice ${inv.number} of`);
    expect(mail.content).toContain("is due on June 17, 2030");
    const token = tokenIn(mail.content)!;
    expect(mail.content).toContain(`${ORIGIN}/p/invoice/${token}`);
    const db = await getDb();
    expect((await resolvePublicLink(db, token, "invoice")).documentId).toBe(inv.id);
    expect(text.content).toMatch(new RegExp(`^Oak & Ash Plumbing: invoice ${inv.number} is due on June 17, 2030\\. Pay here: ${ORIGIN}/p/invoice/[A-Za-z0-9_-]{43}$`));
    expect(twilio.requests.filter((request) => request.form.To === s.phone)).toHaveLength(1);
    expect(mailbox.mails.filter((m) => m.to.includes(s.email))).toHaveLength(1);

    // Part paid: the overdue reminder names what is left.
    setClock(day(15));
    expect((await pay(s.cookie, { invoice: inv.id, amount: 10_000, method: "bank_transfer" })).status).toBe(201);
    await advanceTo(s.organizationId, day(21));
    await deliveriesSettled();
    const overdue = (await automaticMessagesOf(s.organizationId)).slice(2);
    expect(overdue.map((row) => row.channel)).toEqual(["email", "sms"]);
    expect(overdue[0].content).toContain(`Our invoice ${inv.number} was due on June 17, 2030`);
    expect(overdue[0].conversationId).toBe(mail.conversationId);

    // Paid in full: the last one is dropped.
    setClock(day(22));
    expect((await pay(s.cookie, { invoice: inv.id, amount: inv.due - 10_000, method: "cash" })).status).toBe(201);
    await advanceTo(s.organizationId, day(40));
    expect(await automaticMessagesOf(s.organizationId)).toHaveLength(4);
    expect((await remindersOf(s.organizationId)).map((row) => [row.slot, row.state, row.reason])).toEqual([
      ["before:3", "done", null],
      ["after:7", "done", null],
      ["after:21", "dropped", "paid"],
    ]);
  });

  it("follow the organization's days, and are dropped when the invoice's reminders are switched off, or it is voided", async () => {
    const s = await shop({ invoice_reminder_days: 5, invoice_overdue_days: [30] });
    const view = await call(getSettingsRoute, "GET", `/organization/${s.organizationId}/automatic_messages`, { cookie: s.cookie, params: { id: s.organizationId } });
    expect(view.body).toMatchObject({ invoice_reminder_days: 5, invoice_overdue_days: [30] });
    expect(view.body.placeholders.invoice_overdue).toContain("invoice.link");
    expect(view.body.placeholders.invoice_overdue).not.toContain("visit.when");

    const off = await issuedInvoice(s);
    const voided = await issuedInvoice(s);
    const none = await issuedInvoice(s, { reminders: false });
    expect(none).toMatchObject({ reminders: false });
    expect((await remindersOf(s.organizationId)).filter((row) => row.invoice === off.id).map((row) => [row.slot, row.due])).toEqual([
      ["before:5", day(9).toISOString()],
      ["after:30", day(44).toISOString()],
    ]);
    expect((await remindersOf(s.organizationId)).filter((row) => row.invoice === none.id)).toEqual([]);

    // Switched off once issued: only `reminders` may change now.
    const switched = await patchInvoice(s.cookie, off.id, { reminders: false });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ reminders: false, status: "issued", due: off.due });
    expect((await patchInvoice(s.cookie, off.id, { reminders: true, title: "Changed" })).status).toBe(409);
    expect((await patchInvoice(s.cookie, off.id, { reminders: "no" })).status).toBe(400);
    expect((await voidIt(s.cookie, voided.id)).status).toBe(200);

    await advanceTo(s.organizationId, day(50));
    expect(await automaticMessagesOf(s.organizationId)).toEqual([]);
    const states = (id: string) => remindersOf(s.organizationId).then((rows) => rows.filter((row) => row.invoice === id).map((row) => [row.slot, row.state, row.reason]));
    expect(await states(off.id)).toEqual([
      ["before:5", "dropped", "reminders_off"],
      ["after:30", "dropped", "reminders_off"],
    ]);
    expect(await states(voided.id)).toEqual([
      ["before:5", "dropped", "void"],
      ["after:30", "dropped", "void"],
    ]);
  });

  it("are not planned while their triggers are off, and refuse bad days with readable messages", async () => {
    const s = await shop({ triggers: { invoice_reminder: { enabled: false }, invoice_overdue: { enabled: false } } });
    await issuedInvoice(s);
    expect(await remindersOf(s.organizationId)).toEqual([]);
    const bad = await call(patchSettingsRoute, "PATCH", `/organization/${s.organizationId}/automatic_messages`, {
      cookie: s.cookie,
      params: { id: s.organizationId },
      body: { invoice_reminder_days: 0, invoice_overdue_days: [7, 7, 9] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(expect.arrayContaining(["invoice_reminder_days", "invoice_overdue_days"]));
    // A credit note gets none.
    const t = await shop();
    const inv = await issuedInvoice(t);
    await voidIt(t.cookie, inv.id);
    expect((await remindersOf(t.organizationId)).map((row) => row.invoice)).toEqual([inv.id, inv.id, inv.id]);
  });
  it("of an invoice entered late, dated a day past: it is overdue at once, and its first overdue reminder goes now when asked, the others not", async () => {
    const s = await shop();
    setClock(day(0, "10:00"));
    // Dated 60 days back, with nobody asking for a reminder now (say, paid long ago): every reminder has had its day and is skipped.
    const older = await issued(s.cookie, (await created(s.cookie, blankBody(s.customerId))).id, { issue_date: "2030-04-04" });
    expect(older).toMatchObject({ status: "overdue", due_date: "2030-04-18" });
    expect((await slotsOf(s.organizationId, older.id)).map((row) => [row.slot, row.state, row.reason])).toEqual([
      ["before:3", "skipped", "late"],
      ["after:7", "skipped", "late"],
      ["after:21", "skipped", "late"],
    ]);
    // Dated 30 days back, reminded now: due 16 days ago; the reminder before it is skipped, the one a week after it goes now.
    const late = await issued(s.cookie, (await created(s.cookie, blankBody(s.customerId))).id, { issue_date: "2030-05-04", remind_overdue: true });
    expect(late).toMatchObject({ status: "overdue", issue_date: "2030-05-04", due_date: "2030-05-18" });
    // (The one due now is queued as the invoice is issued: it may have gone already.)
    expect((await slotsOf(s.organizationId, late.id)).map((row) => [row.slot, row.due, row.reason])).toEqual([
      ["before:3", new Date(Date.UTC(2030, 4, 15, 9)).toISOString(), "late"],
      ["after:7", day(0, "10:00").toISOString(), null],
      ["after:21", day(5).toISOString(), null],
    ]);
    // Numbers follow dates: a day before the last invoice issued is refused, and takes no number.
    const between = await created(s.cookie, blankBody(s.customerId));
    const refused = await issue(s.cookie, between.id, { issue_date: "2030-04-20" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: "issue_date", message: `This date is before ${late.number}, issued on 2030-05-04: numbers follow the dates` }),
    ]);
    expect((await getInvoice(s.cookie, between.id)).body).toMatchObject({ status: "draft", number: null });
    const sameDay = await issued(s.cookie, between.id, { issue_date: "2030-05-04" });
    expect(Number(sameDay.number.slice(-4))).toBe(Number(late.number.slice(-4)) + 1);
    // Due today: not overdue until its day is over.
    const today = await issued(s.cookie, (await created(s.cookie, blankBody(s.customerId))).id, { issue_date: "2030-05-20" });
    expect(today).toMatchObject({ status: "issued", due_date: "2030-06-03" });

    // The reminder goes on the engine's next run, once for each invoice, with the link to pay.
    await advanceTo(s.organizationId, day(0, "10:01"));
    await deliveriesSettled();
    const sent = await automaticMessagesOf(s.organizationId);
    expect(sent.map((row) => row.channel)).toEqual(["email", "sms"]);
    const mail = sent.find((row) => row.channel === "email" && row.content.includes(late.number))!;
    expect(mail.content).toContain(`Our invoice ${late.number} was due on May 18, 2030`);
    expect(tokenIn(mail.content)).toBeTruthy();
    expect((await slotsOf(s.organizationId, late.id)).map((row) => [row.slot, row.state])).toEqual([
      ["before:3", "skipped"],
      ["after:7", "done"],
      ["after:21", "planned"],
    ]);
    expect((await slotsOf(s.organizationId, older.id)).map((row) => [row.slot, row.state])).toEqual([
      ["before:3", "skipped"],
      ["after:7", "skipped"],
      ["after:21", "skipped"],
    ]);

    // A part paid keeps it overdue; the rest paid makes it paid and drops what is left.
    expect((await pay(s.cookie, { invoice: late.id, amount: 10_000, method: "bank_transfer" })).status).toBe(201);
    const part = await getInvoice(s.cookie, late.id);
    expect(part.body).toMatchObject({ status: "overdue", paid: 10_000, due: late.due - 10_000 });
    expect((await pay(s.cookie, { invoice: late.id, amount: late.due - 10_000, method: "cash" })).status).toBe(201);
    await advanceTo(s.organizationId, day(6));
    expect((await slotsOf(s.organizationId, late.id)).map((row) => [row.slot, row.state, row.reason])).toEqual([
      ["before:3", "skipped", "late"],
      ["after:7", "done", null],
      ["after:21", "dropped", "paid"],
    ]);
  });

  it("refuse an issue date still to come, and take today's", async () => {
    const s = await shop();
    setClock(day(0, "10:00"));
    const draft = await created(s.cookie, blankBody(s.customerId));
    const future = await issue(s.cookie, draft.id, { issue_date: "2030-06-04" });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([expect.objectContaining({ path: "issue_date", message: "An invoice cannot be dated after today" })]);
    expect((await issue(s.cookie, draft.id, { issue_date: "4 June" })).status).toBe(400);
    const late = await issued(s.cookie, draft.id, { issue_date: "2030-06-03" });
    expect(late).toMatchObject({ status: "issued", issue_date: "2030-06-03" });
  });
});
