/**
 * Conversations of the isolation world: one of A per item key, with that key's
 * customer, so where that item lives and shared as it is, each with an incoming
 * email; and one of B. They are made through the endpoints (a note to a customer
 * starts one) the first time a case asks, once per world.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { appendMessage, type NewMessage } from "@/lib/services/messaging/message-store";
import { GET as getCustomerRoute } from "@/app/api/api/customer/[id]/route";
import { call, uniqueEmail } from "@/test/api";
import { makeCustomer, patchConversation, postMessage } from "@/test/conversations";
import { inboundAddress, postEmail, rawEmail } from "@/test/inbound";
import { ITEM_KEYS, ITEMS, type ItemKey } from "./items";
import type { World } from "./world";

export type ConversationWorld = {
  /** A's conversations by item key, each titled `conversation <key>`. */
  a: Record<ItemKey, string>;
  /** B's conversation, shared as widely as sharing goes. */
  b: string;
};

const built = new WeakMap<World, Promise<ConversationWorld>>();

export const conversations = (w: World): Promise<ConversationWorld> => {
  if (!built.has(w)) built.set(w, build(w));
  return built.get(w)!;
};

const actorCookie = (w: World, key: string) => w.actors.find((actor) => actor.key === key)!.cookie;
const getCustomer = (cookie: string, id: string) => call(getCustomerRoute, "GET", `/customer/${id}`, { cookie, params: { id } });

async function start(cookie: string, customer: string, title: string) {
  const res = await postMessage(cookie, { customer, type: { id: "note", content: `Started ${title}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.conversation as string;
  const named = await patchConversation(cookie, id, { title });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  return id;
}

async function build(w: World): Promise<ConversationWorld> {
  const a = {} as Record<ItemKey, string>;
  for (const key of ITEM_KEYS) {
    // Started by a customer manager working where the item lives, with the customer of that key: it lives and is shared as that customer.
    const cookie = actorCookie(w, `customers_manage@${ITEMS[key].at}`);
    a[key] = await start(cookie, w.items.customer[key].id, `conversation ${key}`);
    await addMessage(a[key], { channel: "email", direction: "incoming", source: "customer@example.test", title: "Question", content: "When can you come?" });
  }
  // Shared as widely as sharing goes, as B's customer is.
  const b = await start(w.outsider.cookie, w.bItem.customer, "B's conversation");
  await addMessage(b, { channel: "email", direction: "incoming", source: "customer@example.test", title: "Question", content: "For B" });
  return { a, b };
}

/**
 * The office's conversation with a branch's customer: a customer only North sees,
 * made by North's customer manager, and a note A's founder writes to it at
 * organization level. It lives at North, shared as the customer is.
 */
export async function officeConversation(w: World) {
  const northManager = actorCookie(w, "customers_manage@north");
  const customer = await makeCustomer(northManager, { name: "Nora North" });
  expect((await getCustomer(w.a.cookie, customer.id)).status).toBe(200);
  const id = await start(w.a.cookie, customer.id, "office conversation");
  return { id, customer: customer.id, northManager };
}

/** A stranger's email to A: a conversation without a customer, where it arrived (organization level). */
export async function strangerConversation(w: World) {
  const { token } = await inboundAddress(w.a.cookie, w.a.organizationId);
  const res = await postEmail(token, rawEmail({ from: `Stan Stranger <${uniqueEmail("stranger")}>`, subject: "Do you fix fences?" }));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.conversation as string;
}

/** A message added the way the inbound path and delivery leave them, for what has no endpoint of its own. */
export async function addMessage(conversationId: string, values: NewMessage) {
  const db = await getDb();
  const [row] = await db.select().from(conversation).where(eq(conversation.id, conversationId));
  return db.transaction((tx) => appendMessage(tx, row, values));
}

/** An outgoing email whose delivery failed: what a retry acts on. */
export const failedEmail = (conversationId: string) =>
  addMessage(conversationId, {
    channel: "email",
    direction: "outgoing",
    source: "customer@example.test",
    title: "Your quote",
    content: "Attached.",
    delivery: "failed",
    deliveryError: "The mail server refused the recipient: 550 No such mailbox",
    messageId: `<${crypto.randomUUID()}@craftdesk.local>`,
  });

/** Successful sends finish before the next snapshot compares rows. */
export const settled = () => deliveriesSettled();
