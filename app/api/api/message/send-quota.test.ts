import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { organization } from "@/db/schema/organization";
import { POST as retry } from "@/app/api/api/message/[id]/retry/route";
import { setSmsTransport } from "@/lib/services/messaging/sms-transport";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call } from "@/test/api";
import { makeCustomer, messageRow, postMessage } from "@/test/conversations";
import { pointEnv } from "@/test/env";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
afterAll(() => deliveriesSettled());
afterEach(() => setSmsTransport(undefined));

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const PHONE = "+447911123456";
const DAY_MS = 24 * 60 * 60 * 1000;

// Every quota large unless a test names it, so each test meets only the one it is about.
const LARGE = Object.fromEntries(
  ["EMAIL", "SMS"].flatMap((channel) =>
    ["ORGANIZATION", "MEMBER"].flatMap((who) => ["HOUR", "DAY"].map((period) => [`${channel}_QUOTA_${who}_PER_${period}`, "10000"])),
  ),
);
const quotas = (values: Record<string, string>) =>
  onTestFinished(pointEnv({ ...LARGE, SEND_QUOTA_NEW_ORGANIZATION_DAYS: undefined, SEND_QUOTA_NEW_ORGANIZATION_SHARE: undefined, ...values }));

const email = (to: string) => ({ id: "email", source: to, title: "Your quote", content: "Please find the quote attached." });
const sms = (content = "On our way") => ({ id: "sms", source: PHONE, content });

async function countIn(organizationId: string) {
  const db = await getDb();
  const [messages] = await db.select({ n: count() }).from(message).where(and(eq(message.organizationId, organizationId), eq(message.direction, "outgoing")));
  const [files] = await db.select({ n: count() }).from(file).where(eq(file.organizationId, organizationId));
  return { messages: messages.n, files: files.n };
}

async function shop() {
  const org = await signUpOrganization(mailbox);
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn", phone: PHONE });
  return { ...org, customer };
}

describe("POST /message: sending quotas", () => {
  it("holds a new organization to a share of the hourly email quota, refuses the next email whole, and lifts it once the organization is older", async () => {
    // A tenth of 30 while the organization is new: 3 an hour.
    quotas({ EMAIL_QUOTA_ORGANIZATION_PER_HOUR: "30" });
    const { cookie, organizationId, customer } = await shop();
    for (let sent = 0; sent < 3; sent++) {
      const res = await postMessage(cookie, { customer: customer.id, type: email(customer.email) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const before = await countIn(organizationId);

    const form = new FormData();
    form.set("customer", customer.id);
    form.set("type", JSON.stringify(email(customer.email)));
    form.append("files", new File([PDF], "quote.pdf", { type: "application/pdf" }));
    const refused = await postMessage(cookie, form);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.body.message).toMatch(
      /^Your organization has reached the quota of 3 emails per hour \(the quota of an organization in its first 7 days\)\. Try again in \d+ (minutes|seconds)\.$/,
    );
    // Nothing of it stays: no message, no attachment kept, nothing to deliver.
    expect(await countIn(organizationId)).toEqual(before);

    // The organization's quota holds for every member of it; texts are counted apart.
    const staff = await logInAs((await addMember(organizationId)).email);
    expect((await postMessage(staff, { customer: customer.id, type: email(customer.email) })).status).toBe(429);
    expect((await postMessage(staff, { customer: customer.id, type: sms() })).status).toBe(201);

    const db = await getDb();
    await db.update(organization).set({ createdAt: new Date(Date.now() - 8 * DAY_MS) }).where(eq(organization.id, organizationId));
    expect((await postMessage(staff, { customer: customer.id, type: email(customer.email) })).status).toBe(201);

    await deliveriesSettled();
    expect(mailbox.count(customer.email)).toBe(4);
  });

  it("counts each member's texts per day, a retry included, and names the quota that keeps them waiting longest", async () => {
    // A tenth of 20 while new: 2 an hour and 2 a day for each member.
    quotas({ SMS_QUOTA_MEMBER_PER_DAY: "20", SMS_QUOTA_MEMBER_PER_HOUR: "20" });
    const { cookie, organizationId, customer } = await shop();
    const staff = await logInAs((await addMember(organizationId)).email);
    const sent: string[] = [];
    setSmsTransport({
      async send({ body }) {
        if (body === "fails") throw new Error("Twilio is down");
        sent.push(body);
        return { providerId: `SM${sent.length}` };
      },
    });

    const failing = await postMessage(staff, { customer: customer.id, type: sms("fails") });
    expect(failing.status).toBe(201);
    await deliveriesSettled();
    expect((await messageRow(failing.body.id)).delivery).toBe("failed");
    const conversation = failing.body.conversation as string;
    expect((await postMessage(staff, { conversation, type: sms("second") })).status).toBe(201);

    const refused = await postMessage(staff, { conversation, type: sms("third") });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(refused.body.message).toMatch(/^You have reached the quota of 2 text messages per day \(the quota of an organization in its first 7 days\)\. Try again in \d+ hours\.$/);
    const id = failing.body.id as string;
    const retried = await call(retry, "POST", `/message/${id}/retry`, { cookie: staff, params: { id }, body: {} });
    expect(retried.status).toBe(429);
    expect((await messageRow(id)).delivery).toBe("failed");

    // Another member has a quota of their own.
    expect((await postMessage(cookie, { conversation, type: sms("from the office") })).status).toBe(201);
    await deliveriesSettled();
    expect(sent.sort()).toEqual(["from the office", "second"]);
  });
});
