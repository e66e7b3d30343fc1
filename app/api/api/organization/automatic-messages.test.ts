import { describe, expect, it } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { POST as previewRoute } from "@/app/api/api/organization/[id]/automatic_messages/preview/route";
import { GET, PATCH } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { POST as testRoute } from "@/app/api/api/organization/[id]/automatic_messages/test/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { useFakeTwilio } from "@/test/twilio";

const mailbox = useSmtpCatcher();

const twilio = useFakeTwilio();

type Org = Awaited<ReturnType<typeof signUpOrganization>>;
const path = (org: Org) => `/organization/${org.organizationId}/automatic_messages`;
const read = (org: Org, cookie = org.cookie) => call(GET, "GET", path(org), { cookie, params: { id: org.organizationId } });
const patch = (org: Org, body: unknown, cookie = org.cookie) => call(PATCH, "PATCH", path(org), { cookie, params: { id: org.organizationId }, body });
const preview = (org: Org, body: unknown, cookie = org.cookie) => call(previewRoute, "POST", `${path(org)}/preview`, { cookie, params: { id: org.organizationId }, body });
const sendTest = (org: Org, body: unknown, cookie = org.cookie) => call(testRoute, "POST", `${path(org)}/test`, { cookie, params: { id: org.organizationId }, body });
const errorsOf = (res: { body: { errors?: { path: string; message: string }[] } }) => res.body.errors ?? [];

