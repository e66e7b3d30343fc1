import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { POST as retry } from "@/app/api/api/message/[id]/retry/route";
import { dataDir } from "@/lib/server/env";
import { setSmsTransport, smsOutboxDir } from "@/lib/services/messaging/sms-transport";
import { deliveriesSettled, resumeDeliveries } from "@/lib/services/messaging/delivery";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { call, uniqueEmail } from "@/test/api";
import { notFound } from "@/test/answers";
import { conversationRow, listMessages, makeCustomer, messageRow, postMessage, receive } from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { closedPortUrl, heldServer, refusingServer } from "@/test/smtp-servers";

const mailbox = useSmtpCatcher();
afterAll(() => deliveriesSettled());
afterEach(() => setSmsTransport(undefined));

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

const retryMessage = (cookie: string | undefined, id: string) => call(retry, "POST", `/message/${id}/retry`, { cookie, params: { id }, body: {} });

/** The mail server of SMTP_URL for the length of `run`, which waits for the deliveries it starts (they read SMTP_URL when they send). */
async function withSmtp<T>(url: string, run: () => Promise<T>): Promise<T> {
  const kept = process.env.SMTP_URL;
  process.env.SMTP_URL = url;
  try {
    return await run();
  } finally {
    process.env.SMTP_URL = kept;
  }
}

async function received(to: string, after = 0) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailbox.mails.slice(after).filter((mail) => mail.to.includes(to.toLowerCase()));
    if (found.length > 0) return simpleParser(found.at(-1)!.raw);
    if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function emailCustomer(cookie: string, customer: string, to: string, title = "Kitchen quote") {
  const res = await postMessage(cookie, { customer, type: { id: "email", source: to, title, content: "Dear Dora,\nthe quote is attached." } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; conversation: string };
}

describe("sending email", () => {
  it("sends from the organization's name with our Message-ID, and threads replies by In-Reply-To and References", async () => {
    const { cookie } = await signUpOrganization(mailbox, "Oak & Ash Joinery");
    const customer = await makeCustomer(cookie, { name: "Dora Dunn" });
    const to = uniqueEmail("dora");
    const form = new FormData();
    form.set("customer", customer.id);
    form.set("type", JSON.stringify({ id: "email", source: to, title: "Kitchen quote", content: "Dear Dora,\nthe quote is attached." }));
    form.append("files", new File([PDF], "quote.pdf", { type: "application/pdf" }));
    const first = await postMessage(cookie, form);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await deliveriesSettled();

    const stored = await messageRow(first.body.id);
    expect(stored).toMatchObject({ delivery: "sent", deliveryError: null, inReplyTo: null, references: [] });
    expect(stored.messageId).toMatch(/^<[0-9a-f-]{36}@craftdesk\.local>$/);
    const mail = await received(to);
    expect(mail.subject).toBe("Kitchen quote");
    expect(mail.text?.trim()).toBe("Dear Dora,\nthe quote is attached.");
    expect(mail.messageId).toBe(stored.messageId);
    expect(mail.from?.value).toEqual([{ name: "Oak & Ash Joinery", address: "no-reply@craftdesk.local" }]);
    expect(mail.attachments.map((part) => [part.filename, part.contentType, part.content.toString()])).toEqual([
      ["quote.pdf", "application/pdf", new TextDecoder().decode(PDF)],
    ]);
    const listed = await listMessages(cookie, [first.body.conversation]);
    expect(listed.body.items[0].delivery).toEqual({ state: "sent", error: null });

    // The customer answers; our next email answers that answer and names the whole thread.
    const reply = "<reply-1@customer.example>";
    await receive(first.body.conversation, { messageId: reply, inReplyTo: stored.messageId, references: [stored.messageId!], source: to, title: "Re: Kitchen quote" });
    const before = mailbox.mails.length;
    const second = await postMessage(cookie, { conversation: first.body.conversation, type: { id: "email", source: to, title: "Kitchen quote", content: "Thanks, booked." } });
    expect(second.status).toBe(201);
    await deliveriesSettled();
    const answer = await received(to, before);
    const secondRow = await messageRow(second.body.id);
    expect(answer.subject).toBe("Re: Kitchen quote");
    expect(answer.messageId).toBe(secondRow.messageId);
    expect(answer.inReplyTo).toBe(reply);
    expect(answer.references).toEqual([stored.messageId, reply]);
    expect(secondRow).toMatchObject({ inReplyTo: reply, references: [stored.messageId, reply], title: "Kitchen quote" });

    // A subject of its own is kept as written.
    const third = await postMessage(cookie, { conversation: first.body.conversation, type: { id: "email", source: to, title: "Invoice 42", content: "Here it is." } });
    await deliveriesSettled();
    expect((await received(to, before + 1)).subject).toBe("Invoice 42");
    expect((await messageRow(third.body.id)).inReplyTo).toBe(secondRow.messageId);
  });

  it("answers before the mail server has taken the message", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const slow = await heldServer();
    try {
      await withSmtp(slow.url, async () => {
        const sent = await emailCustomer(cookie, customer.id, uniqueEmail("slow"));
        expect((await messageRow(sent.id)).delivery).toBe("queued");
        expect((await listMessages(cookie, [sent.conversation])).body.items[0].delivery).toEqual({ state: "queued", error: null });
        // A sweep does not take a message that is being sent.
        await resumeDeliveries(undefined, { organizationId });
        slow.release();
        await deliveriesSettled();
        expect((await messageRow(sent.id)).delivery).toBe("sent");
        expect(slow.received()).toBe(1);
      });
    } finally {
      slow.release();
      await slow.close();
    }
  });
});

