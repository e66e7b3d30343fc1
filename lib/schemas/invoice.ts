import { paymentTermsSchema } from "./business";
import { nameSchema, optionalText } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { INVOICE_LIMITS, INVOICE_LIST, MANUAL_PAYMENT_METHODS, PAYMENT_METHODS } from "./invoice-values";
import type { ListOptions } from "./lists";
import { PRICE_UNITS } from "./price-book-values";
import { amountSchema } from "./price-item";
import { partIdSchema, quantitySchema } from "./quote";
import { percentSchema } from "./tax-rate";
import { z } from "./z";

/**
 * An invoice as the API reads it (issue 39), in the readable form quotes use
 * (lib/schemas/quote.ts): quantities and percentages as numbers of at most three
 * decimals, amounts as integers in minor units. lib/services/invoice-content.ts turns
 * it into the stored content (lib/schemas/invoice-content.ts), every amount positive.
 */

const text = optionalText(INVOICE_LIMITS.text);
const shortText = optionalText(200);

export const invoiceLineSchema = z.strictObject({
  id: partIdSchema.optional(),
  price_item: z.uuid({ error: "validation.quote.priceItem" }).nullable().optional(),
  name: z.string().trim().normalize("NFC").max(200).optional(),
  description: text,
  quantity: quantitySchema,
  unit: z.enum(PRICE_UNITS, { error: "validation.priceItem.unit" }).optional(),
  unit_price: amountSchema.optional(),
  unit_cost: amountSchema.nullable().optional(),
  discount: z
    .union([z.strictObject({ percent: percentSchema(100) }), z.strictObject({ amount: amountSchema })], { error: "validation.quote.discount" })
    .nullable()
    .optional(),
  tax_rate: z.uuid({ error: "validation.priceItem.taxRate" }).optional(),
});

export const invoiceSectionSchema = z.strictObject({
  id: partIdSchema.optional(),
  title: z.string().trim().normalize("NFC").max(200).default(""),
  lines: z.array(invoiceLineSchema).max(INVOICE_LIMITS.lines),
});

/** A document allowance (charge: false) or charge (true) of one tax rate, as a net amount (EN 16931 BG-20/21). */
export const invoiceAllowanceSchema = z.strictObject({
  id: partIdSchema.optional(),
  charge: z.boolean({ error: "validation.trueOrFalse" }).default(false),
  reason: nameSchema,
  amount: amountSchema.refine((value) => value > 0, { error: "validation.invoice.amountPositive" }),
  tax_rate: z.uuid({ error: "validation.priceItem.taxRate" }).optional(),
});

const sections = z.array(invoiceSectionSchema).max(INVOICE_LIMITS.sections);
const allowances = z.array(invoiceAllowanceSchema).max(INVOICE_LIMITS.allowances);

type ContentInput = { sections?: z.output<typeof invoiceSectionSchema>[]; allowances?: z.output<typeof invoiceAllowanceSchema>[] };

/** Every id given once in the whole invoice; at most INVOICE_LIMITS.lines lines in all. */
const checkContent = (content: ContentInput, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  let lines = 0;
  const check = (id: string | undefined, path: (string | number)[]) => {
    if (id === undefined) return;
    if (seen.has(id)) ctx.addIssue({ code: "custom", path, message: "validation.quote.idTwice", params: { id } });
    seen.add(id);
  };
  content.sections?.forEach((section, s) => {
    check(section.id, ["sections", s, "id"]);
    section.lines.forEach((line, l) => {
      lines += 1;
      check(line.id, ["sections", s, "lines", l, "id"]);
    });
  });
  content.allowances?.forEach((allowance, a) => check(allowance.id, ["allowances", a, "id"]));
  if (lines > INVOICE_LIMITS.lines) ctx.addIssue({ code: "custom", path: ["sections"], message: "validation.quote.lines", params: { max: INVOICE_LIMITS.lines } });
};

const reference = z.uuid({ error: "validation.param.id" });

/** What every invoice's header may say, on create as on update. */
const header = {
  site: reference.nullable().optional(),
  owner: reference.optional(),
  title: nameSchema.optional(),
  notes: text,
  payment_terms_days: paymentTermsSchema.optional(),
  buyer_reference: shortText,
  purchase_order: shortText,
  /** Its automatic payment reminders (before and after the due date); may be switched once issued too. */
  reminders: z.boolean({ error: "validation.trueOrFalse" }).optional(),
};

