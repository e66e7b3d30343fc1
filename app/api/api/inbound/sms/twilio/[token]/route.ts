import { z } from "@/lib/schemas/z";
import { pathToken } from "@/lib/server/params";
import { publicRoute } from "@/lib/server/route";
import { receiveTwilioSms, TWILIO_WEBHOOK_TYPES, twilioWebhookMaxBytes } from "@/lib/services/messaging/twilio-webhooks";

// POST /api/api/inbound/sms/twilio/{token} — Twilio delivers one inbound text (signed form post) to the organization
export const POST = publicRoute(
  { params: z.object({ token: pathToken("Inbound address") }), raw: { types: TWILIO_WEBHOOK_TYPES, maxBytes: twilioWebhookMaxBytes } },
  ({ db, params, req, ip, raw }) => receiveTwilioSms(db, { token: params.token, req, ip, read: raw }),
);
