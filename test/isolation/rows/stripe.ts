import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { payment } from "@/db/schema/invoice";
import { createPublicLink } from "@/lib/server/public-link";
import { notFound } from "@/test/answers";
import { makeCustomer } from "@/test/conversations";
import { start } from "@/test/fakes/stripe";
import { blankBody, created, issued } from "@/test/invoices";
import { refusedWrite, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";
import { organizationRows } from "@/test/organization-rows";
import { checkout, postStripe, signStripePayload, STRIPE, stripeEvent, useStripeEnv } from "@/test/stripe";

const NO_MEMBER_ACTS = "no member acts: the customer's link (or Stripe's signature) is the only credential, and a session cookie sent along is not even loaded";
const BAD_SIGNATURE = {
  status: 400,
  message: "The Stripe signature is missing or wrong",
  errors: [{ path: "", message: "The Stripe signature is missing or wrong" }],
};

type Fake = Awaited<ReturnType<typeof start>>;

/** Runs `check` with Stripe configured against a fake started for it, then restores the environment. */
const withStripe = (check: (w: World, fake: Fake) => Promise<void>) => async (w: World) => {
  const fake = await start(0, { webhookSecret: STRIPE.webhookSecret });
  const restore = useStripeEnv(fake.url);
  try {
    await check(w, fake);
  } finally {
    restore();
    await fake.close();
  }
};

/** An issued invoice of the organization the cookie signs in to, with a live link. */
async function issuedInvoice(cookie: string, organizationId: string) {
  const customer = await makeCustomer(cookie, { name: "Stripe Payer" });
  const invoice = await issued(cookie, (await created(cookie, blankBody(customer.id))).id);
  const db = await getDb();
  const { token } = await createPublicLink(db, { organizationId, kind: "invoice", documentId: invoice.id, expiresAt: null });
  return { id: invoice.id as string, due: invoice.due as number, currency: invoice.currency as string, token };
}

const sessionOf = (fake: Fake, url: string) => fake.state.sessions.get(url.split("/").at(-1)!)!;

/** A paid Checkout Session naming an organization and an invoice, as Stripe posts it. */
function paidEvent(organizationId: string, invoice: { id: string; due: number; currency: string }) {
  const id = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
  return stripeEvent("checkout.session.completed", {
    id,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: invoice.due,
    currency: invoice.currency.toLowerCase(),
    client_reference_id: invoice.id,
    metadata: { organization_id: organizationId, invoice_id: invoice.id },
    payment_intent: `pi_${id.slice(8, 32)}`,
  });
}

async function paymentsOf(organizationId: string, invoiceId: string) {
  const db = await getDb();
  return db.select().from(payment).where(and(eq(payment.organizationId, organizationId), eq(payment.invoiceId, invoiceId)));
}

/** Paying by card: the link names the organization and invoice of a checkout; the webhook finds an invoice only together with its organization. */
export const stripeRows: Row[] = [
  {
    method: "POST",
    route: "/public/invoice/[token]/checkout",
    cases: {
      "no session": withStripe(async (w, fake) => {
        // Without a session (how a customer calls) A's link pays A's invoice, and nothing of B changes.
        const invoice = await issuedInvoice(w.a.cookie, w.a.organizationId);
        const bRows = await organizationRows([w.b.organizationId]);
        const res = await checkout(invoice.token);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(sessionOf(fake, res.body.url).metadata).toEqual({ organization_id: w.a.organizationId, invoice_id: invoice.id, invoice_number: expect.any(String) });
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
        await refusedWrite(w, "unknown link", notFound("Link"), () => checkout("Z".repeat(43)));
      }),
      "other organization": withStripe(async (w, fake) => {
        // B's link is B's invoice's checkout, whatever else exists in A.
        await issuedInvoice(w.a.cookie, w.a.organizationId);
        const bInvoice = await issuedInvoice(w.outsider.cookie, w.b.organizationId);
        const aRows = await organizationRows([w.a.organizationId]);
        const res = await checkout(bInvoice.token);
        expect(res.status).toBe(201);
        expect(sessionOf(fake, res.body.url)).toMatchObject({ client_reference_id: bInvoice.id, metadata: { organization_id: w.b.organizationId, invoice_id: bInvoice.id } });
        expect(await organizationRows([w.a.organizationId])).toEqual(aRows);
      }),
      "location cannot see": "no member or location acts: the link opens its one invoice, whatever the location",
      "view-only": "no member acts, so no sharing level applies; the customer may only pay what the link opens",
      "missing privilege": NO_MEMBER_ACTS,
    },
  },
  {
    method: "POST",
    route: "/webhook/stripe",
    cases: {
      "no session": withStripe(async (w) => {
        const invoice = await issuedInvoice(w.a.cookie, w.a.organizationId);
        const bRows = await organizationRows([w.b.organizationId]);
        const payload = paidEvent(w.a.organizationId, invoice);
        await refusedWrite(w, "unsigned", BAD_SIGNATURE, () => postStripe(payload, { signature: null }));
        await refusedWrite(w, "signed with another secret", BAD_SIGNATURE, () => postStripe(payload, { signature: signStripePayload(payload, "whsec_other") }));
        const res = await postStripe(payload);
        expect(res.body).toEqual({ received: true, recorded: true });
        expect(await paymentsOf(w.a.organizationId, invoice.id)).toHaveLength(1);
        expect(await organizationRows([w.b.organizationId])).toEqual(bRows);
      }),
      "other organization": withStripe(async (w) => {
        // A session naming B's organization with A's invoice (or the reverse) finds no invoice: nothing is written anywhere.
        const aInvoice = await issuedInvoice(w.a.cookie, w.a.organizationId);
        const bInvoice = await issuedInvoice(w.outsider.cookie, w.b.organizationId);
        const before = await organizationRows([w.a.organizationId, w.b.organizationId]);
        for (const payload of [paidEvent(w.b.organizationId, aInvoice), paidEvent(w.a.organizationId, bInvoice)]) {
          const res = await postStripe(payload);
          expect(res.body).toEqual({ received: true, recorded: false });
        }
        expect(await organizationRows([w.a.organizationId, w.b.organizationId])).toEqual(before);
      }),
      "location cannot see": "no member or location acts: Stripe's signature is the credential, and the session's metadata names organization and invoice together",
      "view-only": "no member acts, so no sharing level applies",
      "missing privilege": NO_MEMBER_ACTS,
    },
  },
];
