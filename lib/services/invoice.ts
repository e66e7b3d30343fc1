import "server-only";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { invoice } from "@/db/schema/invoice";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { quote } from "@/db/schema/quote";
import { site } from "@/db/schema/site";
import { organizationCurrency } from "@/lib/money/currency";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import type { invoiceCreateSchema, InvoiceLineInput, invoiceListQuerySchema, invoiceUpdateSchema } from "@/lib/schemas/invoice";
import type { InvoiceContent, InvoiceKind, InvoicePrepayment } from "@/lib/schemas/invoice-content";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "@/lib/schemas/invoice-values";
import type { z } from "@/lib/schemas/z";
import { accessLevel } from "@/lib/server/access";
import { conflict, forbidden, invalidAt } from "@/lib/server/errors";
import { readHistory } from "@/lib/server/history";
import { createItem, getItem, listResponse, requireReference, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity } from "@/lib/entities/customer";
import { invoiceBaseView, invoiceEntity, invoiceListEntity, type InvoiceRow } from "@/lib/entities/invoice";
import { projectEntity } from "@/lib/entities/project";
import { quoteEntity } from "@/lib/entities/quote";
import { canonicalJson } from "./canonical-json";
import { readableInvoice, storedInvoiceContent } from "./invoice-content";
import { contentFromProject, contentFromQuote, depositContent, depositLanguage, prepaymentsOf, prepaymentsOfQuotes } from "./invoice-sources";
import { businessAtLocation } from "./business-at";

/**
 * Invoices, deposit invoices and credit notes (issue 39). An invoice is seen and changed
 * as its customer is (lib/entities/invoice.ts); writing needs the `invoices` privilege
 * (the routes ask for it) and edit access to the customer. Only a draft changes; issuing,
 * voiding and crediting are in invoice-issue.ts, payments in payment.ts.
 */

type CreateInput = z.output<typeof invoiceCreateSchema>;
type UpdateInput = z.output<typeof invoiceUpdateSchema>;
type ListQuery = z.output<typeof invoiceListQuerySchema>;

/** The figures kept on the row: gross, and what is left to pay after deposits, payments and credit notes. */
export function invoiceFigures(content: InvoiceContent, currency: string, prepayments: readonly InvoicePrepayment[], paid = 0, credited = 0) {
  const totals = invoiceTotals(content, currency, prepayments);
  return { total: totals.gross, due: Math.max(0, totals.due - paid - credited) };
}

async function organizationOf(db: Db, organizationId: string) {
  const [org] = await db.select().from(organization).where(eq(organization.id, organizationId));
  return org;
}

/** The customer's site and the owner an invoice names, each checked: a 400 on its field when it may not be named. */
async function checkReferences(db: Db, session: SessionContext, customerId: string, input: { site?: string | null; owner?: string }) {
  if (input.site) {
    const [found] = await db
      .select({ status: site.status })
      .from(site)
      .where(and(eq(site.organizationId, session.organizationId), eq(site.id, input.site), eq(site.customerId, customerId)));
    if (!found || found.status !== "active") throw invalidAt("site", "errors.quote.siteUnknown");
  }
  if (input.owner) {
    const [found] = await db
      .select({ status: member.status })
      .from(member)
      .where(and(eq(member.organizationId, session.organizationId), eq(member.id, input.owner)));
    if (!found || found.status !== "active") throw invalidAt("owner", "errors.reference.ownerInactive");
  }
}

/** The customer an invoice is written to, refused as a 400 when hidden or removed, 403 when the session may only view it. */
async function writableCustomer(db: Db, session: SessionContext, id: string, path = "customer") {
  const client = await requireReference(db, session, customerEntity, id, {
    path,
    unknown: "errors.reference.customerUnknown",
    refuse: (item) => (item.status === "active" ? null : "errors.reference.customerUnknown"),
  });
  // The invoice is shared as its customer is: writing one needs what changing the customer needs.
  if (accessLevel({ organizationId: client.organization, locationId: client.location, sharing: client.sharing }, session) !== "edit") throw forbidden();
  return client;
}

type Start = {
  kind: InvoiceKind;
  customerId: string;
  siteId: string | null;
  projectId: string | null;
  quoteId: string | null;
  title: string;
  currency: string;
  content: InvoiceContent;
  prepayments: InvoicePrepayment[];
};