describe("automatic message settings", () => {
  it("start as the defaults in the organization's language, switched on for a new organization", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await read(org);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      enabled: true,
      language: "en-US",
      reminders: [{ kind: "days_before_at", days: 1, time: "17:00" }],
      quiet_hours: { from: "21:00", to: "08:00" },
      review_link: null,
    });
    expect(res.body.triggers.booked).toMatchObject({ enabled: true, email_subject: "Your visit on {{visit.date}} is booked", customized: [] });
    expect(res.body.defaults.booked.sms).toBe(res.body.triggers.booked.sms);
    expect(res.body.placeholders.on_my_way).toContain("visit.eta");
    expect(res.body.placeholders.booked).not.toContain("visit.eta");
    // The sample visit: two days ahead at 09:00 with a two-hour window, the organization's own name.
    expect(res.body.sample).toMatchObject({ "customer.name": "Jordan Miller", "organization.name": "Acme Plumbing", "visit.eta": "20", "technician.first_name": "Alex" });
    expect(res.body.sample["visit.when"]).toMatch(/, between 9:00 AM and 11:00 AM$/);

    expect((await call(patchOrganization, "PATCH", `/organization/${org.organizationId}`, { cookie: org.cookie, params: { id: org.organizationId }, body: { language: "de-DE" } })).status).toBe(200);
    const inGerman = await read(org);
    expect(inGerman.body.language).toBe("de-DE");
    expect(inGerman.body.triggers.booked.email_subject).toBe("Ihr Termin am {{visit.date}} ist gebucht");
    expect(inGerman.body.sample["visit.when"]).toMatch(/, zwischen 09:00 und 11:00 Uhr$/);
  });

  it("keep a quote's follow-up: its days (1 to 30, 3 by default), texts naming the quote, previewed with a sample quote", async () => {
    const org = await signUpOrganization(mailbox);
    const start = await read(org);
    expect(start.body.quote_follow_up_days).toBe(3);
    expect(start.body.triggers.quote_follow_up).toMatchObject({ enabled: true, customized: [] });
    expect(start.body.placeholders.quote_follow_up).toEqual(["customer.name", "contact.name", "organization.name", "organization.phone", "links.website", "quote.number", "quote.title", "quote.link", "quote.valid_until"]);
    expect(start.body.placeholders.booked).not.toContain("quote.link");
    for (const days of [0, 31, 2.5, "3"]) {
      const refused = await patch(org, { quote_follow_up_days: days });
      expect(refused.status, String(days)).toBe(400);
      expect(errorsOf(refused).map((error) => error.path)).toEqual(["quote_follow_up_days"]);
    }
    // A visit's placeholder means nothing in a quote's message.
    const wrong = await patch(org, { triggers: { quote_follow_up: { sms: "See you {{visit.when}}" } } });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong).map((error) => error.path)).toEqual(["triggers.quote_follow_up.sms"]);
    const saved = await patch(org, { quote_follow_up_days: 7, triggers: { quote_follow_up: { enabled: false } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ quote_follow_up_days: 7, triggers: { quote_follow_up: { enabled: false } } });
    const history = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "organization", id: org.organizationId } });
    expect(Object.keys(history.body.items[0].changes).sort()).toEqual(["automatic_messages.quote_follow_up.enabled", "automatic_messages.quote_follow_up_days"]);

    expect((await call(patchOrganization, "PATCH", `/organization/${org.organizationId}`, { cookie: org.cookie, params: { id: org.organizationId }, body: { language: "de-DE" } })).status).toBe(200);
    const shown = await preview(org, { trigger: "quote_follow_up" });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.email_subject).toMatch(/^Ihr Angebot Q-\d{4}-0042: Neue Heizungsanlage$/);
    expect(shown.body.email_body).toContain("Guten Tag Anna Schmidt,");
    expect(shown.body.email_body).toMatch(/Es gilt bis zum \d{1,2}\. [A-Za-zä]+ \d{4}\./);
    expect(shown.body.sms).toMatch(/^Acme Plumbing: Erinnerung an unser Angebot Q-\d{4}-0042\. Hier können Sie es ansehen und annehmen: https?:\/\/\S+\/p\/quote\/[A-Za-z0-9]{43}$/);
  });

  it("keep what an admin writes, record it, and go back to the default on null or the default text", async () => {
    const org = await signUpOrganization(mailbox);
    const sms = "{{organization.name}}: see you {{visit.when}}, {{customer.name}}!";
    const saved = await patch(org, { triggers: { booked: { sms }, completed: { enabled: false } }, reminders: [{ kind: "hours_before", hours: 2 }, { kind: "days_before_at", days: 2, time: "18:30" }], quiet_hours: null, review_link: "g.page/r/acme" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.triggers.booked).toMatchObject({ sms, customized: ["sms"] });
    expect(saved.body.triggers.completed.enabled).toBe(false);
    expect(saved.body).toMatchObject({ quiet_hours: null, review_link: "https://g.page/r/acme", reminders: [{ kind: "hours_before", hours: 2 }, { kind: "days_before_at", days: 2, time: "18:30" }] });
    expect((await read(org)).body.triggers.booked.sms).toBe(sms);

    const history = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "organization", id: org.organizationId } });
    expect(Object.keys(history.body.items[0].changes).sort()).toEqual([
      "automatic_messages.booked.sms",
      "automatic_messages.completed.enabled",
      "automatic_messages.quiet_hours",
      "automatic_messages.reminders",
      "automatic_messages.review_link",
    ]);
    expect(history.body.items[0].changes["automatic_messages.booked.sms"][1]).toBe(sms);

    const defaults = saved.body.defaults.booked;
    expect((await patch(org, { triggers: { booked: { sms: defaults.sms } } })).body.triggers.booked.customized).toEqual([]);
    await patch(org, { triggers: { booked: { email_body: "Hello {{contact.name}}" } } });
    const reset = await patch(org, { triggers: { booked: { email_body: null } }, quiet_hours: { from: "21:00", to: "08:00" } });
    expect(reset.body.triggers.booked).toMatchObject({ email_body: defaults.email_body, customized: [] });
    expect(reset.body.quiet_hours).toEqual({ from: "21:00", to: "08:00" });
  });

  it("refuse unknown placeholders by name, broken syntax, and texts past their bounds", async () => {
    const org = await signUpOrganization(mailbox);
    const before = (await read(org)).body;
    const unknown = await patch(org, { triggers: { booked: { sms: "Hi {{customer.nickname}}, {{ visit.eta }} and {{customer.name}}" } } });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)).toEqual([
      { path: "triggers.booked.sms", message: "Unknown placeholders: {{customer.nickname}}, {{visit.eta}}. Use one from the Insert placeholder menu" },
    ]);
    // The ETA is known on the way only.
    expect((await patch(org, { triggers: { on_my_way: { sms: "Here in {{ visit.eta }} min" } } })).status).toBe(200);
    const broken = await patch(org, {
      triggers: {
        reminder: { email_body: "{{#visit.time}}at {{visit.time}}" },
        cancelled: { email_subject: "Cancelled {{visit.date" },
        completed: { sms: "{{Customer Name}}" },
        rescheduled: { sms: "x".repeat(1001) },
      },
    });
    expect(errorsOf(broken)).toEqual(
      expect.arrayContaining([
        { path: "triggers.reminder.email_body", message: "The part starting with {{#visit.time}} needs its {{/visit.time}}" },
        { path: "triggers.cancelled.email_subject", message: "A placeholder is not closed: write it as {{name}}" },
        { path: "triggers.completed.sms", message: "{{Customer Name}} is not a placeholder: placeholders are names like {{customer.name}}" },
        expect.objectContaining({ path: "triggers.rescheduled.sms" }),
      ]),
    );
    const subjectless = await patch(org, { triggers: { booked: { email_subject: "" } } });
    expect(errorsOf(subjectless)).toEqual([{ path: "triggers.booked.email_subject", message: "An email needs a subject" }]);
    expect(errorsOf(await patch(org, { reminders: [{ kind: "hours_before", hours: 1 }, { kind: "hours_before", hours: 2 }, { kind: "hours_before", hours: 3 }] }))[0].path).toBe("reminders");
    expect(errorsOf(await patch(org, { reminders: [{ kind: "days_before_at", days: 1, time: "25:00" }] }))[0].path).toBe("reminders.0.time");
    expect(errorsOf(await patch(org, { quiet_hours: { from: "08:00", to: "08:00" } }))[0].path).toBe("quiet_hours.to");
    expect(errorsOf(await patch(org, { review_link: "javascript:alert(1)" }))[0].path).toBe("review_link");
    expect((await patch(org, { triggers: { visit_started: { enabled: false } } })).status).toBe(400);
    const after = (await read(org)).body;
    expect({ ...after, triggers: { ...after.triggers, on_my_way: before.triggers.on_my_way } }).toEqual(before);
  });

  it("are read by every member and changed and tested by admins only", async () => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage"] });
    const cookie = await logInAs(staff.email);
    expect((await read(org, cookie)).status).toBe(200);
    expect((await preview(org, { trigger: "booked" }, cookie)).status).toBe(200);
    const refused = await patch(org, { enabled: false }, cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.permission).toBe("admin");
    expect((await sendTest(org, { trigger: "booked", channels: ["email"] }, cookie)).status).toBe(403);
    const other = await signUpOrganization(mailbox);
    expect((await read(other, org.cookie)).status).toBe(404);
    expect((await patch(other, { enabled: false }, org.cookie)).status).toBe(404);
  });
});

