import "server-only";
import { stripeConfigured } from "@/lib/server/stripe";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { DEFAULT_LOCALE, isLocale, type AppLocale } from "@/lib/i18n/locales";
import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import { INVOICE_OPEN_STATUSES, type InvoiceStatus } from "@/lib/schemas/invoice-values";
import { notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { PUBLIC_LINK_RESOURCE } from "@/lib/server/public-link";
import type { PublicActor } from "@/lib/server/public-route";
import type { InvoiceRow } from "@/lib/entities/invoice";
import { readableInvoice } from "@/lib/services/invoice-content";

/**
 * What an invoice's public page reads: the document frozen at issue, as the customer
 * reads it (never unit costs), where it stands, what is paid and what is left, and
 * whether it can be paid online.
 */

/** The one document a link opens (public-route.ts). */
export type LinkedInvoice = { organizationId: string; documentId: string };

/** The issued invoice a link opens; a link to an invoice that is gone, or never issued, reads as no link. */
export async function linkedInvoice(db: Db, linked: LinkedInvoice): Promise<InvoiceRow & { document: InvoiceDocument }> {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.organizationId, linked.organizationId), eq(invoice.id, linked.documentId)));
  if (!row || !row.document || row.status === "draft") throw notFound(PUBLIC_LINK_RESOURCE);
  return row as InvoiceRow & { document: InvoiceDocument };
}

/** The language of the invoice a link opens, which its page and the page's answers speak. */
export async function publicInvoiceLanguage(db: Db, linked: LinkedInvoice): Promise<AppLocale> {
  const { document } = await linkedInvoice(db, linked);
  return isLocale(document.language) ? document.language : DEFAULT_LOCALE;
}

/** The document as the customer reads it: without unit costs. */
export const customerInvoiceDocument = (document: InvoiceDocument): InvoiceDocument => ({
  ...document,
  content: { ...document.content, sections: document.content.sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, unit_cost: null })) })) },
});

/** Whether the customer may pay online now: Stripe set up, the invoice waiting for money, something left to pay. */
export function onlinePayment(row: Pick<InvoiceRow, "status" | "due">): boolean {
  return stripeConfigured() && (INVOICE_OPEN_STATUSES as readonly string[]).includes(row.status) && row.due > 0;
}

/**
 * The first time the customer opens the invoice it is viewed: when, with its history
 * entry (by nobody: the customer opened it). The condition in the statement settles two
 * first opens at once.
 */
async function markViewed(db: Db, row: InvoiceRow, actor: PublicActor) {
  if (row.viewedAt) return;
  await db.transaction(async (tx) => {
    const [viewed] = await tx
      .update(invoice)
      .set({ viewedAt: actor.at })
      .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id), isNull(invoice.viewedAt)))
      .returning({ id: invoice.id });
    if (!viewed) return;
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: "invoice",
      entityId: row.id,
      memberId: null,
      action: "updated",
      changes: { viewed: [null, actor.at.toISOString()] },
    });
  });
}

export type PublicInvoice = {
  document: InvoiceDocument;
  status: InvoiceStatus;
  paid: number;
  due: number;
  onlinePayment: boolean;
};

/** The invoice a link opens as its page shows it; the first opening marks it viewed. */
export async function openPublicInvoice(db: Db, linked: LinkedInvoice, actor: PublicActor): Promise<PublicInvoice> {
  const row = await linkedInvoice(db, linked);
  await markViewed(db, row, actor);
  return { document: customerInvoiceDocument(row.document), status: row.status, paid: row.paid, due: row.due, onlinePayment: onlinePayment(row) };
}

/** GET /api/api/public/invoice/{token}: the page's invoice in the API's readable form. */
export function publicInvoiceView(view: PublicInvoice) {
  const { content, seller, prepayments, ...header } = view.document;
  const { logo_file: logoFile, ...business } = seller;
  const readable = readableInvoice(content, header.currency, prepayments);
  return {
    ...header,
    seller: { ...business, logo: logoFile !== null },
    sections: readable.sections.map((section) => ({
      ...section,
      lines: section.lines.map(({ unit_cost: _cost, price_item: _item, source: _source, tax: { id: _rate, ...tax }, ...line }) => ({ ...line, tax })),
    })),
    allowances: readable.allowances.map(({ tax: { id: _rate, ...tax }, ...allowance }) => ({ ...allowance, tax })),
    totals: readable.totals,
    prepayments: prepayments.map(({ invoice: _id, ...prepayment }) => prepayment),
    status: view.status,
    paid: view.paid,
    amount_due: view.due,
    online_payment: view.onlinePayment,
  };
}