/**
 * Create: `blank` with the customer and lines given; `quote`, an approved quote's chosen
 * lines less the deposit invoices already issued; `deposit`, a quote's deposit; `project`,
 * the lines agreed for a project.
 */
export const invoiceCreateSchema = z
  .discriminatedUnion(
    "from",
    [
      z.strictObject({ from: z.literal("blank"), customer: reference, project: reference.nullable().optional(), ...header, sections: sections.default([]), allowances: allowances.default([]) }),
      z.strictObject({ from: z.literal("quote"), quote: reference, ...header }),
      z.strictObject({ from: z.literal("deposit"), quote: reference, ...header }),
      z.strictObject({ from: z.literal("project"), project: reference, ...header }),
    ],
    { error: "validation.invoice.from" },
  )
  .superRefine((input, ctx) => {
    if (input.from === "blank") checkContent(input, ctx);
  });

export const invoiceUpdateSchema = z
  .strictObject({ ...header, sections: sections.optional(), allowances: allowances.optional() })
  .superRefine((input, ctx) => checkContent(input, ctx));

/** Issue: the issue date (YYYY-MM-DD), today at the organization's zone when left out; never after today (the service's check, at the zone). */
export const invoiceIssueSchema = z.strictObject({
  issue_date: z.iso.date().optional(),
  /** Dated past its due day: whether the first overdue reminder goes now (when the organization sends them); otherwise it waits for the next. */
  remind_overdue: z.boolean().optional(),
});

/** A credit note for the whole invoice, or for some of its lines (by id). */
export const invoiceCreditSchema = z.strictObject({
  lines: z.array(partIdSchema).min(1).max(INVOICE_LIMITS.lines).optional(),
  issue_date: z.iso.date().optional(),
});

const uuids = listParam(z.uuid({ error: "validation.param.uuid" })).optional();

const invoiceListQuery = listQuerySchema(INVOICE_LIST).extend({ customer: uuids, project: uuids, quote: uuids });

/** The invoices list; its search is also read as `q`. Both at once are refused rather than one silently winning. */
export const invoiceListQuerySchema = z
  .preprocess((query, ctx) => {
    if (typeof query !== "object" || query === null || !("q" in query)) return query;
    const { q, ...rest } = query as Record<string, unknown>;
    if ("search" in rest) {
      ctx.addIssue({ code: "custom", path: ["q"], message: "validation.quote.searchTwice" });
      return rest;
    }
    return { ...rest, search: q };
  }, invoiceListQuery)
  .meta({ "x-aliases": { q: "search" } });

export const PAYMENT_LIST = {
  statuses: PAYMENT_METHODS,
  defaultStatus: [...PAYMENT_METHODS],
  sorts: ["paid_on", "created", "amount"],
  defaultSort: "paid_on",
} as const satisfies ListOptions;

/** Payments of an invoice or of a customer (or every one the session sees), newest first; `method` filters. */
export const paymentListQuerySchema = listQuerySchema(PAYMENT_LIST)
  .omit({ status: true, search: true })
  .extend({ invoice: uuids, customer: uuids, method: listParam(z.enum(PAYMENT_METHODS, { error: "validation.param.oneOf" })).optional() });

/** A payment recorded by hand: more than nothing, and no more than the invoice has left to pay. */
export const paymentCreateSchema = z.strictObject({
  invoice: reference,
  amount: amountSchema.refine((value) => value > 0, { error: "validation.invoice.amountPositive" }),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: "validation.invoice.method" }),
  paid_on: z.iso.date().optional(),
  reference: shortText,
});

export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;
export type InvoiceLineInput = z.output<typeof invoiceLineSchema>;
export type InvoiceSectionInput = z.output<typeof invoiceSectionSchema>;
export type InvoiceAllowanceInput = z.output<typeof invoiceAllowanceSchema>;
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

/** Sending an issued invoice to its customer: as a quote is sent (channel, address, subject, message). */
export { quoteSendSchema as invoiceSendSchema } from "./quote";

/** The e-invoice formats downloadable: Factur-X (PDF/A-3 with CII), XRechnung (CII), Peppol BIS 3 (UBL). */
export const invoiceEinvoiceQuerySchema = z.strictObject({
  format: z.enum(["facturx", "xrechnung", "ubl"], { error: "validation.invoice.einvoiceFormat" }),
});