describe("without a mail server", () => {
  it("keeps the whole email, headers and all, in the outbox folder", async () => {
    const { cookie } = await signUpOrganization(mailbox, "Outbox Joinery");
    const customer = await makeCustomer(cookie);
    const to = uniqueEmail("outbox");
    const sent = await withSmtp("", async () => {
      const res = await emailCustomer(cookie, customer.id, to, "Written to the outbox");
      await deliveriesSettled();
      return res;
    });
    const row = await messageRow(sent.id);
    expect(row.delivery).toBe("sent");
    const outbox = path.join(dataDir(), "outbox");
    const name = fs.readdirSync(outbox).find((entry) => entry.endsWith(`-${to}.eml`));
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, name!)));
    expect(mail).toMatchObject({ subject: "Written to the outbox", messageId: row.messageId });
    expect(mail.from?.value).toEqual([{ name: "Outbox Joinery", address: "no-reply@craftdesk.local" }]);
  });
});

describe("sending SMS", () => {
  it("keeps the text in the outbox folder without a provider", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Eli Evans" });
    const res = await postMessage(cookie, { customer: customer.id, type: { id: "sms", source: "+44 20 7946 0001", content: "Running 10 minutes late" } });
    expect(res.status).toBe(201);
    await deliveriesSettled();
    const row = await messageRow(res.body.id);
    expect(row).toMatchObject({ delivery: "sent", source: "+442079460001" });
    const name = row.providerId!.replace(/^outbox:/, "");
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-\+442079460001-[0-9a-f]+\.txt$/);
    expect(fs.readFileSync(path.join(smsOutboxDir(), name), "utf8")).toBe("Running 10 minutes late");
  });

  it("keeps a text the provider refuses, as failed with the reason", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    setSmsTransport({
      send: async () => {
        throw new Error("The number +442079460002 cannot receive texts");
      },
    });
    const res = await postMessage(cookie, { customer: customer.id, type: { id: "sms", source: "+442079460002", content: "Hello" } });
    await deliveriesSettled();
    expect(await messageRow(res.body.id)).toMatchObject({
      delivery: "failed",
      deliveryError: "The text message could not be sent: The number +442079460002 cannot receive texts",
      content: "Hello",
    });
  });
});

