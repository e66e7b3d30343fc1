import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { DEFAULT_LOCALE, isLocale, type AppLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { INVOICE_OPEN_STATUSES } from "@/lib/schemas/invoice-values";
import { ApiError, conflict, notFound } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { requestOrigin } from "@/lib/server/request-info";
import { stripeClient, stripeConfig } from "@/lib/server/stripe";
import type { InvoiceRow } from "@/lib/entities/invoice";

/*
 * Paying an invoice by card from its public page (issue 39): a Stripe Checkout
 * Session for what is due, in the invoice's currency. Stripe sends the customer back
 * to the page; the payment itself is recorded by the webhook (./webhook.ts), which is
 * the only proof that money came.
 */

type Linked = { organizationId: string; documentId: string };

async function linkedInvoice(db: Db, linked: Linked): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.organizationId, linked.organizationId), eq(invoice.id, linked.documentId)));
  if (!row) throw notFound("Invoice");
  return row;
}

/** The language of the invoice as issued (its page speaks it), else the default. */
export const invoiceLanguage = (row: Pick<InvoiceRow, "document">): AppLocale =>
  isLocale(row.document?.language) ? row.document.language : DEFAULT_LOCALE;

/** Whether the invoice takes a card payment now (Stripe configured aside): issued, not paid in full, not a credit note. */
export const payableOnline = (row: Pick<InvoiceRow, "kind" | "status" | "due">) =>
  row.kind !== "credit_note" && (INVOICE_OPEN_STATUSES as readonly string[]).includes(row.status) && row.due > 0;

const unavailable = () => new ApiError(503, "errors.stripe.unavailable", {}, { "Retry-After": "30" });

/**
 * POST /public/invoice/{token}/checkout: a Checkout Session for the amount due, its URL
 * answered. The idempotency key is the invoice, the amount and the page: asked again
 * (a double click, a second tab) Stripe answers the same session; once a payment
 * changed what is due, a new one.
 */
export async function startCheckout(db: Db, req: Request, token: string, linked: Linked, answerIn: (locale: AppLocale) => void): Promise<{ url: string }> {
  const row = await linkedInvoice(db, linked);
  const language = invoiceLanguage(row);
  answerIn(language);
  const config = stripeConfig();
  if (!config) throw conflict("errors.stripe.notConfigured");
  if (!payableOnline(row) || !row.number) throw conflict("errors.stripe.notPayable");
  const page = `${requestOrigin(req)}/p/invoice/${encodeURIComponent(token)}`;
  const successUrl = `${page}?paid=1`;
  const pageHash = crypto.createHash("sha256").update(page).digest("base64url").slice(0, 16);
  const t = translatorFor(language);
  let session;
  try {
    session = await stripeClient(config).checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: row.currency.toLowerCase(), unit_amount: row.due, product_data: { name: t("stripe.checkoutLine", { number: row.number }) } },
          },
        ],
        client_reference_id: row.id,
        metadata: { organization_id: row.organizationId, invoice_id: row.id, invoice_number: row.number },
        payment_intent_data: { metadata: { organization_id: row.organizationId, invoice_id: row.id } },
        locale: language.slice(0, 2) as "en" | "de" | "fr",
        success_url: successUrl,
        cancel_url: page,
      },
      { idempotencyKey: `invoice-checkout:${row.id}:${row.due}:${pageHash}` },
    );
  } catch (error) {
    log().error({ err: error, invoice: row.id }, "Stripe did not create a Checkout Session");
    throw unavailable();
  }
  if (!session.url) throw unavailable();
  return { url: session.url };
}
