import { z } from "@/lib/schemas/z";
import { publicRoute } from "@/lib/server/route";
import { INBOUND_EMAIL_TYPES } from "@/lib/services/messaging/inbound-email";
import { inboundEmailMaxBytes } from "@/lib/services/messaging/limits";
import { inboundSecretOf, receiveReplyEmail } from "@/lib/services/messaging/inbound-reply";

const query = z.strictObject({
  recipient: z.string().max(320).optional().meta({ description: "The envelope recipient, when the mail service gives it (Postfix `${recipient}`)" }),
});

// POST /api/api/inbound/email — the host's mail service delivers one raw message (message/rfc822) sent to a reply address of INBOUND_EMAIL_DOMAIN
export const POST = publicRoute({ query, raw: { types: INBOUND_EMAIL_TYPES, maxBytes: inboundEmailMaxBytes }, status: 202 }, ({ req, db, query, ip, raw }) =>
  receiveReplyEmail(db, { secret: inboundSecretOf(req), recipient: query.recipient, ip, read: raw }),
);
