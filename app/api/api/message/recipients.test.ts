import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { GET as getHistory } from "@/app/api/api/history/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, uniqueEmail } from "@/test/api";
import { makeCustomer, postMessage, receive } from "@/test/conversations";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
afterAll(() => deliveriesSettled());

const CUSTOMER_PHONE = "+447911123456";

const email = (to: string, title = "Your quote") => ({ id: "email", source: to, title, content: "Please find the quote below." });
const sms = (to: string) => ({ id: "sms", source: to, content: "On our way" });

async function outgoingTo(conversation: string) {
  const db = await getDb();
  const rows = await db
    .select({ source: message.source })
    .from(message)
    .where(and(eq(message.conversationId, conversation), eq(message.direction, "outgoing")));
  return rows.map((row) => row.source).sort();
}

async function shop() {
  const org = await signUpOrganization(mailbox, "PayPal Security Team");
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn", phone: CUSTOMER_PHONE });
  const staff = await logInAs((await addMember(org.organizationId)).email);
  return { ...org, customer, staff };
}

describe("POST /message: whom a member may write to", () => {
  it("lets staff write to the customer and to whoever wrote into the conversation, and nobody else", async () => {
    const { customer, staff } = await shop();

    const started = await postMessage(staff, { customer: customer.id, type: email(customer.email.toUpperCase()) });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const conversation = started.body.conversation as string;
    expect((await postMessage(staff, { conversation, type: sms("+44 7911 123456") })).status).toBe(201);

    const stranger = uniqueEmail("victim");
    const refused = await postMessage(staff, { conversation, type: email(stranger) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 403, permission: "messages_any_recipient" });
    expect(refused.body.message).toContain(stranger);
    const refusedStart = await postMessage(staff, { customer: customer.id, type: email(stranger) });
    expect(refusedStart).toMatchObject({ status: 403, body: { permission: "messages_any_recipient" } });
    expect((await postMessage(staff, { conversation, type: sms("+447911123457") })).body).toMatchObject({ permission: "messages_any_recipient" });

    // Someone else of the customer's writes in: they may be answered, by email only.
    await receive(conversation, { source: "Ed.Dunn@Customer.test" });
    expect((await postMessage(staff, { conversation, type: email("ed.dunn@customer.test", "Re: Hello") })).status).toBe(201);
    await receive(conversation, { channel: "sms", source: "+447911123458", title: "" });
    expect((await postMessage(staff, { conversation, type: sms("+447911123458") })).status).toBe(201);

    expect(await outgoingTo(conversation)).toEqual(["+447911123458", "+447911123456", "ed.dunn@customer.test", customer.email].sort());
    await deliveriesSettled();
    expect(mailbox.count(stranger)).toBe(0);
  });

  it("lets admins and holders of messages_any_recipient write to anyone, and records it in the conversation's history", async () => {
    const { cookie, organizationId, customer } = await shop();
    const stranger = uniqueEmail("supplier");
    const byAdmin = await postMessage(cookie, { customer: customer.id, type: email(stranger) });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    const conversation = byAdmin.body.conversation as string;

    const holder = await logInAs((await addMember(organizationId, { privileges: ["messages_any_recipient"] })).email);
    expect((await postMessage(holder, { conversation, type: sms("+447911123459") })).status).toBe(201);
    // The customer's own address is no news for the history.
    expect((await postMessage(holder, { conversation, type: email(customer.email) })).status).toBe(201);

    const history = await call(getHistory, "GET", "/history", { cookie, query: { type: "conversation", id: conversation } });
    expect(history.status).toBe(200);
    const outside = history.body.items
      .filter((entry: { changes: Record<string, unknown> }) => "outside_recipient" in entry.changes)
      .map((entry: { changes: { outside_recipient: [null, string] } }) => entry.changes.outside_recipient[1]);
    expect(outside.sort()).toEqual(["+447911123459", stranger].sort());

    await deliveriesSettled();
    expect(mailbox.count(stranger)).toBe(1);
  });
});
