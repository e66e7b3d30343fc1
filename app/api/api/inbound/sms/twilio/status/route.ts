import { publicRoute } from "@/lib/server/route";
import { receiveTwilioStatus, TWILIO_WEBHOOK_TYPES, twilioWebhookMaxBytes } from "@/lib/services/messaging/twilio-webhooks";

// POST /api/api/inbound/sms/twilio/status — Twilio reports the delivery of a text we sent (signed form post)
export const POST = publicRoute({ raw: { types: TWILIO_WEBHOOK_TYPES, maxBytes: twilioWebhookMaxBytes } }, ({ db, req, ip, raw }) =>
  receiveTwilioStatus(db, { req, ip, read: raw }),
);
