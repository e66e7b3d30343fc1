import { optionsOf } from "@/components/browse/common-filters";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { INVOICE_STATUSES, MANUAL_PAYMENT_METHODS, type InvoiceStatus, type PaymentMethod } from "@/lib/schemas/invoice-values";
import type { InvoiceListView, PaymentView } from "@/lib/entities/invoice";
import type { getInvoice } from "@/lib/services/invoice";

/** An invoice as GET /invoice/{id} answers it: its header, lines with their nets, totals, deductions and credit notes. */
export type InvoiceItem = Jsonify<Awaited<ReturnType<typeof getInvoice>>>;

/** An invoice as GET /invoice lists it: the header and figures, no lines. */
export type InvoiceListItem = Jsonify<InvoiceListView>;

export type PaymentItem = Jsonify<PaymentView>;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "invoice.status.draft",
  issued: "invoice.status.issued",
  sent: "invoice.status.sent",
  partly_paid: "invoice.status.partly_paid",
  paid: "invoice.status.paid",
  overdue: "invoice.status.overdue",
  void: "invoice.status.void",
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: "gray",
  issued: "blue",
  sent: "cyan",
  partly_paid: "yellow",
  paid: "green",
  overdue: "red",
  void: "gray",
};

export const INVOICE_STATUS_OPTIONS = optionsOf(INVOICE_STATUSES, INVOICE_STATUS_LABELS);

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: "invoice.method.bank_transfer",
  cash: "invoice.method.cash",
  card: "invoice.method.card",
  cheque: "invoice.method.cheque",
  stripe: "invoice.method.stripe",
};

export const MANUAL_METHOD_OPTIONS = optionsOf(MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

/** Statuses of an issued invoice that still waits for money (payments are taken). */
export const PAYABLE: readonly InvoiceStatus[] = ["issued", "sent", "partly_paid", "overdue"];

/** Statuses from which an invoice may be credited. */
export const CREDITABLE: readonly InvoiceStatus[] = ["issued", "sent", "partly_paid", "paid", "overdue"];
