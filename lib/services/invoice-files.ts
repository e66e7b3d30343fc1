import "server-only";
import { Temporal } from "temporal-polyfill";
import type { Db } from "@/db/client";
import { invoicePdf, invoicePdfMeta } from "@/lib/documents/invoice-pdf";
import { einvoiceGaps, einvoiceXml, type EinvoiceFormat, type EinvoiceGap } from "@/lib/einvoice/index";
import { facturxPdf } from "@/lib/einvoice/facturx";
import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import type { EinvoiceFormat as CustomerEinvoiceFormat } from "@/lib/schemas/invoice-values";
import { ApiError, conflict, type Phrase } from "@/lib/server/errors";
import { readStoredFile } from "@/lib/server/storage";
import type { SessionContext } from "@/lib/server/session";
import type { InvoiceRow } from "@/lib/entities/invoice";
import { documentResponse, type Attachment } from "./document-send";
import { visibleInvoice } from "./invoice";
import { invoiceDocument } from "./invoice-issue";
import { todayAt } from "./quote";
import { businessTimeZone } from "./site";

/**
 * An invoice's files: its PDF (a draft's marked DRAFT, from its current content; an issued
 * one's from the document frozen at issue) and its e-invoices (Factur-X, XRechnung, UBL),
 * rendered outside any transaction that holds a lock.
 */

/** Each business term an e-invoice may miss, by the field that lacks it, in words the office reads. */
const GAP_WORDS: Record<string, string> = {
  lines: "errors.einvoice.gap.lines",
  currency: "errors.einvoice.gap.currency",
  exemption_reason: "errors.einvoice.gap.exemptionReason",
  "seller.country": "errors.einvoice.gap.sellerCountry",
  "seller.tax_id": "errors.einvoice.gap.sellerTaxId",
  "seller.registration": "errors.einvoice.gap.sellerRegistration",
  "seller.city": "errors.einvoice.gap.sellerCity",
  "seller.zip": "errors.einvoice.gap.sellerZip",
  "seller.phone": "errors.einvoice.gap.sellerPhone",
  "seller.email": "errors.einvoice.gap.sellerEmail",
  "seller.bank": "errors.einvoice.gap.sellerBank",
  "buyer.vat_number": "errors.einvoice.gap.buyerVatNumber",
  "buyer.city": "errors.einvoice.gap.buyerCity",
  "buyer.zip": "errors.einvoice.gap.buyerZip",
  "buyer.email": "errors.einvoice.gap.buyerEmail",
  "site.city": "errors.einvoice.gap.siteCity",
  "site.zip": "errors.einvoice.gap.siteZip",
  delivered: "errors.einvoice.gap.delivered",
  buyer_reference: "errors.einvoice.gap.buyerReference",
};

const FORMAT_NAMES: Record<EinvoiceFormat, string> = { facturx: "Factur-X", xrechnung: "XRechnung", ubl: "Peppol BIS Billing 3.0 (UBL)" };

/** The 409 of an e-invoice the invoice lacks data for: each missing business term in words, and the terms themselves. */
function incomplete(format: EinvoiceFormat, gaps: EinvoiceGap[]) {
  const missing: Phrase[] = gaps.map((gap) => ({ key: GAP_WORDS[gap.field] ?? "errors.einvoice.gap.other", values: { term: gap.term } }));
  return new ApiError(409, "errors.conflict", { details: "errors.einvoice.incomplete", missing: gaps.map((gap) => gap.term) }, {}, { format: FORMAT_NAMES[format], missing });
}

/** The e-invoice XML, or the 409 naming what the invoice lacks for it. */
export function einvoiceOf(document: InvoiceDocument, format: EinvoiceFormat) {
  const gaps = einvoiceGaps(document, format);
  if (gaps.length > 0) throw incomplete(format, gaps);
  return einvoiceXml(document, format);
}

/** The business's logo the document names, when it is still kept. */
async function logoOf(organizationId: string, document: InvoiceDocument) {
  const file = document.seller.logo_file;
  const bytes = file ? await readStoredFile(organizationId, file).catch(() => null) : null;
  return bytes ? new Uint8Array(bytes) : null;
}

export type InvoicePdfInput = { organizationId: string; document: InvoiceDocument; draft?: boolean; payUrl?: string | null };

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  return invoicePdf(input.document, { logo: await logoOf(input.organizationId, input.document), draft: input.draft, payUrl: input.payUrl ?? null });
}

/** The Factur-X PDF: the invoice's PDF as PDF/A-3 with its CII XML embedded as factur-x.xml. */
export async function renderFacturx(input: InvoicePdfInput): Promise<Uint8Array> {
  const { xml } = einvoiceOf(input.document, "facturx");
  return facturxPdf(await renderInvoicePdf(input), xml, invoicePdfMeta(input.document));
}

const pdfName = (document: InvoiceDocument) => `${(document.number || "draft").replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`;

/**
 * What an email of an issued invoice carries, by the customer's e-invoice format: the PDF;
 * for Factur-X the Factur-X PDF in its place; for XRechnung and UBL the PDF and the XML.
 */
export async function invoiceAttachments(input: InvoicePdfInput, format: CustomerEinvoiceFormat): Promise<Attachment[]> {
  if (format === "facturx") return [{ name: pdfName(input.document), bytes: await renderFacturx(input) }];
  const pdf: Attachment = { name: pdfName(input.document), bytes: await renderInvoicePdf(input) };
  if (format === "none") return [pdf];
  const xml = einvoiceOf(input.document, format);
  return [pdf, { name: xml.fileName, bytes: new TextEncoder().encode(xml.xml) }];
}

/** A draft's document from its current content, as it would be issued today: no number yet. */
async function draftDocument(db: Db, row: InvoiceRow): Promise<InvoiceDocument> {
  const zone = await businessTimeZone(db, row.organizationId, row.locationId);
  const issued = todayAt(zone);
  const due = row.kind === "credit_note" ? null : Temporal.PlainDate.from(issued).add({ days: row.paymentTermsDays }).toString();
  return invoiceDocument(db, row, row.number ?? "", issued.toString(), due);
}

/** GET /invoice/{id}/pdf: an issued invoice's PDF from its frozen document; a draft's from its current content, marked DRAFT. */
export async function invoicePdfResponse(db: Db, session: SessionContext, id: string): Promise<Response> {
  const row = await visibleInvoice(db, session, id);
  const draft = row.status === "draft" || !row.document;
  const document = row.document && !draft ? row.document : await draftDocument(db, row);
  const pdf = await renderInvoicePdf({ organizationId: row.organizationId, document, draft });
  return documentResponse(pdf, "application/pdf", pdfName(document));
}

/** GET /invoice/{id}/einvoice?format=: an issued invoice's e-invoice (409 for a draft, or naming what it lacks). */
export async function invoiceEinvoiceResponse(db: Db, session: SessionContext, id: string, format: EinvoiceFormat): Promise<Response> {
  const row = await visibleInvoice(db, session, id);
  if (row.status === "draft" || !row.document) throw conflict("errors.einvoice.draft");
  const document = row.document;
  if (format === "facturx") {
    const pdf = await renderFacturx({ organizationId: row.organizationId, document });
    return documentResponse(pdf, "application/pdf", pdfName(document), "attachment");
  }
  const xml = einvoiceOf(document, format);
  return documentResponse(xml.xml, "application/xml; charset=utf-8", xml.fileName, "attachment");
}
