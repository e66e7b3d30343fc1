import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import { invoice, payment } from "@/db/schema/invoice";
import { badRequest, isUniqueViolation, notFound } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { stripeClient, stripeConfig } from "@/lib/server/stripe";
import { recordPayment } from "@/lib/services/payment";
import { payableOnline } from "./checkout";

/*
 * Stripe's webhook (issue 39). The body is read within its bound and its
 * Stripe-Signature checked by the SDK (constructEvent: HMAC over the raw body and a
 * timestamp within five minutes) before the database is asked anything: a post that
 * does not hold is a 400. A paid Checkout Session records one payment of the invoice
 * its metadata names; the session id is unique among payments, so Stripe's retries
 * (it retries for days until it gets a 2xx) record nothing twice. Every other event,
 * and a session for an invoice that is gone or cannot take it, is answered 200 and
 * logged: a refusal would only make Stripe retry what can never succeed.
 */

/** Stripe posts JSON; events are a few kB, a Checkout Session with its line items well under this. */
export const STRIPE_WEBHOOK_TYPES = ["application/json"] as const;
export const stripeWebhookMaxBytes = () => 256 * 1024;

/** Stripe's own rate stays far below this; it bounds a replayed (validly signed) event within its five minutes. */
const perAddress = () => ({ limit: Number(process.env.STRIPE_WEBHOOK_RATE_LIMIT || 600), seconds: 60 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

type WebhookRequest = { req: Request; ip: string; read: () => Promise<Uint8Array> };
export type StripeAnswer = { received: true; recorded: boolean };

const badSignature = () => badRequest([{ path: "", message: "errors.stripe.badSignature" }], "errors.stripe.badSignature");

export async function receiveStripeEvent(db: Db, request: WebhookRequest): Promise<StripeAnswer> {
  const config = stripeConfig();
  if (!config) throw notFound("Payment provider");
  const signature = request.req.headers.get("stripe-signature");
  if (!signature || signature.length > 2048) throw badSignature();
  const body = Buffer.from(await request.read());
  let event: Stripe.Event;
  try {
    event = stripeClient(config).webhooks.constructEvent(body, signature, config.webhookSecret);
  } catch {
    throw badSignature();
  }
  await hitRateLimit(db, `stripe_webhook:${request.ip}`, perAddress());
  if (!PAID_EVENTS.has(event.type)) return { received: true, recorded: false };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.object !== "checkout.session" || session.payment_status !== "paid") return { received: true, recorded: false };
  return { received: true, recorded: await recordSession(db, event.id, session) };
}

/** The payment of a paid session, once; false when there is nothing (more) to record. */
async function recordSession(db: Db, eventId: string, session: Stripe.Checkout.Session): Promise<boolean> {
  const organizationId = session.metadata?.organization_id ?? "";
  const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id ?? "";
  const about = { event: eventId, session: session.id, organization: organizationId, invoice: invoiceId };
  if (!UUID.test(organizationId) || !UUID.test(invoiceId)) {
    log().warn(about, "Stripe: a paid Checkout Session names no invoice of ours; ignored");
    return false;
  }
  const amount = session.amount_total ?? 0;
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(invoice)
        .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, invoiceId)))
        .for("update");
      if (!row) {
        log().warn(about, "Stripe: a paid Checkout Session for an unknown invoice; ignored");
        return false;
      }
      // Under the invoice's lock: a retried event finds its payment.
      const [known] = await tx
        .select({ id: payment.id })
        .from(payment)
        .where(and(eq(payment.organizationId, organizationId), eq(payment.stripeSessionId, session.id)));
      if (known) return false;
      if (!payableOnline(row) || amount <= 0 || amount > row.due || (session.currency ?? "").toUpperCase() !== row.currency) {
        // Money came that the invoice cannot take as it stands (paid meanwhile by hand, voided): the office must look at it in Stripe.
        log().error({ ...about, amount, currency: session.currency, status: row.status, due: row.due }, "Stripe: a paid Checkout Session the invoice cannot take; not recorded");
        return false;
      }
      await recordPayment(tx, null, row, { method: "stripe", amount, reference: intent ?? session.id, stripeSessionId: session.id });
      return true;
    });
  } catch (error) {
    // Two deliveries of the same event at once: the other one recorded it.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