describe("a failed delivery", () => {
  it("keeps the message as failed with the server's reason, and sends it on retry", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const to = uniqueEmail("bounce");
    const refusing = await refusingServer();
    let sent: { id: string; conversation: string };
    try {
      sent = await withSmtp(refusing.url, async () => {
        const res = await emailCustomer(cookie, customer.id, to);
        await deliveriesSettled();
        return res;
      });
    } finally {
      await refusing.close();
    }
    const failed = await messageRow(sent.id);
    expect(failed.delivery).toBe("failed");
    expect(failed.deliveryError).toMatch(/^The mail server refused the recipient: 550 5\.1\.1 No such mailbox here$/);
    const listed = await listMessages(cookie, [sent.conversation]);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ type: { title: "Kitchen quote", content: "Dear Dora,\nthe quote is attached." }, delivery: { state: "failed", error: failed.deliveryError } });

    const again = await retryMessage(cookie, sent.id);
    expect(again).toMatchObject({ status: 200, body: { id: sent.id } });
    await deliveriesSettled();
    expect(await messageRow(sent.id)).toMatchObject({ delivery: "sent", deliveryError: null });
    const mail = await received(to);
    expect(mail.messageId).toBe(failed.messageId);
    expect((await retryMessage(cookie, sent.id)).body).toEqual({ status: 409, message: "Conflict", details: "This message has been sent already" });
  });

  it("says when the mail server cannot be reached", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const sent = await withSmtp(await closedPortUrl(), async () => {
      const res = await emailCustomer(cookie, customer.id, uniqueEmail("nowhere"));
      await deliveriesSettled();
      return res;
    });
    const row = await messageRow(sent.id);
    expect(row.delivery).toBe("failed");
    expect(row.deliveryError).toMatch(/^Could not reach the mail server: .*ECONNREFUSED/);
  });

  it("is retried only where it failed, by members who see the conversation", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const note = await postMessage(cookie, { customer: customer.id, type: { id: "note", content: "Internal" } });
    expect((await retryMessage(cookie, note.body.id)).body.details).toBe("Only outgoing emails and text messages are sent; this message is not one");
    const incoming = await receive(note.body.conversation);
    expect((await retryMessage(cookie, incoming.id)).status).toBe(409);

    const refusing = await refusingServer();
    const sent = await withSmtp(refusing.url, async () => {
      const res = await postMessage(cookie, { conversation: note.body.conversation, type: { id: "email", source: uniqueEmail("x"), title: "Hi", content: "Hi" } });
      await deliveriesSettled();
      return res.body as { id: string };
    }).finally(() => refusing.close());
    expect((await messageRow(sent.id)).delivery).toBe("failed");

    const other = await signUpOrganization(mailbox, "Other Co");
    expect((await retryMessage(other.cookie, sent.id)).body).toEqual(notFound("Message"));
    const south = await addLocation(organizationId, "South");
    const staff = await addMember(organizationId, { locationId: south.id });
    const southCookie = await logInAs(staff.email);
    expect((await retryMessage(southCookie, sent.id)).body).toEqual(notFound("Message"));
    expect((await messageRow(sent.id)).delivery).toBe("failed");
    // A member without any privilege who sees the conversation may send it again.
    const colleague = await addMember(organizationId);
    expect((await retryMessage(await logInAs(colleague.email), sent.id)).status).toBe(200);
    await deliveriesSettled();
    expect((await messageRow(sent.id)).delivery).toBe("sent");
  });
});

describe("messages left queued", () => {
  it("are sent by the sweep once their lease has run out", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie);
    const to = uniqueEmail("late");
    const note = await postMessage(cookie, { customer: customer.id, type: { id: "note", content: "Start" } });
    const db = await getDb();
    const started = await conversationRow(note.body.conversation);
    // As a process that stopped before sending would have left it.
    const left = await db.transaction(async (tx) =>
      appendMessage(tx, started, {
        channel: "email",
        direction: "outgoing",
        source: to,
        title: "Left behind",
        content: "Still to go",
        delivery: "queued",
        messageId: `<left-${Date.now()}@craftdesk.local>`,
      }),
    );
    await resumeDeliveries(undefined, { organizationId });
    await deliveriesSettled();
    expect((await messageRow(left.id)).delivery).toBe("queued");
    await db.update(message).set({ updatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(message.id, left.id));
    expect(await resumeDeliveries(undefined, { organizationId })).toBeGreaterThanOrEqual(1);
    await deliveriesSettled();
    expect((await messageRow(left.id)).delivery).toBe("sent");
    expect((await received(to)).subject).toBe("Left behind");
  });
});