/** What each way of creating starts from: its customer, references, title, content and deductions. */
async function startOf(db: Db, session: SessionContext, input: CreateInput, currency: string, orgLanguage: string | null): Promise<Start> {
  if (input.from === "blank") {
    const client = await writableCustomer(db, session, input.customer);
    if (input.project) {
      const found = await requireReference(db, session, projectEntity, input.project, { path: "project", unknown: "errors.quote.projectUnknown" });
      if (found.customer !== client.id) throw invalidAt("project", "errors.quote.projectUnknown");
    }
    const content = await storedInvoiceContent(db, session.organizationId, input);
    return { kind: "invoice", customerId: client.id, siteId: null, projectId: input.project ?? null, quoteId: null, title: input.title ?? "", currency, content, prepayments: [] };
  }
  if (input.from === "project") {
    const found = await requireReference(db, session, projectEntity, input.project, { path: "project", unknown: "errors.quote.projectUnknown" });
    if (!found.customer) throw invalidAt("project", "errors.invoice.projectWithoutCustomer");
    const client = await writableCustomer(db, session, found.customer, "project");
    const { content, quotes } = await contentFromProject(db, session.organizationId, found.id, depositLanguage(client.language, orgLanguage));
    if (content.sections.length === 0) throw conflict("errors.invoice.projectWithoutLines");
    const prepayments = await prepaymentsOfQuotes(db, session.organizationId, quotes);
    return { kind: "invoice", customerId: client.id, siteId: found.site ?? null, projectId: found.id, quoteId: quotes.length === 1 ? quotes[0] : null, title: found.title, currency, content, prepayments };
  }
  const named = await requireReference(db, session, quoteEntity, input.quote, { path: "quote", unknown: "errors.invoice.quoteUnknown" });
  const [row] = await db.select().from(quote).where(and(eq(quote.organizationId, session.organizationId), eq(quote.id, named.id)));
  const client = await writableCustomer(db, session, row.customerId, "quote");
  const base = { customerId: client.id, siteId: row.siteId, projectId: row.projectId, quoteId: row.id, title: row.title, currency: row.currency };
  if (input.from === "deposit") {
    if (row.status !== "approved" && row.status !== "sent" && row.status !== "viewed") throw conflict("errors.invoice.quoteNotSent");
    const content = await depositContent(db, row, depositLanguage(client.language, orgLanguage));
    return { ...base, kind: "deposit", content, prepayments: [] };
  }
  const content = await contentFromQuote(db, row);
  return { ...base, kind: "invoice", content, prepayments: await prepaymentsOf(db, session.organizationId, row.id) };
}

export async function createInvoice(db: Db, session: SessionContext, input: CreateInput) {
  const org = await organizationOf(db, session.organizationId);
  const start = await startOf(db, session, input, organizationCurrency(org), org.language);
  await checkReferences(db, session, start.customerId, input);
  if (!start.title && !input.title) throw invalidAt("title", "validation.required");
  const figures = invoiceFigures(start.content, start.currency, start.prepayments);
  const terms = input.payment_terms_days ?? (await businessAtLocation(db, org, session.locationId)).payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
  return createItem(db, session, invoiceEntity, {
    kind: start.kind,
    customerId: start.customerId,
    siteId: input.site !== undefined ? input.site : start.siteId,
    projectId: start.projectId,
    quoteId: start.quoteId,
    ownerId: input.owner ?? session.memberId,
    title: input.title ?? start.title,
    notes: input.notes ?? null,
    paymentTermsDays: terms,
    buyerReference: input.buyer_reference ?? null,
    purchaseOrder: input.purchase_order ?? null,
    currency: start.currency,
    content: start.content,
    prepayments: start.prepayments,
    reminders: input.reminders ?? true,
    ...figures,
  });
}

/** An invoice as GET answers it: its header, its customer's name, its content with totals, its deductions and the credit notes of it. */
export async function invoiceView(db: Db, row: InvoiceRow) {
  const [client] = await db
    .select({ name: customer.name })
    .from(customer)
    .where(and(eq(customer.organizationId, row.organizationId), eq(customer.id, row.customerId)));
  const credits = await db
    .select({ id: invoice.id, number: invoice.number, status: invoice.status, total: invoice.total })
    .from(invoice)
    .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.correctsId, row.id)));
  return {
    ...invoiceBaseView(row),
    customer_name: client?.name ?? null,
    ...readableInvoice(row.content, row.currency, row.prepayments),
    prepayments: row.prepayments,
    credit_notes: credits,
  };
}

