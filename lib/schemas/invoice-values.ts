import type { ListOptions } from "./lists";

// Plain values of invoices and payments, shared by the database schema, the API and the screens (no zod here).

/**
 * draft: being written, no number; issued: numbered and frozen; sent: given to the customer;
 * partly_paid, paid: by the payments recorded; overdue: past its due date unpaid (a job);
 * void: a draft dropped, or an issued invoice taken back in full by a credit note.
 */
export const INVOICE_STATUSES = ["draft", "issued", "sent", "partly_paid", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Statuses of an issued invoice that still waits for money: payments are taken, the overdue job looks at them. */
export const INVOICE_OPEN_STATUSES = ["issued", "sent", "partly_paid", "overdue"] as const satisfies readonly InvoiceStatus[];

/** Statuses the overdue job moves to overdue once the due date has passed. */
export const INVOICE_OVERDUE_FROM = ["issued", "sent", "partly_paid"] as const satisfies readonly InvoiceStatus[];

export const PAYMENT_METHODS = ["bank_transfer", "cash", "card", "cheque", "stripe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods staff record by hand; Stripe payments come from its webhook. */
export const MANUAL_PAYMENT_METHODS = ["bank_transfer", "cash", "card", "cheque"] as const satisfies readonly PaymentMethod[];

/** What the customer gets as e-invoice: none, Factur-X (PDF/A-3 with CII), XRechnung (CII), Peppol BIS 3 (UBL). */
export const EINVOICE_FORMATS = ["none", "facturx", "xrechnung", "ubl"] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

/** Bounds of an invoice's content, as a quote's. */
export const INVOICE_LIMITS = { sections: 30, lines: 300, allowances: 20, text: 2000, termsDays: 365 } as const;

/** Days to pay when the organization names none. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

/** Invoices: every status, newest first. */
export const INVOICE_LIST = {
  statuses: INVOICE_STATUSES,
  defaultStatus: [...INVOICE_STATUSES],
  sorts: ["created", "updated", "number", "total", "due", "due_date", "issue_date"],
  defaultSort: "created",
} as const satisfies ListOptions;
