import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { invoice } from "@/db/schema/invoice";
import { wordsFor } from "@/lib/i18n/messages";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/money/format";
import type { invoiceSendSchema } from "@/lib/schemas/invoice";
import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import type { InvoiceStatus } from "@/lib/schemas/invoice-values";
import type { z } from "@/lib/schemas/z";
import { appOrigin } from "@/lib/server/app-origin";
import { now } from "@/lib/server/clock";
import { conflict } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { createPublicLink, revokePublicLinks } from "@/lib/server/public-link";
import { getItem, lockEditable } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { invoiceEntity, type InvoiceRow } from "@/lib/entities/invoice";
import { attachToMessage, sendRecipient, writeDocumentMessage } from "./document-send";
import { getInvoice } from "./invoice";
import { einvoiceOf, invoiceAttachments } from "./invoice-files";
import { queueDelivery } from "./messaging/delivery";

/**
 * Sending an issued invoice (POST /invoice/{id}/send), as a quote is sent
 * (quote-send.ts, through the same pieces of document-send.ts): in one transaction the
 * invoice is marked sent, its older links end and a new one is made, and the message
 * with the amount due, the due date and the link is written into the customer's
 * conversation on that channel. Once that has committed, an email's files are rendered
 * and attached (the PDF, and the customer's e-invoice format), then it is delivered.
 */

type SendInput = z.output<typeof invoiceSendSchema>;

/** Statuses an invoice is sent (again) from: issued and still waiting for money. */
const SENDABLE: readonly InvoiceStatus[] = ["issued", "sent", "partly_paid", "overdue"];

/** The customer's page of an invoice, the link an email and the PDF give to pay it. */
export const invoiceLinkUrl = (token: string) => `${appOrigin()}/p/invoice/${token}`;

/** A new link to the invoice, the older ones ended: one link at a time is live. Invoice links do not expire. */
export async function freshInvoiceLink(tx: Db, row: Pick<InvoiceRow, "id" | "organizationId">) {
  await revokePublicLinks(tx, row.organizationId, "invoice", row.id);
  const { token } = await createPublicLink(tx, { organizationId: row.organizationId, kind: "invoice", documentId: row.id, expiresAt: null });
  return { token, url: invoiceLinkUrl(token) };
}

const day = (language: string, value: string) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));

/** The subject and text sent, in the customer's language, unless the sender wrote their own. */
function messageTexts(document: InvoiceDocument, due: number, input: SendInput, url: string) {
  const language = isLocale(document.language) ? document.language : DEFAULT_LOCALE;
  const words = wordsFor(language);
  const values = {
    kind: document.kind,
    number: document.number,
    title: document.title,
    business: document.seller.legal_name ?? document.seller.name,
    name: document.buyer.name,
    link: url,
    amount: formatMoney(due, document.currency, language),
    date: document.due ? day(language, document.due) : "",
  };
  const dueLine = due <= 0 ? "" : document.due ? words("invoiceSend.dueBy", values) : words("invoiceSend.dueNow", values);
  const subject = input.subject || words("invoiceSend.subject", values);
  if (input.message) return { subject, content: `${input.message}\n\n${words("invoiceSend.linkLine", values)}` };
  const content = input.channel === "email" ? words("invoiceSend.email", { ...values, dueLine }) : words("invoiceSend.sms", { ...values, dueLine });
  return { subject, content: content.replace(/\n{3,}/g, "\n\n").replace(/ {2,}/g, " ") };
}

export async function sendInvoice(db: Db, session: SessionContext, id: string, input: SendInput) {
  await getItem(db, session, invoiceEntity, id);
  const done = await db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, invoiceEntity, id);
    if (!SENDABLE.includes(row.status) || !row.document) throw conflict("errors.invoice.notSendable");
    const document = row.document;
    const to = await sendRecipient(tx, row.organizationId, row.customerId, input.channel, input.to);
    const [buyer] = await tx
      .select({ format: customer.einvoiceFormat })
      .from(customer)
      .where(and(eq(customer.organizationId, row.organizationId), eq(customer.id, row.customerId)));
    const format = input.channel === "email" ? (buyer?.format ?? "none") : "none";
    // What the e-invoice lacks is said now, before anything is sent without it.
    if (format !== "none") einvoiceOf(document, format);
    const at = now();
    const status: InvoiceStatus = row.status === "issued" ? "sent" : row.status;
    await tx
      .update(invoice)
      .set({ status, sentAt: at, updatedAt: at, ...(status !== row.status && { statusChanged: at }) })
      .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id)));
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: invoiceEntity.type,
      entityId: row.id,
      memberId: session.memberId,
      action: "updated",
      changes: { ...(status !== row.status && { status: [row.status, status] }), sent: [input.channel, to] },
    });
    const link = await freshInvoiceLink(tx, row);
    const { subject, content } = messageTexts(document, row.due, input, link.url);
    const written = await writeDocumentMessage(tx, session, { organizationId: row.organizationId, customerId: row.customerId, channel: input.channel, to, subject, content });
    return { written, document, format, url: link.url, organizationId: row.organizationId };
  });
  const { written, document, format } = done;
  if (input.channel === "email") {
    await attachToMessage(db, session, written.id, `invoice ${id}`, () => invoiceAttachments({ organizationId: done.organizationId, document, payUrl: done.url }, format));
  }
  if (written.delivery === "queued") await queueDelivery(written.id);
  return { ...(await getInvoice(db, session, id)), message: { id: written.id, conversation: written.conversationId } };
}
