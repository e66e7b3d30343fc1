import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { invoice as invoiceTable, payment } from "@/db/schema/invoice";
import { createPublicLink } from "@/lib/server/public-link";
import { blankBody, created, getInvoice, invoicingShop, issued, pay } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { POST as webhookRoute } from "@/app/api/api/webhook/stripe/route";
import { checkout, completed, postStripe, signStripePayload, STRIPE, stripeEvent, useFakeStripe, useStripeEnv, type FakeSession } from "@/test/stripe";

const mailbox = useSmtpCatcher();
const fake = useFakeStripe();

async function linkTo(organizationId: string, invoiceId: string) {
  const db = await getDb();
  return (await createPublicLink(db, { organizationId, kind: "invoice", documentId: invoiceId, expiresAt: null })).token;
}

/** An issued invoice of the shop (gross 1,000.00 + 200.00 and their VAT) with a live public link. */
async function issuedInvoice(extra: Record<string, unknown> = {}) {
  const shop = await invoicingShop(mailbox);
  const draft = await created(shop.cookie, blankBody(shop.customer.id, extra));
  const invoice = await issued(shop.cookie, draft.id);
  return { shop, invoice, token: await linkTo(shop.organizationId, invoice.id) };
}

async function sessionOf(url: string): Promise<FakeSession> {
  const id = url.split("/").at(-1)!;
  const session = fake.state.sessions.get(id);
  expect(session, url).toBeTruthy();
  return session!;
}

async function paymentsOf(organizationId: string, invoiceId: string) {
  const db = await getDb();
  return db.select().from(payment).where(and(eq(payment.organizationId, organizationId), eq(payment.invoiceId, invoiceId)));
}

