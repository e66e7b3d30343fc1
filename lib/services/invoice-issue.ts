import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { quote } from "@/db/schema/quote";
import { visit } from "@/db/schema/visit";
import { wordsFor } from "@/lib/i18n/messages";
import type { invoiceCreditSchema, invoiceIssueSchema } from "@/lib/schemas/invoice";
import type { InvoiceContent, InvoiceDocument } from "@/lib/schemas/invoice-content";
import type { InvoiceStatus } from "@/lib/schemas/invoice-values";
import type { z } from "@/lib/schemas/z";
import { now } from "@/lib/server/clock";
import { takeNumber } from "@/lib/server/document-number";
import { conflict, invalidAt } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { getItem, lockEditable } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { invoiceEntity, type InvoiceRow } from "@/lib/entities/invoice";
import { documentHash } from "./canonical-json";
import { documentParties } from "./document-parties";
import { creditsOf, getInvoice, invoiceFigures } from "./invoice";
import { prepaymentsOf } from "./invoice-sources";
import { todayAt } from "./quote";
import { localParts } from "@/lib/server/zoned-time";
import { businessTimeZone } from "./site";
import { planInvoiceReminders, type Planned } from "./automatic-messages/plan";
import { queuePlanned } from "./automatic-messages/send";

/**
 * Issuing, voiding and crediting. Issuing is one transaction: the number (series
 * "invoice", or "credit_note"), the dates, the frozen document and its hash. An issued
 * invoice never changes again: it is taken back by a credit note, in full (which voids
 * it) or for some of its lines.
 */

type IssueInput = z.output<typeof invoiceIssueSchema>;
type CreditInput = z.output<typeof invoiceCreditSchema>;

/** Statuses of an issued invoice that a credit note may take back. */
const CREDITABLE: readonly InvoiceStatus[] = ["issued", "sent", "partly_paid", "paid", "overdue"];

const history = (tx: Db, session: SessionContext | null, organizationId: string, id: string, changes: Record<string, [unknown, unknown]>, action: "created" | "updated" = "updated") =>
  recordHistory(tx, { organizationId, entityType: invoiceEntity.type, entityId: id, memberId: session?.memberId ?? null, action, changes });

/** The document an invoice prints from the day it is issued: its content, the business and customer as they are now, frozen. */
export async function invoiceDocument(tx: Db, row: InvoiceRow, number: string, issued: string, due: string | null): Promise<InvoiceDocument> {
  const parties = await documentParties(tx, row);
  const words = wordsFor(parties.language);
  const [corrected] = row.correctsId
    ? await tx
        .select({ number: invoice.number, issued: invoice.issueDate })
        .from(invoice)
        .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.correctsId)))
    : [];
  const [source] = row.quoteId
    ? await tx
        .select({ number: quote.number })
        .from(quote)
        .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.quoteId)))
    : [];
  // The day the work was done (BT-72): the last completed visit's end (else when it was marked done), at the visit's zone.
  const [last] = row.projectId
    ? await tx
        .select({ at: sql<Date>`coalesce(${visit.endAt}, ${visit.statusChanged})`.mapWith(visit.statusChanged), zone: visit.timeZone })
        .from(visit)
        .where(and(eq(visit.organizationId, row.organizationId), eq(visit.projectId, row.projectId), eq(visit.status, "completed")))
        .orderBy(sql`coalesce(${visit.endAt}, ${visit.statusChanged}) desc`)
        .limit(1)
    : [];
  return {
    kind: row.kind,
    number,
    issued,
    due,
    delivered: last ? localParts(last.at, last.zone).date : null,
    currency: row.currency,
    language: parties.language,
    title: row.title,
    notes: row.notes,
    payment_terms: row.kind === "credit_note" ? null : words("invoiceDocument.paymentTerms", { days: row.paymentTermsDays }),
    buyer_reference: row.buyerReference,
    purchase_order: row.purchaseOrder,
    seller: { ...parties.seller, bank: parties.business.bank ?? null },
    buyer: { ...parties.buyer, vat_number: parties.customer.vatNumber ?? null },
    site: parties.site,
    content: row.content,
    prepayments: row.prepayments,
    corrects: corrected?.number && corrected.issued ? { number: corrected.number, issued: corrected.issued } : null,
    quote: source?.number ?? null,
  };
}

/** Whether a credit note may take back these lines of its invoice: none of them taken back already. */
async function checkCredit(tx: Db, note: Pick<InvoiceRow, "organizationId" | "id" | "content">, corrected: InvoiceRow) {
  const credits = await creditsOf(tx, corrected.organizationId, corrected.id, note.id);
  const ids = note.content.sections.flatMap((section) => section.lines.map((line) => line.id));
  if (ids.some((id) => credits.lines.has(id)) || note.content.allowances.some((allowance) => credits.allowances.has(allowance.id))) {
    throw conflict("errors.invoice.creditedAlready");
  }
  return credits;
}

