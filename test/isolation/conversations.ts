/**
 * Conversations of the isolation world: one of A per item key, where that item
 * lives and shared as it is, each with an incoming email; and one of B. They are
 * made through the endpoints (a note to a customer starts one) the first time a
 * case asks, once per world.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { deliveriesSettled } from "@/lib/services/delivery";
import { appendMessage, type NewMessage } from "@/lib/services/message-store";
import { patchConversation, postMessage } from "@/test/conversations";
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
    // Started where the item lives, by a customer manager working there, about a customer everyone sees.
    const cookie = actorCookie(w, `customers_manage@${ITEMS[key].at}`);
    a[key] = await start(cookie, w.items.customer.editDefault.id, `conversation ${key}`);
    for (const sharing of ITEMS[key].sharing(w.south)) {
      const res = await patchConversation(cookie, a[key], { sharing });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await addMessage(a[key], { kind: "email", direction: "incomming", source: "customer@example.test", title: "Question", content: "When can you come?" });
  }
  const b = await start(w.outsider.cookie, w.bItem.customer, "B's conversation");
  expect((await patchConversation(w.outsider.cookie, b, { sharing: { default: "edit" } })).status).toBe(200);
  await addMessage(b, { kind: "email", direction: "incomming", source: "customer@example.test", title: "Question", content: "For B" });
  return { a, b };
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
    kind: "email",
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
