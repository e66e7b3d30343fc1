import { z } from "@/lib/schemas/z";
import { pathToken } from "@/lib/server/params";
import { publicRoute } from "@/lib/server/route";
import { INBOUND_EMAIL_TYPES, receiveEmail } from "@/lib/services/messaging/inbound-email";
import { inboundEmailMaxBytes } from "@/lib/services/messaging/limits";

// POST /api/api/inbound/email/{token} — a mail provider delivers one raw message (message/rfc822) to the organization
export const POST = publicRoute(
  { params: z.object({ token: pathToken("Inbound address") }), raw: { types: INBOUND_EMAIL_TYPES, maxBytes: inboundEmailMaxBytes }, status: 202 },
  ({ db, params, ip, raw }) => receiveEmail(db, { token: params.token, ip, read: raw }),
);
