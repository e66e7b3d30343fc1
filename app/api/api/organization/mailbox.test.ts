import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as listConversations } from "@/app/api/api/conversation/route";
import { GET as listNotifications } from "@/app/api/api/notification/route";
import { POST as syncMailbox } from "@/app/api/api/organization/[id]/mailbox/sync/route";
import { POST as startOauth } from "@/app/api/api/organization/[id]/oauth/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { mailbox, oauthState } from "@/db/schema/mailbox";
import { unseal } from "@/lib/server/seal";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { jobsSettled } from "@/lib/server/jobs";
import { call, ORIGIN } from "@/test/api";
import { invalid } from "@/test/answers";
import { listMessages, makeCustomer, messageRow, postMessage } from "@/test/conversations";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { consent as googleConsent, useFakeGoogle } from "@/test/google";
import { consent, useFakeMicrosoft } from "@/test/microsoft";

const mail = useSmtpCatcher();
let fake: Awaited<ReturnType<typeof useFakeMicrosoft>>;
beforeAll(async () => {
  fake = await useFakeMicrosoft();
});
afterAll(async () => {
  await fake.close();
});
const TOKEN_SECONDS = 3600;
afterEach(async () => {
  fake.state.invalidated = false;
  fake.state.accessTokenSeconds = TOKEN_SECONDS;
  await jobsSettled();
  await deliveriesSettled();
});

const REDIRECT = `${ORIGIN}/organization/integrations`;

const start = (cookie: string, id: string, body: unknown = { type: "microsoft", redirect_uri: REDIRECT }) =>
  call(startOauth, "POST", `/organization/${id}/oauth`, { cookie, params: { id }, body });
const patch = (cookie: string, id: string, body: unknown) => call(patchOrganization, "PATCH", `/organization/${id}`, { cookie, params: { id }, body });
const sync = (cookie: string, id: string) => call(syncMailbox, "POST", `/organization/${id}/mailbox/sync`, { cookie, params: { id }, body: {} });

/** The consent screen's answer: code and state, as the browser brings them back. */
async function authorize(cookie: string, id: string) {
  const started = await start(cookie, id);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const back = await consent(started.body.url);
  return { type: "microsoft", code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, redirect_uri: REDIRECT };
}

async function connected() {
  const owner = await signUpOrganization(mail);
  const res = await patch(owner.cookie, owner.organizationId, { oauth: await authorize(owner.cookie, owner.organizationId) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Replies come back through the mailbox the emails go out from.
  expect(res.body.email_replies).toBe("mailbox");
  await jobsSettled();
  return owner;
}

async function mailboxRow(organizationId: string) {
  const db = await getDb();
  return (await db.select().from(mailbox).where(eq(mailbox.organizationId, organizationId)))[0];
}

const deliver = async (message: Record<string, unknown>) => {
  const res = await fetch(`${fake.url}/__fake/messages`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(message) });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; threadId: string; internetMessageId: string };
};

