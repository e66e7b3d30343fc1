import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { channelConsent } from "@/lib/services/messaging/consent";
import { call } from "@/test/api";
import { makeCustomer, postMessage } from "@/test/conversations";
import { addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { postTwilioSms, useTwilioEnv } from "@/test/twilio";
import { POST as postContact } from "./[id]/contact/route";
import { GET as getConsent } from "./[id]/consent/route";
import { PATCH as patchCustomer } from "./[id]/route";
import { POST as postOptOut } from "./[id]/sms_opt_out/route";

const mailbox = useSmtpCatcher();
let restoreEnv: () => void;
// Inbound texts need Twilio's auth token; nothing is sent in these tests.
beforeAll(() => void (restoreEnv = useTwilioEnv()));
afterAll(() => restoreEnv());

const newNumber = () => `+4479${String(crypto.randomInt(10_000_000, 99_999_999))}`;
const consent = (cookie: string, id: string) => call(getConsent, "GET", `/customer/${id}/consent`, { cookie, params: { id } });
const optOut = (cookie: string, id: string, body: Record<string, unknown> = {}) => call(postOptOut, "POST", `/customer/${id}/sms_opt_out`, { cookie, params: { id }, body });

describe("a customer's consent", () => {
  it("lists its own number and its contacts'; a STOP from one of them shows there with how and since when, and nowhere else", async () => {
    const org = await signUpOrganization(mailbox);
    const own = newNumber();
    const tenant = newNumber();
    const made = await makeCustomer(org.cookie, { name: "Rita Rental", phone: own });
    const contact = await call(postContact, "POST", `/customer/${made.id}/contact`, { cookie: org.cookie, params: { id: made.id }, body: { name: "Tina Tenant", phone: tenant } });
    expect(contact.status).toBe(201);
    const before = await consent(org.cookie, made.id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ automated_emails: true, phones: [{ phone: own, opted_out: null }, { phone: tenant, opted_out: null }] });

    const { token } = await inboundAddress(org.cookie, org.organizationId);
    expect((await postTwilioSms(token, { From: tenant, Body: "Stop" })).status).toBe(200);
    const after = await consent(org.cookie, made.id);
    expect(after.body.phones[0]).toEqual({ phone: own, opted_out: null });
    expect(after.body.phones[1]).toMatchObject({ phone: tenant, opted_out: { how: "keyword", keyword: "Stop", member: null } });
    expect(Date.now() - new Date(after.body.phones[1].opted_out.since).getTime()).toBeLessThan(60_000);

    // What the engine asks before an automated text: the customer's own number is fine, the tenant's is not.
    const db = await getDb();
    expect((await channelConsent(db, org.organizationId, { customerId: made.id })).sms).toEqual({ allowed: true, to: own });
    expect((await channelConsent(db, org.organizationId, { customerId: made.id, phone: tenant })).sms).toMatchObject({
      allowed: false,
      reason: "sms_opted_out",
      optOut: { how: "keyword", keyword: "Stop" },
    });
    expect((await channelConsent(db, org.organizationId, { customerId: crypto.randomUUID() })).sms).toEqual({ allowed: false, reason: "customer_unknown" });
  });

  it("turns automated emails off and on by staff with customers_manage, recorded in history; a customer without email gets none", async () => {
    const org = await signUpOrganization(mailbox);
    const made = await makeCustomer(org.cookie, { name: "Ed Email" });
    const off = await call(patchCustomer, "PATCH", `/customer/${made.id}`, { cookie: org.cookie, params: { id: made.id }, body: { automated_emails: false } });
    expect(off.status).toBe(200);
    expect(off.body.automated_emails).toBe(false);
    const db = await getDb();
    expect((await channelConsent(db, org.organizationId, { customerId: made.id })).email).toEqual({ allowed: false, reason: "automated_emails_off" });
    const on = await call(patchCustomer, "PATCH", `/customer/${made.id}`, { cookie: org.cookie, params: { id: made.id }, body: { automated_emails: true } });
    expect(on.body.automated_emails).toBe(true);
    expect((await channelConsent(db, org.organizationId, { customerId: made.id })).email).toEqual({ allowed: true, to: made.email });
    const entries = await db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.entityType, "customer"), eq(history.entityId, made.id), eq(history.action, "updated")));
    expect(entries.map((entry) => entry.changes.automated_emails)).toEqual(expect.arrayContaining([[true, false], [false, true]]));
    const wrong = await call(patchCustomer, "PATCH", `/customer/${made.id}`, { cookie: org.cookie, params: { id: made.id }, body: { automated_emails: "no" } });
    expect(wrong.status).toBe(400);

    const plain = await addMember(org.organizationId);
    const member = await logInAs(plain.email);
    const refused = await call(patchCustomer, "PATCH", `/customer/${made.id}`, { cookie: member, params: { id: made.id }, body: { automated_emails: false } });
    expect(refused.status).toBe(403);

    const noEmail = await makeCustomer(org.cookie, { name: "No Mail", email: null });
    expect((await channelConsent(db, org.organizationId, { customerId: noEmail.id })).email).toEqual({ allowed: false, reason: "no_address" });
  });

  it("takes a member's record that the customer asked not to be texted; staff cannot take it back, the customer's START can", async () => {
    const org = await signUpOrganization(mailbox);
    await setOrganizationCountry(org.organizationId, "GB");
    const own = newNumber();
    const made = await makeCustomer(org.cookie, { name: "Quiet Quinn", phone: own });
    const res = await optOut(org.cookie, made.id);
    expect(res.status).toBe(200);
    expect(res.body.phones).toEqual([{ phone: own, opted_out: { since: expect.any(String), how: "staff", keyword: null, message: null, member: org.view.member.id } }]);
    // Named as staff type it, nationally: the same number, opted out already.
    const national = `0${own.slice(3)}`;
    expect((await optOut(org.cookie, made.id, { phone: national })).body).toEqual(res.body);

    const text = await postMessage(org.cookie, { customer: made.id, type: { id: "sms", source: own, content: "Hello" } });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([
      { path: "type.source", message: `${own} has opted out of text messages: the customer asked not to be texted. Only the customer can turn texts back on, by replying START.` },
    ]);
    // No field of the customer opts a number back in.
    const sneaky = await call(patchCustomer, "PATCH", `/customer/${made.id}`, { cookie: org.cookie, params: { id: made.id }, body: { sms_opt_out: false } });
    expect(sneaky.status).toBe(400);

    const { token } = await inboundAddress(org.cookie, org.organizationId);
    expect((await postTwilioSms(token, { From: own, Body: "START" })).status).toBe(200);
    expect((await consent(org.cookie, made.id)).body.phones).toEqual([{ phone: own, opted_out: null }]);

    expect(await optOut(org.cookie, made.id, { phone: newNumber() })).toMatchObject({
      status: 400,
      body: { errors: [{ path: "phone", message: "This number is neither the customer's nor one of its contacts'" }] },
    });
    const none = await makeCustomer(org.cookie, { name: "No Phone" });
    expect(await optOut(org.cookie, none.id)).toMatchObject({ status: 400, body: { errors: [{ path: "phone", message: "The customer has no phone number" }] } });
  });
});
