import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { GET as getSession } from "@/app/api/api/session/route";
import { GET as getIntegrations } from "@/app/api/api/organization/[id]/integrations/route";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { replyAddress } from "@/lib/services/messaging/reply-address";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, uniqueEmail } from "@/test/api";
import { makeCustomer, messageRow, patchConversation, postMessage } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { INBOUND_DOMAIN, INBOUND_SECRET, inboundAddress, postReply, rawEmail, setInboundDomain } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { organizationRows } from "@/test/organization-rows";

const mailbox = useSmtpCatcher();
afterEach(() => setInboundDomain(null));
afterAll(() => deliveriesSettled());

const REPLY_ADDRESS = new RegExp(`^reply\\+[0-9a-f]{52}@${INBOUND_DOMAIN.replace(/\./g, "\\.")}$`);

/** An owner, a customer, and an email written to the customer over the loopback SMTP server, as the customer's mail program reads it. */
async function emailedCustomer(name = "Oak & Ash Joinery") {
  const owner = await signUpOrganization(mailbox, name);
  const customer = await makeCustomer(owner.cookie, { name: "Dora Dunn", email: uniqueEmail("dora") });
  const before = mailbox.mails.length;
  const res = await postMessage(owner.cookie, {
    customer: customer.id,
    type: { id: "email", source: customer.email, title: "Kitchen quote", content: "Dear Dora,\nthe quote is ready." },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await deliveriesSettled();
  expect((await messageRow(res.body.id)).delivery).toBe("sent");
  const mail = await simpleParser((await mailbox.next(customer.email, before)).raw);
  return { owner, customer, conversationId: res.body.conversation as string, sent: await messageRow(res.body.id), mail };
}

async function messagesOf(conversationId: string) {
  const db = await getDb();
  return db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.date), asc(message.id));
}

async function conversationsOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(conversation).where(eq(conversation.organizationId, organizationId));
}

const accepted = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { id: string; conversation: string; duplicate: boolean };
};

describe("replies to emails sent over SMTP, through the reply address", () => {
  it("gives the email the conversation's Reply-To, and the customer's reply to it lands in that conversation", async () => {
    setInboundDomain();
    const { owner, customer, conversationId, mail } = await emailedCustomer();
    expect(mail.from?.value).toEqual([{ name: "Oak & Ash Joinery", address: "no-reply@craftdesk.local" }]);
    const replyTo = mail.replyTo?.value ?? [];
    expect(replyTo).toHaveLength(1);
    expect(replyTo[0].name).toBe("Oak & Ash Joinery");
    expect(replyTo[0].address).toMatch(REPLY_ADDRESS);
    // The key is not the organization's inbound token, which a customer must never learn.
    const { token } = await inboundAddress(owner.cookie, owner.organizationId);
    expect(replyTo[0].address).not.toContain(token.toLowerCase());

    // The customer presses Reply: their mail program answers to the Reply-To, without threading headers here, so the address alone routes it.
    const reply = rawEmail({ from: `Dora Dunn <${customer.email}>`, to: replyTo[0].address!, subject: "Re: Kitchen quote", text: "Thursday suits me." });
    const res = accepted(await postReply(reply));
    expect(res).toMatchObject({ conversation: conversationId, duplicate: false });
    const messages = await messagesOf(conversationId);
    expect(messages.map((row) => [row.direction, row.channel, row.source, row.content])).toEqual([
      ["outgoing", "email", customer.email, "Dear Dora,\nthe quote is ready."],
      ["incoming", "email", customer.email, "Thursday suits me."],
    ]);
    const [row] = await conversationsOf(owner.organizationId);
    expect(row).toMatchObject({ id: conversationId, unread: 1 });
    // Posted again by the mail service: stored once.
    expect(accepted(await postReply(reply))).toMatchObject({ id: res.id, duplicate: true });
  });

  it("finds the address however the mail service delivers it: upper-cased, in Cc, Delivered-To or X-Original-To, or as the envelope recipient", async () => {
    setInboundDomain();
    const { owner, customer, conversationId, mail } = await emailedCustomer();
    const address = mail.replyTo!.value[0].address!;
    const from = customer.email;
    const variants = [
      { raw: rawEmail({ from, to: address.toUpperCase(), text: "Upper case" }) },
      { raw: rawEmail({ from, to: "office@elsewhere.test", text: "Delivered-To" }).replace(/^/, `Delivered-To: ${address}\r\n`) },
      { raw: rawEmail({ from, to: "undisclosed-recipients:;", text: "X-Original-To" }).replace(/^/, `X-Original-To: ${address}\r\n`) },
      { raw: rawEmail({ from, to: "Someone <someone@elsewhere.test>", text: "Cc" }).replace(/^/, `Cc: Office <${address}>\r\n`) },
      { raw: rawEmail({ from, to: "list@elsewhere.test", text: "Envelope" }), recipient: address },
    ];
    for (const { raw, recipient } of variants) expect(accepted(await postReply(raw, { recipient })).conversation).toBe(conversationId);
    expect((await messagesOf(conversationId)).filter((row) => row.direction === "incoming").map((row) => row.content)).toEqual([
      "Upper case",
      "Delivered-To",
      "X-Original-To",
      "Cc",
      "Envelope",
    ]);
    expect(await conversationsOf(owner.organizationId)).toHaveLength(1);
  });

  it("keeps threading by In-Reply-To, re-opens a closed conversation, and takes the secret as a header too", async () => {
    setInboundDomain();
    const { owner, customer, conversationId, mail, sent } = await emailedCustomer();
    expect((await patchConversation(owner.cookie, conversationId, { status: "closed" })).status).toBe(200);
    const reply = rawEmail({
      from: customer.email,
      to: mail.replyTo!.value[0].address!,
      subject: "Re: Kitchen quote",
      inReplyTo: sent.messageId!,
      references: [sent.messageId!],
      text: "One more thing.",
    });
    const res = accepted(await postReply(reply, { header: true }));
    expect(res.conversation).toBe(conversationId);
    expect((await messageRow(res.id)).inReplyTo).toBe(sent.messageId);
    expect((await conversationsOf(owner.organizationId))[0].status).toBe("active");
  });

  it("tells the screens which case holds: a reply address here, with the domain for the Integrations screen", async () => {
    setInboundDomain();
    const owner = await signUpOrganization(mailbox);
    const session = await call(getSession, "GET", "/session", { cookie: owner.cookie });
    expect(session.body.organization.email_replies).toBe("reply_address");
    const integrations = await call(getIntegrations, "GET", `/organization/${owner.organizationId}/integrations`, {
      cookie: owner.cookie,
      params: { id: owner.organizationId },
    });
    expect(integrations.body.reply_domain).toBe(INBOUND_DOMAIN);
  });
});

