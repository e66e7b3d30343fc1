/**
 * A fake of Stripe's API on loopback (plain http), for the calls the app makes through
 * the official SDK (pointed here by STRIPE_API_URL): POST /v1/checkout/sessions
 * (form-encoded, as the SDK sends; honours Idempotency-Key) and GET
 * /v1/checkout/sessions/{id}. A session's `url` is a page of the fake: its Pay button
 * posts a correctly signed `checkout.session.completed` to the app's webhook (the
 * `webhookUrl` given at start, or /__fake/webhook-url) and sends the browser on to the
 * session's success_url, so a browser test pays by card end to end.
 *
 * Node built-ins and ./http.ts only, so the browser-test launcher runs it with tsx.
 * Control API: GET /__fake/sessions, POST /__fake/webhook-url { url }.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { json, listen, readBody } from "./http";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  payment_intent: string | null;
  url: string;
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[];
  created: number;
  livemode: false;
};

export type FakeState = {
  sessions: Map<string, FakeSession>;
  /** What each create call carried, decoded, and its idempotency key. */
  creates: { params: Record<string, string>; idempotencyKey: string | null }[];
  /** The secret keys seen on requests. */
  keys: string[];
  /** Webhook deliveries the Pay page made: status the app answered. */
  deliveries: { event: string; status: number }[];
  webhookUrl: string | null;
  webhookSecret: string;
};

const MAX_BODY = 64 * 1024;
const randomPart = (length: number) => crypto.randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length);

/**
 * The Stripe-Signature header of `payload`, exactly as Stripe signs it: `t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the endpoint secret>`.
 */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** A Stripe event around a Checkout Session, as Stripe posts it to a webhook. */
