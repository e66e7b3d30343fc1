import { z } from "@/lib/schemas/z";
import { INVOICE_KINDS } from "@/lib/schemas/invoice-content";
import { INVOICE_STATUSES } from "@/lib/schemas/invoice-values";
import type { Operation } from "./operations";
import { invoiceView } from "./views";

/** The customer's public page of an invoice (lib/services/invoice-public/view.ts `publicInvoiceView`), as the API document describes it. */

const address = { line1: z.string().nullable(), line2: z.string().nullable(), zip: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() };
const minor = (description = "Minor units of the invoice's currency (cents)") => z.int().meta({ description });
const lines = invoiceView.shape.sections.element.shape.lines.element.omit({ price_item: true, unit_cost: true, source: true });
const tax = lines.shape.tax.omit({ id: true });
const bank = z.union([z.object({ iban: z.string(), bic: z.string().nullable() }), z.object({ account_number: z.string(), sort_code: z.string() })]).nullable();

export const publicInvoiceView = z.object({
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issued: z.iso.date(),
  due: z.iso.date().nullable(),
  delivered: z.iso.date().nullable(),
  currency: z.string(),
  language: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  payment_terms: z.string().nullable(),
  buyer_reference: z.string().nullable(),
  purchase_order: z.string().nullable(),
  seller: z.object({
    ...address,
    name: z.string(),
    legal_name: z.string().nullable(),
    tax_id: z.string().nullable(),
    registration: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    bank,
    logo: z.boolean().meta({ description: "Whether GET …/logo answers the business's logo" }),
  }),
  buyer: z.object({ ...address, name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), vat_number: z.string().nullable() }),
  site: z.object({ ...address, name: z.string().nullable() }).nullable(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), net: minor(), lines: z.array(lines.extend({ tax })) })),
  allowances: z.array(z.object({ id: z.string(), charge: z.boolean(), reason: z.string(), amount: minor(), tax })),
  totals: invoiceView.shape.totals,
  prepayments: z.array(z.object({ number: z.string(), issued: z.iso.date(), amount: minor() })),
  corrects: z.object({ number: z.string(), issued: z.string() }).nullable(),
  quote: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  paid: minor("The sum of payments recorded"),
  amount_due: minor("What is left to pay: gross less deposits deducted, payments and credit notes"),
  online_payment: z.boolean().meta({ description: "Whether POST …/checkout starts a card payment: Stripe is set up, the invoice waits for money and something is due" }),
});

const PUBLIC =
  "No session: the token in the address is the only credential, and it opens this one invoice and nothing else of the organization. Rate limited per link and per client address; answers carry `X-Robots-Tag: noindex`.";

export const PUBLIC_INVOICE_OPERATIONS: Record<string, Operation> = {
  "GET /public/invoice/[token]": {
    summary: "An invoice as its customer reads it on the public page",
    description: `The document frozen at issue (never unit costs), its totals, the deposits deducted, what is paid, what is due, and whether it can be paid online (\`online_payment\`). The first opening marks the invoice viewed. ${PUBLIC}`,
    response: publicInvoiceView,
    errors: [429],
  },
  "GET /public/invoice/[token]/pdf": {
    summary: "The invoice as a PDF, from its public page",
    description: `The document as issued, in its language. ${PUBLIC}`,
    response: "binary",
    errors: [429],
  },
  "GET /public/invoice/[token]/logo": {
    summary: "The business's logo on the invoice's public page",
    description: `The logo the issued document names; 404 when it has none. ${PUBLIC}`,
    response: "binary",
    errors: [429],
  },
};