describe("card payment through Stripe Checkout", () => {
  it("creates a Checkout Session for the amount due through the SDK; the same again answers the same session", async () => {
    const { shop, invoice, token } = await issuedInvoice();
    const res = await checkout(token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const session = await sessionOf(res.body.url);
    expect(res.body.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: invoice.due,
      currency: String(invoice.currency).toLowerCase(),
      client_reference_id: invoice.id,
      metadata: { organization_id: shop.organizationId, invoice_id: invoice.id },
      success_url: `http://localhost:3000/p/invoice/${token}?paid=1`,
      cancel_url: `http://localhost:3000/p/invoice/${token}`,
    });
    expect(session.line_items).toEqual([{ name: `Invoice ${invoice.number}`, unit_amount: invoice.due, quantity: 1, currency: session.currency }]);
    expect(fake.state.keys).toContain(STRIPE.secretKey);
    const create = fake.state.creates.find((call) => call.params.client_reference_id === invoice.id)!;
    expect(create.idempotencyKey).toContain(`${invoice.id}:${invoice.due}`);

    const again = await checkout(token);
    expect(again.status).toBe(201);
    expect(again.body.url).toBe(res.body.url);
    // Once part is paid by hand, a new session for what is left.
    expect((await pay(shop.cookie, { invoice: invoice.id, amount: 10_000, method: "cash" })).status).toBe(201);
    const rest = await checkout(token);
    expect(rest.status).toBe(201);
    expect(rest.body.url).not.toBe(res.body.url);
    expect((await sessionOf(rest.body.url)).amount_total).toBe(invoice.due - 10_000);
  });

  it("refuses with a readable 409, in the invoice's language, when the invoice cannot be paid online or Stripe is not configured", async () => {
    const shop = await invoicingShop(mailbox);
    const draft = await created(shop.cookie, blankBody(shop.customer.id));
    const draftToken = await linkTo(shop.organizationId, draft.id);
    const refused = await checkout(draftToken);
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatch(/cannot be paid online/);

    const { shop: other, invoice, token } = await issuedInvoice();
    expect((await pay(other.cookie, { invoice: invoice.id, amount: invoice.due, method: "bank_transfer" })).status).toBe(201);
    const paid = await checkout(token);
    expect(paid.status).toBe(409);
    expect(paid.body.details).toMatch(/cannot be paid online/);

    const open = await issuedInvoice();
    const db = await getDb();
    const [row] = await db.select({ document: invoiceTable.document }).from(invoiceTable).where(eq(invoiceTable.id, open.invoice.id));
    await db.update(invoiceTable).set({ document: { ...row.document!, language: "de-DE" } }).where(eq(invoiceTable.id, open.invoice.id));
    const restore = useStripeEnv(null);
    try {
      const unconfigured = await checkout(open.token);
      expect(unconfigured.status).toBe(409);
      expect(unconfigured.body.details).toMatch(/Kartenzahlung/);
    } finally {
      restore();
    }
    const unknown = await checkout("A".repeat(43));
    expect(unknown.status).toBe(404);
  });

  it("signs webhook payloads as the SDK does", () => {
    const payload = stripeEvent("payment_intent.created", { id: "pi_1", object: "payment_intent" });
    const at = Math.floor(Date.now() / 1000);
    const ours = signStripePayload(payload, STRIPE.webhookSecret, at);
    const sdk = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE.webhookSecret, timestamp: at });
    expect(ours).toBe(sdk);
  });

  it("refuses a webhook post whose signature does not hold with 400, writing nothing", async () => {
    const { shop, invoice, token } = await issuedInvoice();
    const session = await sessionOf((await checkout(token)).body.url);
    const payload = completed(session);
    for (const signature of [null, "t=1,v1=00", signStripePayload(payload, "whsec_other"), signStripePayload(payload, STRIPE.webhookSecret, Math.floor(Date.now() / 1000) - 3600)]) {
      const res = await postStripe(payload, { signature });
      expect(res.status, String(signature)).toBe(400);
      expect(res.body.message).toMatch(/signature/i);
    }
    // A signed payload changed afterwards.
    const res = await postStripe(payload.replace(String(invoice.due), "1"), { signature: signStripePayload(payload, STRIPE.webhookSecret) });
    expect(res.status).toBe(400);
    expect(await paymentsOf(shop.organizationId, invoice.id)).toEqual([]);
  });

  it("records a paid session once, however often Stripe posts it; the invoice is paid", async () => {
    const { shop, invoice, token } = await issuedInvoice();
    const session = await sessionOf((await checkout(token)).body.url);
    const payload = completed(session, { payment_intent: "pi_test_once" });
    const first = await postStripe(payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: true, recorded: true });
    for (let i = 0; i < 2; i++) {
      const retry = await postStripe(payload);
      expect(retry.status).toBe(200);
      expect(retry.body.recorded).toBe(false);
    }
    // The same session in another event (completed, then async succeeded) records nothing either.
    expect((await postStripe(stripeEvent("checkout.session.async_payment_succeeded", JSON.parse(payload).data.object))).body.recorded).toBe(false);
    const payments = await paymentsOf(shop.organizationId, invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: "stripe", amount: invoice.due, reference: "pi_test_once", stripeSessionId: session.id, currency: invoice.currency, createdBy: null });
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "paid", paid: invoice.due, due: 0 });
    // Nothing is left to pay online.
    expect((await checkout(token)).status).toBe(409);
  });

  it("takes a partial amount to partly paid", async () => {
    const { shop, invoice, token } = await issuedInvoice();
    const session = await sessionOf((await checkout(token)).body.url);
    const res = await postStripe(completed(session, { amount_total: 5_000 }));
    expect(res.body).toEqual({ received: true, recorded: true });
    expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "partly_paid", paid: 5_000, due: invoice.due - 5_000 });
  });

  it("answers 200 and records nothing for other events, unpaid sessions, unknown invoices and amounts the invoice cannot take", async () => {
    const { shop, invoice, token } = await issuedInvoice();
    const session = await sessionOf((await checkout(token)).body.url);
    const cases = [
      stripeEvent("payment_intent.succeeded", { id: "pi_x", object: "payment_intent", amount: 100 }),
      stripeEvent("checkout.session.completed", { ...session, status: "complete", payment_status: "unpaid" }),
      completed(session, { id: "cs_test_unknown_invoice", metadata: { organization_id: shop.organizationId, invoice_id: crypto.randomUUID() } }),
      completed(session, { id: "cs_test_no_metadata", metadata: {}, client_reference_id: null }),
      completed(session, { id: "cs_test_too_much", amount_total: invoice.due + 1 }),
      completed(session, { id: "cs_test_other_currency", currency: "jpy" }),
    ];
    for (const payload of cases) {
      const res = await postStripe(payload);
      expect(res.status, payload).toBe(200);
      expect(res.body).toEqual({ received: true, recorded: false });
    }
    expect(await paymentsOf(shop.organizationId, invoice.id)).toEqual([]);
  });

  it("refuses a body of another type or beyond its bound before reading it", async () => {
    const payload = JSON.stringify({ padding: "x".repeat(300 * 1024) });
    const big = await postStripe(payload);
    expect(big.status).toBe(413);
  });

  it("pays on the fake's checkout page as a browser would: the signed event reaches the webhook, then the customer goes to success_url", async () => {
    // The app's webhook served over HTTP, as the fake posts to it.
    const app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        void webhookRoute(new Request(`http://localhost:3000${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }), { params: Promise.resolve({}) }).then(async (answer) => {
          res.writeHead(answer.status, { "Content-Type": "application/json" });
          res.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    fake.state.webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/api/webhook/stripe`;
    try {
      const { shop, invoice, token } = await issuedInvoice();
      const { url } = (await checkout(token)).body;
      const page = await fetch(url);
      expect(await page.text()).toContain(`Pay ${(invoice.due / 100).toFixed(2)}`);
      const paid = await fetch(url, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`http://localhost:3000/p/invoice/${token}?paid=1`);
      expect(fake.state.deliveries.at(-1)?.status).toBe(200);
      expect((await getInvoice(shop.cookie, invoice.id)).body).toMatchObject({ status: "paid", due: 0 });
    } finally {
      fake.state.webhookUrl = null;
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
