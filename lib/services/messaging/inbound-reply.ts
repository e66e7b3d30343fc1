import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { ApiError, notFound } from "@/lib/server/errors";
import { emailInbound, parseEmail } from "./mime";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { conversationOfReplyAddress, inboundDomainConfig, inboundSecretHolds } from "./reply-address";
import { receiveMessage } from "./inbound";
import { inboundPerAddress, inboundPerOrganization } from "./limits";

/** The header a mail service may send the secret in, instead of HTTP basic auth. */
export const INBOUND_SECRET_HEADER = "x-inbound-secret";

/** The secret the request carries: the password of HTTP basic auth (any user name), or the header's value. */
export function inboundSecretOf(req: Request): string | null {
  const header = req.headers.get(INBOUND_SECRET_HEADER);
  if (header !== null) return header;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

const refused = () => new ApiError(401, "Unauthorized", {}, { "WWW-Authenticate": 'Basic realm="Craftdesk inbound email", charset="UTF-8"' });

/** Every reply address, forged or not, is this one 404: nothing tells which part was wrong. */
const noReplyAddress = () => notFound("Reply address");

/**
 * POST /inbound/email: the host's mail service posts each message that arrived for
 * INBOUND_EMAIL_DOMAIN. Without the two variables the route does not exist (404).
 * The secret is checked before the body is read; the conversation is found from the
 * first reply address among the envelope recipient (`recipient`, when the service
 * gives it) and the recipients the headers name, and the message goes through the
 * one inbound entry point into that conversation's organization.
 */
export async function receiveReplyEmail(
  db: Db,
  request: { secret: string | null; recipient?: string; ip: string; read: () => Promise<Uint8Array> },
) {
  const config = inboundDomainConfig();
  if (!config) throw notFound("Inbound email");
  await hitRateLimit(db, `inbound:ip:${request.ip}`, inboundPerAddress());
  if (!inboundSecretHolds(request.secret, config.secret)) throw refused();
  const email = await parseEmail(await request.read());
  const addresses = [...(request.recipient ? [request.recipient] : []), ...email.recipients];
  const conversationId = addresses.map((address) => conversationOfReplyAddress(address, config.domain)).find((id) => id !== null);
  if (!conversationId) throw noReplyAddress();
  const [found] = await db.select({ organizationId: conversation.organizationId }).from(conversation).where(eq(conversation.id, conversationId));
  if (!found) throw noReplyAddress();
  await hitRateLimit(db, `inbound:organization:${found.organizationId}`, inboundPerOrganization());
  // The mail service posts as the mail arrives: the time of receipt orders the thread.
  const inbound = emailInbound(email, { providerId: null, threadId: null, date: new Date() });
  const received = await receiveMessage(db, found.organizationId, inbound, conversationId);
  return { id: received.message.id, conversation: received.conversation.id, duplicate: received.duplicate };
}
