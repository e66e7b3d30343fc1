import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { GET as activityRoute } from "@/app/api/api/customer/[id]/activity/route";
import { POST as postSiteRoute } from "@/app/api/api/customer/[id]/site/route";
import { PATCH as patchSiteRoute } from "@/app/api/api/customer/[id]/site/[siteId]/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { GET as contactHistoryRoute } from "./[contactId]/history/route";
import { GET as getContactRoute, PATCH as patchContactRoute } from "./[contactId]/route";
import { GET as listContactsRoute, POST as postContactRoute } from "./route";
import { call, ORIGIN, uniqueEmail } from "@/test/api";
import { makeCustomer, postMessage } from "@/test/conversations";
import { addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { inboundAddress, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { postTwilioSms, useTwilioEnv } from "@/test/twilio";

const mailbox = useSmtpCatcher();
let restoreEnv: () => void;
// Texts are received only: Twilio's API is never called, but its signature is checked against APP_URL.
beforeAll(() => {
  restoreEnv = useTwilioEnv("http://127.0.0.1:9", ORIGIN);
});
afterAll(async () => {
  await deliveriesSettled();
  restoreEnv();
});

const contacts = (cookie: string, id: string, query: Record<string, string | string[]> = {}) =>
  call(listContactsRoute, "GET", `/customer/${id}/contact`, { cookie, params: { id }, query });
const addContact = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(postContactRoute, "POST", `/customer/${id}/contact`, { cookie, params: { id }, body });
const getContact = (cookie: string, id: string, contactId: string) =>
  call(getContactRoute, "GET", `/customer/${id}/contact/${contactId}`, { cookie, params: { id, contactId } });
const patchContact = (cookie: string, id: string, contactId: string, body: Record<string, unknown>) =>
  call(patchContactRoute, "PATCH", `/customer/${id}/contact/${contactId}`, { cookie, params: { id, contactId }, body });
const contactHistory = (cookie: string, id: string, contactId: string) =>
  call(contactHistoryRoute, "GET", `/customer/${id}/contact/${contactId}/history`, { cookie, params: { id, contactId } });
const paths = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((error) => error.path).sort();

describe("customer contacts", () => {
  it("adds, reads, changes and removes contacts with history; phones in E.164 by the organization's country", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await setOrganizationCountry(organizationId, "GB");
    const customer = await makeCustomer(cookie, { name: "Oak Housing" });
    const made = await addContact(cookie, customer.id, {
      name: "Tina Tenant",
      role: "Tenant",
      email: " Tina@Example.TEST ",
      phone: "07911 123456",
      preferred_channel: "sms",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      customer: customer.id,
      name: "Tina Tenant",
      role: "Tenant",
      email: "tina@example.test",
      phone: "+447911123456",
      preferred_channel: "sms",
      receives_quotes: false,
      receives_invoices: false,
      status: "active",
    });
    expect((await getContact(cookie, customer.id, made.body.id)).body).toEqual(made.body);
    const accounts = await addContact(cookie, customer.id, { name: "Accounts", email: "accounts@oak.test", receives_invoices: true, receives_quotes: true });
    expect(accounts.status).toBe(201);
    expect((await contacts(cookie, customer.id)).body.items.map((entry: { name: string }) => entry.name)).toEqual(["Tina Tenant", "Accounts"]);
    expect((await contacts(cookie, customer.id, { search: "tenant" })).body.items.map((entry: { id: string }) => entry.id)).toEqual([made.body.id]);

    const changed = await patchContact(cookie, customer.id, made.body.id, { role: "Former tenant", phone: "+44 7911 123457", status: "removed" });
    expect(changed.body).toMatchObject({ role: "Former tenant", phone: "+447911123457", status: "removed" });
    expect((await contacts(cookie, customer.id)).body.items).toHaveLength(1);
    const history = await contactHistory(cookie, customer.id, made.body.id);
    expect(history.body.items.map((entry: { action: string; changes: object }) => [entry.action, entry.changes])).toEqual([
      ["updated", { role: ["Tenant", "Former tenant"], phone: ["+447911123456", "+447911123457"], status: ["active", "removed"] }],
      ["created", expect.objectContaining({ name: [null, "Tina Tenant"], phone: [null, "+447911123456"] })],
    ]);
  });

  it("refuses bad input with the field named", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const bad = await addContact(cookie, customer.id, { name: " ", email: "not-an-email", preferred_channel: "pigeon", receives_quotes: "yes" });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(["email", "name", "preferred_channel", "receives_quotes"]);
    // Without the organization's country a number needs its country code.
    const phone = await addContact(cookie, customer.id, { name: "Pat", phone: "0113 496 0000" });
    expect(phone.body.errors).toEqual([{ path: "phone", message: expect.stringContaining("country") }]);
    const prefersEmail = await addContact(cookie, customer.id, { name: "Pat", preferred_channel: "email" });
    expect(prefersEmail.body.errors).toEqual([{ path: "preferred_channel", message: "A contact who prefers email needs an email address" }]);
    const prefersCalls = await addContact(cookie, customer.id, { name: "Pat", email: "pat@example.test", preferred_channel: "phone" });
    expect(prefersCalls.body.errors).toEqual([{ path: "preferred_channel", message: "A contact who prefers calls needs a phone number" }]);
    const invoices = await addContact(cookie, customer.id, { name: "Pat", receives_invoices: true });
    expect(invoices.body.errors).toEqual([{ path: "receives_invoices", message: "Quotes and invoices are sent by email: give this contact an email address" }]);
    // Taking the email away from one who receives quotes is refused the same way.
    const pat = await addContact(cookie, customer.id, { name: "Pat", email: "pat@example.test", receives_quotes: true });
    const emptied = await patchContact(cookie, customer.id, pat.body.id, { email: "" });
    expect(emptied.body.errors).toEqual([{ path: "receives_quotes", message: "Quotes and invoices are sent by email: give this contact an email address" }]);
  });

  it("names one of the customer's active contacts as the one to ask for at a site", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Oak Housing" });
    const other = await makeCustomer(cookie, { name: "Elm Estates" });
    const tina = (await addContact(cookie, customer.id, { name: "Tina Tenant" })).body;
    const elmsContact = (await addContact(cookie, other.id, { name: "Eli" })).body;
    const site = await call(postSiteRoute, "POST", `/customer/${customer.id}/site`, {
      cookie,
      params: { id: customer.id },
      body: { label: "Flat 2B", contact: tina.id },
    });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    expect(site.body.contact).toBe(tina.id);
    const patchSite = (body: Record<string, unknown>) =>
      call(patchSiteRoute, "PATCH", `/customer/${customer.id}/site/${site.body.id}`, { cookie, params: { id: customer.id, siteId: site.body.id }, body });
    expect((await patchSite({ contact: elmsContact.id })).body.errors).toEqual([{ path: "contact", message: "Choose a contact of this customer" }]);
    const newcomer = (await addContact(cookie, customer.id, { name: "Nina" })).body;
    await patchContact(cookie, customer.id, newcomer.id, { status: "removed" });
    expect((await patchSite({ contact: newcomer.id })).body.errors).toEqual([{ path: "contact", message: "This contact has been removed" }]);
    // A contact removed after being named stays named.
    await patchContact(cookie, customer.id, tina.id, { status: "removed" });
    expect((await patchSite({ label: "Flat 2B, first floor" })).status).toBe(200);
    expect((await patchSite({ contact: null })).body.contact).toBe(null);
  });

  it("matches inbound email and texts from a contact to the customer", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await setOrganizationCountry(organizationId, "GB");
    const { token } = await inboundAddress(cookie, organizationId);
    const customer = await makeCustomer(cookie, { name: "Oak Housing" });
    await addContact(cookie, customer.id, { name: "Tina Tenant", email: "tina@flat2b.test", phone: "07911 123456" });
    const conversationOf = async (id: string) => (await (await getDb()).select().from(conversation).where(eq(conversation.id, id)))[0];

    const mail = await postEmail(token, rawEmail({ from: "Tina <TINA@flat2b.test>", subject: "Dripping tap" }));
    expect(mail.status, JSON.stringify(mail.body)).toBe(202);
    expect(await conversationOf(mail.body.conversation)).toMatchObject({ customerId: customer.id, title: "Dripping tap" });

    const text = await postTwilioSms(token, { From: "+447911123456", Body: "Tap still drips" });
    expect(text.status).toBe(200);
    const db = await getDb();
    const threads = await db.select().from(conversation).where(eq(conversation.customerId, customer.id));
    expect(threads.map((row) => row.sources.map((source) => source.type)).flat().sort()).toEqual(["email", "sms"]);

    // A customer whose own address it is comes first; a removed contact matches nothing.
    const owner = await makeCustomer(cookie, { name: "Tina herself", email: "tina@flat2b.test" });
    const again = await postEmail(token, rawEmail({ from: "tina@flat2b.test", subject: "New subject" }));
    expect((await conversationOf(again.body.conversation)).customerId).toBe(owner.id);
    const gone = (await addContact(cookie, customer.id, { name: "Gone", email: "gone@flat2b.test" })).body;
    await patchContact(cookie, customer.id, gone.id, { status: "removed" });
    const stranger = await postEmail(token, rawEmail({ from: "gone@flat2b.test" }));
    expect((await conversationOf(stranger.body.conversation)).customerId).toBe(null);
  });

  it("lets staff write to any active contact of the conversation's customer", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await setOrganizationCountry(organizationId, "GB");
    const customer = await makeCustomer(cookie, { name: "Oak Housing" });
    const tina = (await addContact(cookie, customer.id, { name: "Tina Tenant", email: uniqueEmail("tina"), phone: "07911 123456" })).body;
    const staff = await logInAs((await addMember(organizationId)).email);
    const email = (to: string) => ({ id: "email", source: to, title: "Your visit", content: "We come on Monday." });

    const started = await postMessage(staff, { customer: customer.id, type: email(tina.email) });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const conversationId = started.body.conversation as string;
    expect((await postMessage(staff, { conversation: conversationId, type: { id: "sms", source: "+44 7911 123456", content: "On our way" } })).status).toBe(201);
    // Another customer's contact, or a removed one, is someone outside the conversation.
    const other = await makeCustomer(cookie, { name: "Elm Estates" });
    const eli = (await addContact(cookie, other.id, { name: "Eli", email: uniqueEmail("eli") })).body;
    expect((await postMessage(staff, { conversation: conversationId, type: email(eli.email) })).body).toMatchObject({ status: 403, permission: "messages_any_recipient" });
    await patchContact(cookie, customer.id, tina.id, { status: "removed" });
    expect((await postMessage(staff, { customer: customer.id, type: email(tina.email) })).body).toMatchObject({ status: 403, permission: "messages_any_recipient" });
    await deliveriesSettled();
    expect(mailbox.count(tina.email)).toBe(1);
    expect(mailbox.count(eli.email)).toBe(0);
  });

  it("tells of sites and contacts added and changed on the customer's activity", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Oak Housing" });
    const tina = (await addContact(cookie, customer.id, { name: "Tina Tenant" })).body;
    const site = await call(postSiteRoute, "POST", `/customer/${customer.id}/site`, { cookie, params: { id: customer.id }, body: { label: "Flat 2B" } });
    await call(patchSiteRoute, "PATCH", `/customer/${customer.id}/site/${site.body.id}`, {
      cookie,
      params: { id: customer.id, siteId: site.body.id },
      body: { contact: tina.id, access_notes: "Key under the mat" },
    });
    const other = await makeCustomer(cookie, { name: "Elm Estates" });
    await addContact(cookie, other.id, { name: "Not Oak's" });
    const activity = await call(activityRoute, "GET", `/customer/${customer.id}/activity`, { cookie, params: { id: customer.id } });
    expect(activity.status).toBe(200);
    const told = activity.body.items.map((item: { entity: { type: string; title: string | null }; action: string; changes: object[] }) => [
      item.entity.type,
      item.entity.title,
      item.action,
      item.action === "updated" ? item.changes : [],
    ]);
    expect(told).toEqual([
      // Access notes are named, not quoted: a gate code stays on the site.
      ["site", "Flat 2B", "updated", [{ field: "contact", before: null, after: "Tina Tenant" }, { field: "access_notes", before: null, after: null }]],
      ["site", "Flat 2B", "created", []],
      ["contact", "Tina Tenant", "created", []],
      ["customer", null, "created", []],
    ]);
  });

  it("changes contacts only with edit access to the customer and customers_manage", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const tina = (await addContact(cookie, customer.id, { name: "Tina" })).body;
    const other = await signUpOrganization(mailbox, "Other shop");
    expect((await contacts(other.cookie, customer.id)).body).toMatchObject({ status: 404, resource: "Customer" });
    const theirs = await makeCustomer(other.cookie);
    expect((await getContact(other.cookie, theirs.id, tina.id)).body).toMatchObject({ status: 404, resource: "Contact" });
    const staff = await logInAs((await addMember(organizationId)).email);
    expect((await contacts(staff, customer.id)).body.items).toHaveLength(1);
    expect((await patchContact(staff, customer.id, tina.id, { name: "Renamed" })).body).toMatchObject({ status: 403, permission: "customers_manage" });
  });
});