/** The corrected invoice after a credit note of it is issued: what is left to pay drops by the credit; all its lines taken back voids it. */
async function applyCredit(tx: Db, session: SessionContext | null, note: InvoiceRow, at: Date) {
  const where = and(eq(invoice.organizationId, note.organizationId), eq(invoice.id, note.correctsId!));
  const [corrected] = await tx.select().from(invoice).where(where).for("update");
  if (!CREDITABLE.includes(corrected.status)) throw conflict("errors.invoice.notCreditable");
  const credits = await checkCredit(tx, note, corrected);
  const taken = new Set([...credits.lines, ...note.content.sections.flatMap((section) => section.lines.map((line) => line.id))]);
  const all = corrected.content.sections.every((section) => section.lines.every((line) => taken.has(line.id)));
  const { due } = invoiceFigures(corrected.content, corrected.currency, corrected.prepayments, corrected.paid, credits.total + note.total);
  const status: InvoiceStatus = all ? "void" : due === 0 && corrected.status !== "paid" ? "paid" : corrected.status;
  await tx
    .update(invoice)
    .set({ due, status, ...(status !== corrected.status && { statusChanged: at }), ...(all && { voidedAt: at }), updatedAt: at })
    .where(where);
  await history(tx, session, corrected.organizationId, corrected.id, {
    credited: [null, note.number],
    ...(due !== corrected.due && { due: [corrected.due, due] }),
    ...(status !== corrected.status && { status: [corrected.status, status] }),
  });
}

/** Issues a locked draft inside `tx`: number, dates, document, hash; a credit note also lowers (or voids) its invoice. */
async function issueLocked(tx: Db, session: SessionContext | null, row: InvoiceRow, issueDate: string | undefined) {
  if (row.status !== "draft") throw conflict("errors.invoice.notDraft");
  if (!row.content.sections.some((section) => section.lines.length > 0)) throw conflict("errors.invoice.empty");
  const at = now();
  const zone = await businessTimeZone(tx, row.organizationId, row.locationId);
  const today = todayAt(zone, at).toString();
  // An invoice entered late is dated the day it was made out, never a day still to come.
  if (issueDate && issueDate > today) throw invalidAt("issue_date", "errors.invoice.issueDateFuture");
  const issued = issueDate ?? today;
  // A deposit invoice issued since the draft was written is deducted too.
  const prepayments = row.kind === "invoice" && row.quoteId ? await prepaymentsOf(tx, row.organizationId, row.quoteId) : row.prepayments;
  const { total, due } = invoiceFigures(row.content, row.currency, prepayments);
  if (row.kind !== "credit_note" && total - prepayments.reduce((sum, item) => sum + item.amount, 0) < 0) throw conflict("errors.invoice.prepaidTooMuch");
  // The number's year is the issue day's.
  const number = await takeNumber(tx, row.organizationId, row.kind === "credit_note" ? "credit_note" : "invoice", issueDate ? new Date(`${issueDate}T12:00:00Z`) : at);
  // Numbers follow the dates (France's "séquence chronologique"): an invoice entered late is dated no earlier than the last one issued. The series' counter, locked above, holds off any other issue meanwhile.
  if (issueDate) await checkChronological(tx, row, issueDate);
  const dueDate = row.kind === "credit_note" ? null : Temporal.PlainDate.from(issued).add({ days: row.paymentTermsDays }).toString();
  // Back-dated past its due day, it is overdue from the start (the overdue job marks the others as their day ends).
  const status: InvoiceStatus = row.kind !== "credit_note" && dueDate !== null && dueDate < today && due > 0 ? "overdue" : "issued";
  const next = { ...row, prepayments, number, total };
  const document = await invoiceDocument(tx, next, number, issued, dueDate);
  const [updated] = await tx
    .update(invoice)
    .set({
      number,
      status,
      issueDate: issued,
      dueDate,
      prepayments,
      document,
      hash: documentHash(document),
      total,
      due: row.kind === "credit_note" ? 0 : due,
      issuedAt: at,
      statusChanged: at,
      updatedAt: at,
    })
    .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id)))
    .returning();
  await history(tx, session, row.organizationId, row.id, { number: [null, number], status: [row.status, status], issue_date: [null, issued], due_date: [null, dueDate] });
  if (updated.kind === "credit_note" && updated.correctsId) await applyCredit(tx, session, updated, at);
  return updated;
}

/** The last document of the series (invoices and deposit invoices, or credit notes) issued on a later day than `issueDate` refuses it. */
async function checkChronological(tx: Db, row: InvoiceRow, issueDate: string) {
  const kinds = row.kind === "credit_note" ? (["credit_note"] as const) : (["invoice", "deposit"] as const);
  const [last] = await tx
    .select({ number: invoice.number, issued: invoice.issueDate })
    .from(invoice)
    .where(and(eq(invoice.organizationId, row.organizationId), inArray(invoice.kind, [...kinds]), sql`${invoice.issueDate} > ${issueDate}`))
    .orderBy(desc(invoice.issueDate))
    .limit(1);
  if (last) throw invalidAt("issue_date", "errors.invoice.issueDateBeforeLast", { number: last.number ?? "", date: last.issued ?? "" });
}