export function stripeEvent(type: string, object: unknown): string {
  return JSON.stringify(
    {
      id: `evt_${randomPart(24)}`,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

/** The session as paid, what checkout.session.completed carries. */
export const paidSession = (session: FakeSession, overrides: Partial<FakeSession> = {}): FakeSession => ({
  ...session,
  status: "complete",
  payment_status: "paid",
  payment_intent: session.payment_intent ?? `pi_${randomPart(24)}`,
  ...overrides,
});

/** Stripe's form encoding (a[b][0][c]=v) flattened to its bracketed keys. */
function formParams(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function stripeError(res: ServerResponse, status: number, message: string, param?: string) {
  json(res, status, { error: { type: "invalid_request_error", message, ...(param && { param }) } });
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function start(port = 0, options: { webhookUrl?: string; webhookSecret?: string } = {}): Promise<{ url: string; close(): Promise<void>; state: FakeState }> {
  const state: FakeState = {
    sessions: new Map(),
    creates: [],
    keys: [],
    deliveries: [],
    webhookUrl: options.webhookUrl ?? null,
    webhookSecret: options.webhookSecret ?? "whsec_fake",
  };
  const idempotent = new Map<string, { params: string; session: FakeSession }>();
  let url = "";

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const header = req.headers.authorization ?? "";
    const key = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!key.startsWith("sk_")) {
      json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      return false;
    }
    if (!state.keys.includes(key)) state.keys.push(key);
    return true;
  }

  function createSession(params: Record<string, string>, res: ServerResponse, key: string | null) {
    const serialized = JSON.stringify(params);
    const again = key ? idempotent.get(key) : undefined;
    if (again) {
      if (again.params !== serialized) {
        return stripeError(res, 400, "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      }
      return json(res, 200, again.session, { "Idempotent-Replayed": "true" });
    }
    state.creates.push({ params, idempotencyKey: key });
    if (params.mode !== "payment") return stripeError(res, 400, "This fake supports mode=payment only", "mode");
    if (!params.success_url) return stripeError(res, 400, "Missing required param: success_url.", "success_url");
    const items: FakeSession["line_items"] = [];
    for (let i = 0; `line_items[${i}][quantity]` in params; i++) {
      const at = (name: string) => params[`line_items[${i}]${name}`];
      const amount = Number(at("[price_data][unit_amount]"));
      const currency = at("[price_data][currency]") ?? "";
      if (!Number.isInteger(amount) || amount < 1) return stripeError(res, 400, "Invalid integer", `line_items[${i}][price_data][unit_amount]`);
      if (!/^[a-z]{3}$/.test(currency)) return stripeError(res, 400, "Invalid currency", `line_items[${i}][price_data][currency]`);
      items.push({ name: at("[price_data][product_data][name]") ?? "", unit_amount: amount, quantity: Number(at("[quantity]")), currency });
    }
    if (items.length === 0) return stripeError(res, 400, "Missing required param: line_items.", "line_items");
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      const match = /^metadata\[([^\]]+)\]$/.exec(name);
      if (match) metadata[match[1]] = value;
    }
    const id = `cs_test_${randomPart(58)}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0),
      currency: items[0].currency,
      client_reference_id: params.client_reference_id ?? null,
      metadata,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      payment_intent: null,
      url: `${url}/pay/${id}`,
      line_items: items,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    state.sessions.set(id, session);
    if (key) idempotent.set(key, { params: serialized, session });
    json(res, 200, session);
  }

  /** The hosted checkout page: what is paid, and a Pay button. */
  function payPage(session: FakeSession, res: ServerResponse) {
    const amount = (session.amount_total / 100).toFixed(2);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto">
<h1>Fake Stripe Checkout</h1>
<p>${session.line_items.map((item) => html(item.name)).join(", ")}</p>
<p id="amount">${amount} ${html(session.currency.toUpperCase())}</p>
<form method="post" action="/pay/${html(session.id)}"><button type="submit">Pay ${amount} ${html(session.currency.toUpperCase())}</button></form>
${session.cancel_url ? `<p><a href="${html(session.cancel_url)}">Back</a></p>` : ""}
</body></html>`);
  }

  /** Pays the session: the signed event to the app's webhook, then the browser to success_url. */
  async function pay(session: FakeSession, res: ServerResponse) {
    if (session.payment_status !== "paid") {
      const paid = paidSession(session);
      state.sessions.set(session.id, paid);
      const payload = stripeEvent("checkout.session.completed", paid);
      const target = state.webhookUrl;
      if (!target) return json(res, 500, { error: "The fake has no webhook URL to post to" });
      const answer = await fetch(target, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signStripePayload(payload, state.webhookSecret), "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
      });
      await answer.arrayBuffer();
      state.deliveries.push({ event: JSON.parse(payload).id, status: answer.status });
      if (!answer.ok) return json(res, 502, { error: `The webhook answered ${answer.status}` });
    }
    res.writeHead(303, { Location: state.sessions.get(session.id)!.success_url });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const reqUrl = new URL(req.url ?? "/", url);
    const route = reqUrl.pathname;
    const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(route);
    const payPath = /^\/pay\/([A-Za-z0-9_]+)$/.exec(route);
    if (req.method === "GET" && route === "/__fake/sessions") return json(res, 200, [...state.sessions.values()]);
    if (req.method === "POST" && route === "/__fake/webhook-url") {
      state.webhookUrl = (JSON.parse((await readBody(req, MAX_BODY)).toString() || "{}") as { url?: string }).url ?? null;
      return json(res, 200, { ok: true });
    }
    if (req.method === "POST" && route === "/v1/checkout/sessions") {
      if (!authorized(req, res)) return;
      const key = req.headers["idempotency-key"];
      return createSession(formParams((await readBody(req, MAX_BODY)).toString()), res, typeof key === "string" ? key : null);
    }
    if (req.method === "GET" && sessionPath) {
      if (!authorized(req, res)) return;
      const session = state.sessions.get(sessionPath[1]);
      return session ? json(res, 200, session) : stripeError(res, 404, `No such checkout.session: '${sessionPath[1]}'`, "session");
    }
    if (payPath) {
      const session = state.sessions.get(payPath[1]);
      if (!session) return stripeError(res, 404, "No such checkout session");
      if (req.method === "GET") return payPage(session, res);
      if (req.method === "POST") return pay(session, res);
    }
    stripeError(res, 404, `Unrecognized request URL (${req.method}: ${route})`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { type: "api_error", message: String(error) } });
      else res.end();
    });
  });
  const listening = await listen(server, port);
  url = `http://127.0.0.1:${listening.port}`;
  return { url, close: listening.close, state };
}
