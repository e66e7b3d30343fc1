/** Conversations and messages arranged through the real endpoints, and inbound messages as the inbound path adds them. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { GET as getConversationRoute, PATCH as patchConversationRoute } from "@/app/api/api/conversation/[id]/route";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as listMessagesRoute, POST as postMessageRoute } from "@/app/api/api/message/route";
import { appendMessage, type NewMessage } from "@/lib/services/messaging/message-store";
import { call, uniqueEmail } from "./api";

/** A customer made at the session's location; `sharing` and `status` are set by a change after it is made. */
export async function makeCustomer(cookie: string, { sharing, status, ...body }: Record<string, unknown> = {}) {
  const res = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Carla Customer", email: uniqueEmail("carla"), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  if (sharing || status) {
    const shared = await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { sharing, status } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  }
  return res.body as { id: string; name: string; email: string };
}

/** A customer's sharing changed as its form saves it; its conversations follow. */
export async function shareCustomer(cookie: string, id: string, sharing: unknown) {
  const res = await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { sharing } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export const postMessage = (cookie: string | undefined, body: unknown) => call(postMessageRoute, "POST", "/message", { cookie, body });

/** Starts a conversation with the customer by writing a note; answers the conversation's id. */
export async function startWithNote(cookie: string, customer: string, content = "First note") {
  const res = await postMessage(cookie, { customer, type: { id: "note", content } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.conversation as string;
}

export const getConversation = (cookie: string | undefined, id: string) =>
  call(getConversationRoute, "GET", `/conversation/${id}`, { cookie, params: { id } });

export const patchConversation = (cookie: string | undefined, id: string, body: unknown) =>
  call(patchConversationRoute, "PATCH", `/conversation/${id}`, { cookie, params: { id }, body });

export const listMessages = (cookie: string | undefined, conversations: string[], limit?: number) =>
  call(listMessagesRoute, "GET", "/message", { cookie, query: { conversation: conversations, ...(limit ? { limit: String(limit) } : {}) } });

export async function conversationRow(id: string) {
  const db = await getDb();
  return (await db.select().from(conversation).where(eq(conversation.id, id)))[0];
}

export async function messageRow(id: string) {
  const db = await getDb();
  return (await db.select().from(message).where(eq(message.id, id)))[0];
}

/** A message that came in, added the way every inbound channel adds one. */
export async function receive(conversationId: string, values: Partial<NewMessage> = {}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(conversation).where(eq(conversation.id, conversationId)).for("update");
    return appendMessage(tx, row, { channel: "email", direction: "incoming", source: "carla@example.test", title: "Hello", content: "Hi there", ...values });
  });
}
