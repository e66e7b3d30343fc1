import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { startConversation } from "@/lib/services/conversation";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { notFound } from "@/test/answers";
import { replyAddress } from "@/lib/services/messaging/reply-address";
import { inboundAddress, INBOUND_DOMAIN, newMessageId, postEmail, postReply, rawEmail, setInboundDomain } from "@/test/inbound";
import { refusedWrite, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";
import { organizationRows } from "@/test/organization-rows";

const NO_MEMBER_ACTS =
  "the webhook acts for no member: a mail provider posts with the address's token as its only credential, and a session cookie sent along is not even loaded";

/** An email of A's (or B's), sent from a conversation of A: what a forged reply posted to B would try to thread into. */
async function emailOfA(w: World, organizationId = w.a.organizationId) {
  const db = await getDb();
  const messageId = newMessageId();
  const conversationId = await db.transaction(async (tx) => {
    const row = await startConversation(tx, { organizationId, locationId: null, memberId: null, title: "A's thread", customer: null, sources: [] });
    await appendMessage(tx, row, { channel: "email", direction: "outgoing", source: "carla@customer.test", title: "A's thread", content: "From A", delivery: "sent", messageId });
    return row.id;
  });
  return { messageId, conversationId };
}

/** The inbound webhook (POST /inbound/email/{token}): no session is the normal case; the token alone names the organization. */
export const inboundRows: Row[] = [
  {
    method: "POST",
    route: "/inbound/email/[token]",
    cases: {
      "no session": async (w) => {
        // Without a session (how every provider calls) A's address takes A's mail, and only into A.
        const { token } = await inboundAddress(w.a.cookie, w.a.organizationId);
        const bRows = await organizationRows([w.b.organizationId]);
        const res = await postEmail(token, rawEmail({ subject: "Delivered to A" }));
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        const db = await getDb();
        const [row] = await db.select().from(conversation).where(eq(conversation.id, res.body.conversation));
        expect(row.organizationId).toBe(w.a.organizationId);
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
        // An address nobody has is a 404 that names nothing, and writes nothing.
        await refusedWrite(w, "unknown token", notFound("Inbound address"), () => postEmail(crypto.randomBytes(32).toString("hex"), rawEmail()));
      },
      "other organization": async (w) => {
        const a = await emailOfA(w);
        const { token: bToken } = await inboundAddress(w.outsider.cookie, w.b.organizationId);
        const aBefore = await organizationRows([w.a.organizationId]);
        // A reply naming A's Message-ID, posted to B's address, does not reach A's conversation: B gets a new one.
        const reply = await postEmail(bToken, rawEmail({ inReplyTo: a.messageId, references: [a.messageId] }));
        expect(reply.status, JSON.stringify(reply.body)).toBe(202);
        expect(reply.body.conversation).not.toBe(a.conversationId);
        // A message carrying the same Message-ID as A's is no duplicate of it in B: de-duplication is per organization.
        const same = await postEmail(bToken, rawEmail({ messageId: a.messageId }));
        expect(same.status).toBe(202);
        expect(same.body.duplicate).toBe(false);
        const db = await getDb();
        for (const id of [reply.body.id, same.body.id]) {
          const [row] = await db.select().from(message).where(eq(message.id, id));
          expect(row.organizationId).toBe(w.b.organizationId);
        }
        expect(await organizationRows([w.a.organizationId])).toEqual(aBefore);
      },
      "location cannot see":
        "no member or location acts: the token names the organization, and where the message lands follows the customer's location (inbound tests)",
      "view-only": "no member acts, so no sharing level applies; the conversation it lands in gets its own sharing",
      "missing privilege": NO_MEMBER_ACTS,
    },
  },
  {
    method: "POST",
    route: "/inbound/email",
    cases: {
      "no session": async (w) => {
        // The host's mail service posts with the server's secret; the reply address alone names the organization and conversation.
        setInboundDomain();
        const a = await emailOfA(w);
        const bRows = await organizationRows([w.b.organizationId]);
        const res = await postReply(rawEmail({ to: replyAddress(a.conversationId)!, subject: "Re: A's thread" }));
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        expect(res.body.conversation).toBe(a.conversationId);
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
        await refusedWrite(w, "no secret", { status: 401, message: "Unauthorized" }, () =>
          postReply(rawEmail({ to: replyAddress(a.conversationId)! }), { secret: null }),
        );
        await refusedWrite(w, "forged key", notFound("Reply address"), () =>
          postReply(rawEmail({ to: `reply+${crypto.randomBytes(26).toString("hex")}@${INBOUND_DOMAIN}` })),
        );
      },
      "other organization": async (w) => {
        // A reply to A's address naming a Message-ID of B's still lands in A, and B is untouched.
        setInboundDomain();
        const a = await emailOfA(w);
        const b = await emailOfA(w, w.b.organizationId);
        const bRows = await organizationRows([w.b.organizationId]);
        const res = await postReply(rawEmail({ to: replyAddress(a.conversationId)!, inReplyTo: b.messageId, references: [b.messageId] }));
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        expect(res.body.conversation).toBe(a.conversationId);
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
      },
      "location cannot see": "no member or location acts: the reply address names the conversation, which keeps its own location",
      "view-only": "no member acts, so no sharing level applies",
      "missing privilege": "the webhook acts for no member: the host's mail service posts with the server's secret, and no session is loaded",
    },
  },
];