describe("the preview", () => {
  it("fills in the texts given, or the saved ones, for the sample visit, and counts the text message", async () => {
    const org = await signUpOrganization(mailbox);
    await patch(org, { review_link: "https://reviews.example/acme" });
    const res = await preview(org, {
      trigger: "on_my_way",
      email_subject: "{{technician.first_name}} is coming",
      email_body: "Dear {{customer.name}} <b>&</b>,\n\nETA {{visit.eta}} min. Rate us: {{links.review}}.",
      sms: "{{#visit.eta}}In {{visit.eta}} min{{/visit.eta}}{{^visit.eta}}Soon{{/visit.eta}} 😀",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      trigger: "on_my_way",
      email_subject: "Alex is coming",
      email_body: "Dear Jordan Miller <b>&</b>,\n\nETA 20 min. Rate us: https://reviews.example/acme.",
      sms: "In 20 min 😀",
      sms_count: { characters: 11, segments: 1, encoding: "UCS-2" },
    });
    // The HTML part escapes what the text holds and links the address.
    expect(res.body.email_html).toContain("Dear Jordan Miller &lt;b&gt;&amp;&lt;/b&gt;,");
    expect(res.body.email_html).toContain('<a href="https://reviews.example/acme" target="_blank" rel="noopener noreferrer">https://reviews.example/acme</a>.');
    const noEta = await preview(org, { trigger: "on_my_way", sms: "{{#visit.eta}}In {{visit.eta}} min{{/visit.eta}}{{^visit.eta}}Soon{{/visit.eta}}", eta_minutes: 0 });
    expect(noEta.body.sms).toBe("Soon");
    const saved = await preview(org, { trigger: "booked" });
    expect(saved.body.sms).toMatch(/^Acme Plumbing: your visit at 742 Maple Avenue, Springfield is booked for .*, between 9:00 AM and 11:00 AM\.$/);
    expect(saved.body.sms_count.encoding).toBe("GSM-7");
    const unknown = await preview(org, { trigger: "booked", sms: "{{visit.eta}}" });
    expect(errorsOf(unknown)).toEqual([{ path: "sms", message: "Unknown placeholder: {{visit.eta}}. Use one from the Insert placeholder menu" }]);
  });
});

