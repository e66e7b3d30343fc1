import "server-only";
import Stripe from "stripe";

/*
 * Stripe, through its official SDK: Checkout Sessions for card payments of invoices
 * and the signature of its webhook. Configured by the environment only (the keys are
 * the server's, never an organization's, and never shown): STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET; STRIPE_API_URL points the SDK at another host (the tests'
 * fake on loopback), as TWILIO_API_URL and the mailbox providers' URLs do.
 */

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: URL | null };

/** Read lazily: tests and scripts set the variables after import. Null unless both the key and the webhook secret are set. */
export function stripeConfig(): StripeConfig | null {
  const secretKey = process.env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  const apiUrl = process.env.STRIPE_API_URL?.trim();
  return { secretKey, webhookSecret, apiUrl: apiUrl ? new URL(apiUrl) : null };
}

/** Whether customers may pay invoices by card on their public page. */
export const stripeConfigured = (): boolean => stripeConfig() !== null;

/** Where Stripe posts its events; the admin gives Stripe this address (Organization → Integrations). */
export const STRIPE_WEBHOOK_PATH = "/api/api/webhook/stripe";

const TIMEOUT_MS = 20_000;

const clients = new Map<string, Stripe>();

/** The SDK's client for this configuration (one per key and host, kept: it holds its own connection agent). */
export function stripeClient(config: StripeConfig): Stripe {
  const key = `${config.secretKey}\n${config.apiUrl?.href ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const url = config.apiUrl;
    client = new Stripe(config.secretKey, {
      timeout: TIMEOUT_MS,
      // The SDK retries with the same idempotency key, so a retried create makes no second session.
      maxNetworkRetries: 2,
      telemetry: false,
      ...(url && {
        host: url.hostname,
        port: url.port || (url.protocol === "http:" ? 80 : 443),
        protocol: url.protocol === "http:" ? "http" : "https",
      }),
    });
    clients.set(key, client);
  }
  return client;
}
