import { publicRoute } from "@/lib/server/route";
import { receiveStripeEvent, STRIPE_WEBHOOK_TYPES, stripeWebhookMaxBytes } from "@/lib/services/stripe/webhook";

// POST /api/api/webhook/stripe — Stripe posts an event (signed with Stripe-Signature); a paid Checkout Session records the invoice's payment once
export const POST = publicRoute({ raw: { types: STRIPE_WEBHOOK_TYPES, maxBytes: stripeWebhookMaxBytes } }, ({ db, req, ip, raw }) =>
  receiveStripeEvent(db, { req, ip, read: raw }),
);
