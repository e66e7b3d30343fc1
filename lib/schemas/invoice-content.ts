import type { Minor } from "@/lib/money/decimal";
import type { DocumentAddress, DocumentBuyer, DocumentSeller, QuoteDiscount, QuoteLineTax } from "./quote-content";

/**
 * An invoice's (or credit note's) content as stored (invoice.content, and frozen in
 * invoice.document when issued): integers only, in minor units, thousandths and
 * thousandths of a percent (ARCHITECTURE.md §8a), as a quote's content is. Ids of
 * sections, lines and allowances are short texts ([A-Za-z0-9_-], at most 40), unique
 * within the invoice. Every amount is positive, a credit note's too: its kind says it
 * takes back.
 */

export const INVOICE_KINDS = ["invoice", "deposit", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A line's tax rate as it was when the line was written (a copy: the rate may change later, the invoice does not). */
export type InvoiceLineTax = QuoteLineTax;

/** Where a line came from, so that what was invoiced is known: a quote's line, a project's agreed line, a visit's time or material. */
export type InvoiceLineSource = { kind: "quote_line" | "project_line" | "visit"; id: string };

export type InvoiceLine = {
  id: string;
  price_item: string | null;
  name: string;
  description: string | null;
  quantity: number;
  /** A price unit (lib/schemas/price-book-values.ts PRICE_UNITS). */
  unit: string;
  unit_price: Minor;
  /** Never shown to the customer. */
  unit_cost: Minor | null;
  /** A line allowance (EN 16931 BG-27): an amount or a percentage off quantity × price. */
  discount: QuoteDiscount | null;
  tax: InvoiceLineTax;
  source: InvoiceLineSource | null;
};

/** Lines under a heading, with a subtotal; a section with an empty title is printed without one. */
export type InvoiceSection = { id: string; title: string; lines: InvoiceLine[] };

/**
 * An allowance off (or a charge on) the whole document (EN 16931 BG-20 / BG-21), such as a
 * loyalty discount or a call-out fee: a net amount of one tax rate, which lowers (raises)
 * that rate's taxable amount.
 */
export type InvoiceAllowance = { id: string; charge: boolean; reason: string; amount: Minor; tax: InvoiceLineTax };

export type InvoiceContent = { sections: InvoiceSection[]; allowances: InvoiceAllowance[] };

/** A deposit invoice whose gross this invoice deducts (EN 16931 BT-113, the paid amount). */
export type InvoicePrepayment = { invoice: string; number: string; issued: string; amount: Minor };

/** How the customer is asked to pay: the seller's bank account (BG-16/BG-17), the terms in words (BT-20). */
export type InvoiceBank = { iban: string; bic: string | null } | { account_number: string; sort_code: string };

/**
 * An invoice as it was issued, frozen (invoice.document): everything its PDF, public page
 * and e-invoices print, so that all three are reproducible from it alone. Totals are not
 * stored: lib/money/invoice-totals.ts computes them from `content` and `prepayments`,
 * the same every time.
 */
export type InvoiceDocument = {
  kind: InvoiceKind;
  number: string;
  /** YYYY-MM-DD at the organization's zone: the issue date (BT-2) and the payment due date (BT-9). */
  issued: string;
  due: string | null;
  /** The day the work was done or delivered (BT-72), when known: the last completed visit's. */
  delivered: string | null;
  currency: string;
  /** The language the customer reads (BCP 47, one of the app's locales). */
  language: string;
  title: string;
  notes: string | null;
  /** Payment terms in words (BT-20), e.g. "Payable within 14 days". */
  payment_terms: string | null;
  /** The buyer's reference (BT-10; XRechnung requires it) and purchase order (BT-13). */
  buyer_reference: string | null;
  purchase_order: string | null;
  seller: DocumentSeller & { bank: InvoiceBank | null };
  buyer: DocumentBuyer & { vat_number: string | null };
  /** Where the work was done (the deliver-to address, BG-15), when it is not the buyer's own address. */
  site: (DocumentAddress & { name: string | null }) | null;
  content: InvoiceContent;
  prepayments: InvoicePrepayment[];
  /** A credit note's invoice (BG-3, the preceding invoice reference). */
  corrects: { number: string; issued: string } | null;
  /** The quote the invoice bills, by its number, when there is one. */
  quote: string | null;
};
