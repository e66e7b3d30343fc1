import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { notFound } from "@/lib/server/errors";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { receiveMessage } from "./inbound";
import { inboundPerAddress, inboundPerOrganization } from "./limits";
import { emailInbound, parseEmail } from "./mime";

// The organization's own webhook for email (replies to a reply address come in
// through inbound-reply.ts, a connected mailbox's mail through mailbox/sync.ts).

/** The raw body types mail providers post: message/rfc822, or the same bytes under a generic type. */
export const INBOUND_EMAIL_TYPES = ["message/rfc822", "application/octet-stream", "text/plain"] as const;

/**
 * POST /inbound/email/{token}: the organization is found by its secret token
 * through the unique index (no comparison in our code to time), then the body is
 * read, parsed and received. Unknown tokens are a 404 that says nothing more.
 */
export async function receiveEmail(db: Db, request: { token: string; ip: string; read: () => Promise<Uint8Array> }) {
  await hitRateLimit(db, `inbound:ip:${request.ip}`, inboundPerAddress());
  const [found] = await db.select({ id: organization.id }).from(organization).where(eq(organization.inboundToken, request.token));
  if (!found) throw notFound("Inbound address");
  await hitRateLimit(db, `inbound:organization:${found.id}`, inboundPerOrganization());
  const email = await parseEmail(await request.read());
  // A provider posts as the mail arrives: the time of receipt orders the thread, whatever the sender's clock said.
  const received = await receiveMessage(db, found.id, emailInbound(email, { providerId: null, threadId: null, date: new Date() }));
  return { id: received.message.id, conversation: received.conversation.id, duplicate: received.duplicate };
}
