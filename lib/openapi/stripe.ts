import { z } from "@/lib/schemas/z";
import type { Operation } from "./operations";

/** Card payments of invoices through Stripe Checkout (lib/services/stripe), as the API document describes them. */
export const STRIPE_OPERATIONS: Record<string, Operation> = {
  "POST /public/invoice/[token]/checkout": {
    summary: "Start paying the invoice by card (Stripe Checkout)",
    description:
      "Creates a Stripe Checkout Session for the amount due, in the invoice's currency, and answers its URL; the page sends the customer there. Stripe sends them back to `/p/invoice/{token}?paid=1` when paid, `/p/invoice/{token}` when they cancel; the payment is recorded when Stripe's webhook reports it. Asked again while the amount due is the same, the same session is answered. 409 (worded in the invoice's language) when the server has no Stripe keys, or the invoice is not issued, already paid, void or a credit note; 503 when Stripe cannot be reached. No session: the token in the address is the only credential. Rate limited per link and per client address; answers carry `X-Robots-Tag: noindex`.",
    response: z.object({ url: z.string() }),
    errors: [409, 429, 503],
  },
  "POST /webhook/stripe": {
    summary: "Receive one event from Stripe (signed with Stripe-Signature)",
    description:
      "Give Stripe this address as a webhook endpoint with the events `checkout.session.completed` and `checkout.session.async_payment_succeeded`; its signing secret is `STRIPE_WEBHOOK_SECRET`. The signature is checked over the raw body before anything is read from the database (400 when it does not hold). A paid Checkout Session records one payment (method `stripe`, its amount, the payment intent as reference) of the invoice its metadata names, once however often Stripe retries; every other event, and a session for an unknown invoice, is answered 200 and ignored. 404 when the server has no Stripe keys.",
    response: z.object({ received: z.literal(true), recorded: z.boolean() }),
    errors: [400, 404, 429],
  },
};