export async function issueInvoice(db: Db, session: SessionContext, id: string, input: IssueInput) {
  await getItem(db, session, invoiceEntity, id);
  let reminders: Planned = [];
  await db.transaction(async (tx) => {
    const updated = await issueLocked(tx, session, await lockEditable(tx, session, invoiceEntity, id), input.issue_date);
    // Its payment reminders, before and after the due date, planned with the issue and queued once it commits.
    reminders = await planInvoiceReminders(tx, updated, await businessTimeZone(tx, updated.organizationId, updated.locationId), {
      overdueNow: input.remind_overdue ?? false,
    });
  });
  await queuePlanned(reminders);
  return getInvoice(db, session, id);
}

/** A draft credit note of `row` for the lines named (every line not yet taken back when none are), with the allowances when it takes back the rest. */
async function draftCredit(tx: Db, session: SessionContext, row: InvoiceRow, lineIds: string[] | undefined) {
  if (row.kind === "credit_note") throw conflict("errors.invoice.creditOfCredit");
  if (!CREDITABLE.includes(row.status)) throw conflict("errors.invoice.notCreditable");
  const credits = await creditsOf(tx, row.organizationId, row.id);
  const all = row.content.sections.flatMap((section) => section.lines.map((line) => line.id));
  const open = all.filter((lineId) => !credits.lines.has(lineId));
  const known = new Set(all);
  lineIds?.forEach((lineId, index) => {
    if (!known.has(lineId)) throw invalidAt(`lines.${index}`, "errors.invoice.lineUnknown");
    if (credits.lines.has(lineId)) throw conflict("errors.invoice.creditedAlready");
  });
  const chosen = new Set(lineIds ?? open);
  if (chosen.size === 0) throw conflict("errors.invoice.creditedAlready");
  const rest = open.every((lineId) => chosen.has(lineId));
  const content: InvoiceContent = {
    sections: row.content.sections
      .map((section) => ({ ...section, lines: section.lines.filter((line) => chosen.has(line.id)) }))
      .filter((section) => section.lines.length > 0),
    allowances: rest ? row.content.allowances.filter((allowance) => !credits.allowances.has(allowance.id)) : [],
  };
  const { total } = invoiceFigures(content, row.currency, []);
  const [created] = await tx
    .insert(invoice)
    .values({
      organizationId: row.organizationId,
      customerId: row.customerId,
      siteId: row.siteId,
      projectId: row.projectId,
      quoteId: row.quoteId,
      kind: "credit_note",
      correctsId: row.id,
      ownerId: session.memberId,
      title: row.title,
      paymentTermsDays: row.paymentTermsDays,
      buyerReference: row.buyerReference,
      purchaseOrder: row.purchaseOrder,
      currency: row.currency,
      content,
      prepayments: [],
      total,
      due: 0,
    })
    .returning();
  await history(tx, session, row.organizationId, created.id, creationChanges({ kind: "credit_note", corrects: row.id, customer: row.customerId, title: row.title, total }) as Record<string, [unknown, unknown]>, "created");
  return created;
}

/** POST /invoice/{id}/credit: a draft credit note of the invoice (in full, or the lines named), issued by POST /invoice/{note}/issue. */
export async function creditInvoice(db: Db, session: SessionContext, id: string, input: CreditInput) {
  await getItem(db, session, invoiceEntity, id);
  const created = await db.transaction(async (tx) => draftCredit(tx, session, await lockEditable(tx, session, invoiceEntity, id), input.lines));
  return getInvoice(db, session, created.id);
}

/**
 * POST /invoice/{id}/void: a draft is void at once, without a number; an issued invoice
 * is voided by a credit note of all its lines not yet taken back, made and issued in the
 * same transaction. An invoice with payments recorded is refused: delete them first.
 */
export async function voidInvoice(db: Db, session: SessionContext, id: string) {
  await getItem(db, session, invoiceEntity, id);
  const noteId = await db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, invoiceEntity, id);
    if (row.status === "void") throw conflict("errors.invoice.voidAlready");
    if (row.status === "draft") {
      const at = now();
      await tx.update(invoice).set({ status: "void", voidedAt: at, statusChanged: at, updatedAt: at }).where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id)));
      await history(tx, session, row.organizationId, row.id, { status: ["draft", "void"] });
      return null;
    }
    if (row.kind === "credit_note") throw conflict("errors.invoice.creditOfCredit");
    if (row.paid > 0) throw conflict("errors.invoice.voidPaid");
    const note = await draftCredit(tx, session, row, undefined);
    const issued = await issueLocked(tx, session, note, undefined);
    return issued.id;
  });
  return { ...(await getInvoice(db, session, id)), credit_note: noteId };
}
