/** Stripe in API tests: the fake API on loopback (fakes/stripe.ts), the app's Stripe variables, and signed webhook posts. */
import { afterAll, beforeAll } from "vitest";
import { POST as checkoutRoute } from "@/app/api/api/public/invoice/[token]/checkout/route";
import { POST as webhookRoute } from "@/app/api/api/webhook/stripe/route";
import { call, randomIp } from "./api";
import { paidSession, signStripePayload, start, stripeEvent, type FakeSession } from "./fakes/stripe";

export { paidSession, signStripePayload, stripeEvent, type FakeSession } from "./fakes/stripe";

export const STRIPE = { secretKey: "sk_test_craftdesk_fake_key", webhookSecret: "whsec_craftdesk_fake_secret" } as const;

const VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;

/** Sets the Stripe variables until the returned function restores them; `apiUrl` null leaves Stripe unconfigured. */
export function useStripeEnv(apiUrl: string | null = "http://127.0.0.1:9"): () => void {
  const kept = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  if (apiUrl === null) for (const name of VARIABLES) delete process.env[name];
  else {
    process.env.STRIPE_SECRET_KEY = STRIPE.secretKey;
    process.env.STRIPE_WEBHOOK_SECRET = STRIPE.webhookSecret;
    process.env.STRIPE_API_URL = apiUrl;
  }
  return () => {
    for (const name of VARIABLES) {
      if (kept[name] === undefined) delete process.env[name];
      else process.env[name] = kept[name];
    }
  };
}

type FakeStripe = Awaited<ReturnType<typeof start>>;

/** The fake Stripe for a test file, with the app's variables pointed at it; stopped after the file. */
export function useFakeStripe(): FakeStripe {
  let current: FakeStripe | undefined;
  let restoreEnv = () => {};
  beforeAll(async () => {
    current = await start(0, { webhookSecret: STRIPE.webhookSecret });
    restoreEnv = useStripeEnv(current.url);
  });
  afterAll(async () => {
    restoreEnv();
    await current?.close();
  });
  return new Proxy({} as FakeStripe, {
    get(_target, key) {
      if (!current) throw new Error("The fake Stripe starts in beforeAll");
      return current[key as keyof FakeStripe];
    },
  });
}

export const checkout = (token: string, ip = randomIp()) =>
  call(checkoutRoute, "POST", `/public/invoice/${token}/checkout`, { params: { token }, body: {}, ip });

/** A webhook post of `payload`, signed with the endpoint secret unless told otherwise. */
export function postStripe(payload: string, options: { signature?: string | null; ip?: string } = {}) {
  const signature = options.signature === undefined ? signStripePayload(payload, STRIPE.webhookSecret) : options.signature;
  return call(webhookRoute, "POST", "/webhook/stripe", {
    body: payload,
    origin: null,
    ip: options.ip,
    headers: { "content-type": "application/json; charset=utf-8", ...(signature === null ? {} : { "stripe-signature": signature }) },
  });
}

/** Stripe's checkout.session.completed for `session` paid (amount and other fields as given). */
export const completed = (session: FakeSession, overrides: Partial<FakeSession> = {}) =>
  stripeEvent("checkout.session.completed", paidSession(session, overrides));