describe("connecting a mailbox", () => {
  it("answers the consent URL with a state kept only as its hash, and connects with the code: the address shows, the tokens are sealed", async () => {
    const owner = await signUpOrganization(mail);
    const started = await start(owner.cookie, owner.organizationId);
    expect(started.status).toBe(200);
    const url = new URL(started.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/common/oauth2/v2.0/authorize`);
    const state = url.searchParams.get("state")!;
    const db = await getDb();
    const kept = await db.select().from(oauthState).where(eq(oauthState.organizationId, owner.organizationId));
    expect(kept).toHaveLength(1);
    expect(kept[0].id).not.toBe(state);

    const back = await consent(started.body.url);
    const res = await patch(owner.cookie, owner.organizationId, {
      oauth: { type: "microsoft", code: back.searchParams.get("code"), state, redirect_uri: REDIRECT },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.oauth).toMatchObject({ type: "microsoft", email: fake.state.user.mail.toLowerCase(), status: "connected", last_error: null });
    expect(JSON.stringify(res.body)).not.toMatch(/cache|refresh|secret/i);

    const row = await mailboxRow(owner.organizationId);
    // The refresh token the fake issued is nowhere in the stored row; the key opens it.
    const grant = fake.state.grants.at(-1)!;
    expect(grant.grant_type).toBe("authorization_code");
    expect(row.credentials).not.toMatch(/refresh|secret|"cache"/i);
    expect(JSON.parse(unseal(row.credentials))).toHaveProperty("cache");
    expect(await db.select().from(oauthState).where(eq(oauthState.organizationId, owner.organizationId))).toHaveLength(0);

    const changes = await db.select().from(history).where(and(eq(history.entityId, owner.organizationId), eq(history.entityType, "organization")));
    expect(changes.map((entry) => entry.changes)).toContainEqual({ mailbox: [null, `Microsoft: ${fake.state.user.mail.toLowerCase()}`] });
  });

  it("refuses a forged, reused, expired or another session's state, and a return address that is not the app's own", async () => {
    const owner = await signUpOrganization(mail);
    const refused = invalid("oauth.state", "This authorization was not started here or has expired; connect again");

    const forged = await authorize(owner.cookie, owner.organizationId);
    let res = await patch(owner.cookie, owner.organizationId, { oauth: { ...forged, state: "made-up" } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused });

    // The same admin signed in elsewhere cannot use this session's state.
    const elsewhere = await logInAs(owner.email);
    const mine = await authorize(owner.cookie, owner.organizationId);
    res = await patch(elsewhere, owner.organizationId, { oauth: mine });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused });

    const once = await authorize(owner.cookie, owner.organizationId);
    expect((await patch(owner.cookie, owner.organizationId, { oauth: once })).status).toBe(200);
    res = await patch(owner.cookie, owner.organizationId, { oauth: once });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused });

    const late = await authorize(owner.cookie, owner.organizationId);
    const db = await getDb();
    await db.update(oauthState).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthState.organizationId, owner.organizationId));
    res = await patch(owner.cookie, owner.organizationId, { oauth: late });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused });

    res = await start(owner.cookie, owner.organizationId, { type: "microsoft", redirect_uri: "https://evil.example/organization/integrations" });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: invalid("redirect_uri", `Must be ${REDIRECT}`) });
  });

  it("says a provider without credentials on this server cannot be connected", async () => {
    const owner = await signUpOrganization(mail);
    const kept = process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_ID;
    try {
      const res = await start(owner.cookie, owner.organizationId, { type: "google", redirect_uri: REDIRECT });
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { status: 409, message: "Conflict", details: "Google is not configured on this server" } });
    } finally {
      if (kept !== undefined) process.env.GOOGLE_CLIENT_ID = kept;
    }
  });
});

describe("a connected mailbox", () => {
  it("brings a customer's email into a conversation with that customer on Sync now, once however often it syncs", async () => {
    const owner = await connected();
    const customer = await makeCustomer(owner.cookie, { name: "Mia Miller" });
    await deliver({ from: customer.email, subject: "Leaking radiator", text: "The radiator in the hall is leaking." });

    for (let round = 0; round < 2; round++) {
      const res = await sync(owner.cookie, owner.organizationId);
      expect(res.status).toBe(204);
      await jobsSettled();
    }
    const list = await call(listConversations, "GET", "/conversation", { cookie: owner.cookie, query: { customer: [customer.id] } });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ title: "Leaking radiator", unread: 1 });
    const messages = await listMessages(owner.cookie, [list.body.items[0].id]);
    expect(messages.body.items.map((m: { type: { content: string } }) => m.type.content)).toEqual(["The radiator in the hall is leaking."]);
    const row = await mailboxRow(owner.organizationId);
    expect(row.lastSyncAt).not.toBeNull();
    expect(row.cursor).toBeTruthy();
  });

  it("sends a reply from the conversation through the mailbox, in the provider's thread", async () => {
    const owner = await connected();
    const customer = await makeCustomer(owner.cookie, { name: "Mia Miller" });
    const received = await deliver({ from: customer.email, subject: "Boiler service", text: "When can you come?" });
    await sync(owner.cookie, owner.organizationId);
    await jobsSettled();
    const list = await call(listConversations, "GET", "/conversation", { cookie: owner.cookie, query: { customer: [customer.id] } });
    const conversation = list.body.items[0].id;

    const res = await postMessage(owner.cookie, { conversation, type: { id: "email", source: customer.email, title: "Re: Boiler service", content: "Thursday at nine." } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await deliveriesSettled();
    expect((await messageRow(res.body.id)).delivery).toBe("sent");
    const sent = fake.state.sent.find((entry) => entry.text.includes("Thursday at nine."));
    expect(sent).toMatchObject({ kind: "reply", replyTo: received.id, conversationId: received.threadId });
  });

  it("a send with no mailbox thread yet goes out as a new message from the mailbox, not from the server's address", async () => {
    const owner = await connected();
    const customer = await makeCustomer(owner.cookie);
    const res = await postMessage(owner.cookie, { customer: customer.id, type: { id: "email", source: customer.email, title: "Your quote", content: "Attached is the quote." } });
    expect(res.status).toBe(201);
    await deliveriesSettled();
    expect((await messageRow(res.body.id)).delivery).toBe("sent");
    expect(fake.state.sent.find((entry) => entry.text.includes("Attached is the quote."))).toMatchObject({ kind: "sendMail", to: [customer.email] });
    expect(mail.mails.some((m) => m.to.includes(customer.email))).toBe(false);
  });

  it("is disconnected when the grant is revoked: the admins are told, and sending fails with a reason until it is connected again", async () => {
    // Tokens that live under MSAL's five-minute margin: every use refreshes, which the provider now refuses.
    fake.state.accessTokenSeconds = 60;
    const owner = await connected();
    const staff = await addMember(owner.organizationId, { privileges: ["customers_manage"] });
    fake.state.invalidated = true;

    await sync(owner.cookie, owner.organizationId);
    await jobsSettled();
    const row = await mailboxRow(owner.organizationId);
    expect(row.status).toBe("disconnected");
    expect(row.lastError).toMatch(/Microsoft refused the connection/);

    const notes = await call(listNotifications, "GET", "/notification", { cookie: owner.cookie });
    expect(notes.body.items[0]).toMatchObject({ title: expect.stringContaining("mailbox"), link: "/organization/integrations" });
    const staffNotes = await call(listNotifications, "GET", "/notification", { cookie: await logInAs(staff.email) });
    expect(staffNotes.body.items).toHaveLength(0);

    const res = await sync(owner.cookie, owner.organizationId);
    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { status: 409, message: "Conflict", details: "The mailbox is disconnected: connect it again" } });

    const customer = await makeCustomer(owner.cookie);
    const written = await postMessage(owner.cookie, { customer: customer.id, type: { id: "email", source: customer.email, title: "Hello", content: "Hello" } });
    await deliveriesSettled();
    const failed = await messageRow(written.body.id);
    expect(failed.delivery).toBe("failed");
    expect(failed.deliveryError).toMatch(/disconnected: connect it again/);
  });

  it("Disconnect forgets the tokens and records it; the next email goes from the server's address again", async () => {
    const owner = await connected();
    const res = await patch(owner.cookie, owner.organizationId, { oauth: null });
    expect(res.status).toBe(200);
    expect(res.body.oauth).toBeNull();
    expect(res.body.email_replies).toBe("none");
    expect(await mailboxRow(owner.organizationId)).toBeUndefined();
    const db = await getDb();
    const changes = await db.select().from(history).where(and(eq(history.entityId, owner.organizationId), eq(history.entityType, "organization")));
    expect(changes.map((entry) => entry.changes)).toContainEqual({ mailbox: [`Microsoft: ${fake.state.user.mail.toLowerCase()}`, null] });
  });
});

describe("a Gmail mailbox, through the same core", () => {
  let google: Awaited<ReturnType<typeof useFakeGoogle>>;
  beforeAll(async () => {
    google = await useFakeGoogle();
  });
  afterAll(async () => {
    await google.close();
  });

  const rfc822 = (from: string, subject: string, text: string) =>
    [`From: Mia Miller <${from}>`, `To: ${google.state.user.email}`, `Subject: ${subject}`, `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${crypto.randomUUID()}@customer.test>`, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n");

  it("connects, syncs a customer's email, replies in its Gmail thread, and Disconnect revokes the grant at Google", async () => {
    const owner = await signUpOrganization(mail);
    const started = await start(owner.cookie, owner.organizationId, { type: "google", redirect_uri: REDIRECT });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const back = await googleConsent(started.body.url);
    expect(back.searchParams.get("scope")).toContain("googleapis");
    const connectedRes = await patch(owner.cookie, owner.organizationId, {
      oauth: { type: "google", code: back.searchParams.get("code"), state: back.searchParams.get("state"), redirect_uri: REDIRECT },
    });
    expect(connectedRes.status, JSON.stringify(connectedRes.body)).toBe(200);
    expect(connectedRes.body.oauth).toMatchObject({ type: "google", email: google.state.user.email.toLowerCase(), status: "connected" });
    await jobsSettled();

    const customer = await makeCustomer(owner.cookie, { name: "Mia Miller" });
    const res = await fetch(`${google.url}/__fake/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ raw: rfc822(customer.email, "Gutter repair", "The gutter over the door is loose.") }),
    });
    const received = (await res.json()) as { id: string; threadId: string };
    expect((await sync(owner.cookie, owner.organizationId)).status).toBe(204);
    await jobsSettled();
    const list = await call(listConversations, "GET", "/conversation", { cookie: owner.cookie, query: { customer: [customer.id] } });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].title).toBe("Gutter repair");

    const reply = await postMessage(owner.cookie, {
      conversation: list.body.items[0].id,
      type: { id: "email", source: customer.email, title: "Re: Gutter repair", content: "We can fix it on Monday." },
    });
    expect(reply.status).toBe(201);
    await deliveriesSettled();
    const row = await messageRow(reply.body.id);
    expect(row.delivery).toBe("sent");
    expect(row.threadId).toBe(`google:${received.threadId}`);
    const sent = google.state.sent.find((entry) => entry.text.includes("We can fix it on Monday."));
    expect(sent).toMatchObject({ threadId: received.threadId, to: expect.arrayContaining([customer.email]) });

    const before = google.state.revoked.length;
    expect((await patch(owner.cookie, owner.organizationId, { oauth: null })).status).toBe(200);
    expect(google.state.revoked.length).toBe(before + 1);
    expect(await mailboxRow(owner.organizationId)).toBeUndefined();
  });
});