describe("the catch-all webhook refuses", () => {
  it("a missing or wrong secret (401, before reading the message), and stores nothing", async () => {
    setInboundDomain();
    const { owner, customer, mail } = await emailedCustomer();
    const before = await organizationRows([owner.organizationId]);
    const reply = rawEmail({ from: customer.email, to: mail.replyTo!.value[0].address!, text: "Let me in" });
    for (const res of [
      await postReply(reply, { secret: null }),
      await postReply(reply, { secret: "wrong-secret-wrong-secret-0000" }),
      await postReply(reply, { secret: `${INBOUND_SECRET}x` }),
      await postReply(reply, { secret: "wrong-secret-wrong-secret-0000", header: true }),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { status: 401, message: "Unauthorized" } });
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    }
    expect(await organizationRows([owner.organizationId])).toEqual(before);
  });

  it("a forged or unknown key, another domain, or the organization's inbound token, with the same 404 that names nothing", async () => {
    setInboundDomain();
    const { owner, customer, mail } = await emailedCustomer();
    const address = mail.replyTo!.value[0].address!;
    const [local] = address.split("@");
    const flipped = `${local.slice(0, -1)}${local.endsWith("0") ? "1" : "0"}@${INBOUND_DOMAIN}`;
    const { token } = await inboundAddress(owner.cookie, owner.organizationId);
    const forgeries = [
      // The signature of another conversation, or one changed by one character.
      flipped,
      `${local.slice(0, 6)}${crypto.randomBytes(16).toString("hex")}${local.slice(-20)}@${INBOUND_DOMAIN}`,
      // Made here, for a conversation that does not exist.
      replyAddress(crypto.randomUUID())!,
      // The right key at another domain.
      `${local}@elsewhere.test`,
      `reply+${token.toLowerCase()}@${INBOUND_DOMAIN}`,
      `no-reply@${INBOUND_DOMAIN}`,
    ];
    const before = await organizationRows([owner.organizationId]);
    for (const to of forgeries) {
      const res = await postReply(rawEmail({ from: customer.email, to, text: "Forged" }));
      expect({ to, status: res.status, body: res.body }).toEqual({ to, status: 404, body: { status: 404, message: "Reply address not found", resource: "Reply address" } });
    }
    expect(await organizationRows([owner.organizationId])).toEqual(before);
  });

  it("everything while INBOUND_EMAIL_DOMAIN or INBOUND_EMAIL_SECRET is unset: the email has no Reply-To and the webhook does not exist", async () => {
    for (const config of [null, { domain: "" }, { secret: "" }, { secret: "too-short" }]) {
      setInboundDomain(config);
      const { owner, customer, mail, conversationId } = await emailedCustomer();
      expect(mail.replyTo).toBeUndefined();
      expect(mail.headers.has("reply-to")).toBe(false);
      const session = await call(getSession, "GET", "/session", { cookie: owner.cookie });
      expect(session.body.organization.email_replies).toBe("none");
      const integrations = await call(getIntegrations, "GET", `/organization/${owner.organizationId}/integrations`, {
        cookie: owner.cookie,
        params: { id: owner.organizationId },
      });
      expect(integrations.body.reply_domain).toBeNull();
      // Even a key made with the server's own secret, posted with the right webhook secret.
      setInboundDomain(null);
      process.env.INBOUND_EMAIL_DOMAIN = INBOUND_DOMAIN;
      process.env.INBOUND_EMAIL_SECRET = INBOUND_SECRET;
      const address = replyAddress(conversationId)!;
      setInboundDomain(config);
      const res = await postReply(rawEmail({ from: customer.email, to: address, text: "Anyone there?" }), { secret: config?.secret || INBOUND_SECRET });
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { status: 404, message: "Inbound email not found", resource: "Inbound email" } });
      expect(await messagesOf(conversationId)).toHaveLength(1);
    }
  });

  it("a message that is not an email, with a readable 400", async () => {
    setInboundDomain();
    const res = await postReply("just some words");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This is not an email that can be read");
  });
});

describe("the reply address", () => {
  it("is a valid local part of at most 64 characters, the same for every email of a conversation, another for another", async () => {
    setInboundDomain();
    const a = crypto.randomUUID();
    const address = replyAddress(a)!;
    expect(address.split("@")[0].length).toBeLessThanOrEqual(64);
    expect(replyAddress(a)).toBe(address);
    expect(replyAddress(crypto.randomUUID())).not.toBe(address);
  });
});