describe("a test send", () => {
  it("mails the member's own address and texts the phone given, through the server's transports", async () => {
    const org = await signUpOrganization(mailbox);
    const before = twilio.requests.length;
    const mails = mailbox.mails.length;
    const res = await sendTest(org, { trigger: "reminder", channels: ["email", "sms"], phone: "+44 7700 900123", sms: "Reminder for {{customer.name}}: {{visit.when}}" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ email: { to: org.email, status: "sent" }, sms: { to: "+447700900123", status: "sent" } });
    const mail = await mailbox.next(org.email, mails);
    expect(mail.raw).toMatch(/^Subject: \[Test\] Reminder: your visit on /m);
    expect(mail.raw).toMatch(/^From: Acme Plumbing </m);
    expect(mail.raw).toContain("Content-Type: text/html");
    const texted = twilio.requests.slice(before).map((request) => request.form);
    expect(texted).toEqual([expect.objectContaining({ To: "+447700900123", Body: expect.stringMatching(/^Reminder for Jordan Miller: .*, between 9:00 AM and 11:00 AM$/) })]);
  });

  it("needs a phone for a text, refuses an empty message, and counts against the sending quota", async () => {
    const org = await signUpOrganization(mailbox);
    expect(errorsOf(await sendTest(org, { trigger: "booked", channels: ["sms"] }))).toEqual([{ path: "phone", message: "The phone number to send the test text message to" }]);
    expect(errorsOf(await sendTest(org, { trigger: "booked", channels: ["sms"], phone: "12" }))[0].path).toBe("phone");
    expect(errorsOf(await sendTest(org, { trigger: "booked", channels: ["sms"], phone: "+447700900123", sms: "{{#links.review}}x{{/links.review}}" }))).toEqual([
      { path: "sms", message: "This text comes out empty for the sample visit: there is nothing to send" },
    ]);
    // A quote's follow-up is filled in for the sample quote, and says so.
    expect(errorsOf(await sendTest(org, { trigger: "quote_follow_up", channels: ["sms"], phone: "+447700900123", sms: "{{#organization.phone}}x{{/organization.phone}}" }))).toEqual([
      { path: "sms", message: "This text comes out empty for the sample quote: there is nothing to send" },
    ]);
    // A new organization may send 5 texts an hour per member (a tenth of 50).
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await sendTest(org, { trigger: "booked", channels: ["sms"], phone: "+447700900123" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