export async function visibleInvoice(db: Db, session: SessionContext, id: string): Promise<InvoiceRow> {
  await getItem(db, session, invoiceEntity, id);
  const [row] = await db.select().from(invoice).where(and(eq(invoice.organizationId, session.organizationId), eq(invoice.id, id)));
  return row;
}

export async function getInvoice(db: Db, session: SessionContext, id: string) {
  return invoiceView(db, await visibleInvoice(db, session, id));
}

export async function invoiceHistory(db: Db, session: SessionContext, id: string) {
  await getItem(db, session, invoiceEntity, id);
  return readHistory(db, session.organizationId, invoiceEntity.type, id);
}

/** A page of invoices: headers and figures with the customer's name, no content. */
export function listInvoices(db: Db, session: SessionContext, query: ListQuery) {
  return listResponse(db, session, invoiceListEntity, query, [
    query.customer ? inArray(invoice.customerId, query.customer) : undefined,
    query.project ? inArray(invoice.projectId, query.project) : undefined,
    query.quote ? inArray(invoice.quoteId, query.quote) : undefined,
  ]);
}

/**
 * PATCH: a draft only (409 once issued); its content and figures are written together. A credit note's lines are those it credits.
 * `reminders` (its automatic payment reminders) is no part of the document: it alone may change at any status.
 */
export async function updateInvoice(db: Db, session: SessionContext, id: string, input: UpdateInput) {
  const { sections, allowances, site: siteId, owner, ...rest } = input;
  const updated = await updateItem(
    db,
    session,
    invoiceEntity,
    id,
    { ...rest, site: siteId, owner },
    {
      prepare: async (tx, row) => {
        if (row.status !== "draft") {
          if (Object.keys(input).some((key) => key !== "reminders" && input[key as keyof UpdateInput] !== undefined)) throw conflict("errors.invoice.notDraft");
          return { patch: {} };
        }
        if (row.kind === "credit_note" && (sections || allowances)) throw conflict("errors.invoice.creditContent");
        await checkReferences(tx, session, row.customerId, { site: siteId, owner });
        const written: InvoiceContent =
          sections || allowances
            ? await storedInvoiceContent(
                tx,
                session.organizationId,
                { sections: sections ?? [], allowances: allowances ?? [], ...(!sections && { sections: contentInput(row.content).sections }), ...(!allowances && { allowances: contentInput(row.content).allowances }) },
                row.content,
              )
            : row.content;
        // The database keeps its own order of keys: the same content given again is no change.
        const content = canonicalJson(written) === canonicalJson(row.content) ? row.content : written;
        return { patch: { content, ...invoiceFigures(content, row.currency, row.prepayments) } };
      },
    },
  );
  return getInvoice(db, session, updated.id);
}

/** Stored content back as input, for a PATCH that replaces only sections or only allowances. */
function contentInput(content: InvoiceContent) {
  return {
    sections: content.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.map((line) => ({
        id: line.id,
        price_item: line.price_item,
        name: line.name,
        description: line.description,
        quantity: line.quantity / 1000,
        unit: line.unit as InvoiceLineInput["unit"],
        unit_price: line.unit_price,
        unit_cost: line.unit_cost,
        discount: line.discount === null ? null : "amount" in line.discount ? { amount: line.discount.amount } : { percent: line.discount.percent_milli / 1000 },
        tax_rate: line.tax.id ?? undefined,
      })),
    })),
    allowances: content.allowances.map((allowance) => ({ id: allowance.id, charge: allowance.charge, reason: allowance.reason, amount: allowance.amount, tax_rate: allowance.tax.id ?? undefined })),
  };
}

/** Credit notes of an invoice that count (issued, not voided), with the line ids each takes back. */
export async function creditsOf(db: Db, organizationId: string, invoiceId: string, exceptId?: string) {
  const rows = await db
    .select({ id: invoice.id, content: invoice.content, total: invoice.total, status: invoice.status })
    .from(invoice)
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.correctsId, invoiceId), eq(invoice.kind, "credit_note"), exceptId ? ne(invoice.id, exceptId) : undefined));
  const issued = rows.filter((row) => row.status !== "draft" && row.status !== "void");
  return {
    issued,
    total: issued.reduce((sum, row) => sum + row.total, 0),
    lines: new Set(issued.flatMap((row) => row.content.sections.flatMap((section) => section.lines.map((line) => line.id)))),
    allowances: new Set(issued.flatMap((row) => row.content.allowances.map((allowance) => allowance.id))),
  };
}
