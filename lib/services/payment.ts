import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoice, payment } from "@/db/schema/invoice";
import { minorToDecimal } from "@/lib/money/format";
import type { paymentCreateSchema, paymentListQuerySchema } from "@/lib/schemas/invoice";
import { INVOICE_OPEN_STATUSES, type InvoiceStatus } from "@/lib/schemas/invoice-values";
import type { z } from "@/lib/schemas/z";
import { now } from "@/lib/server/clock";
import { conflict, forbidden, invalidAt, notFound } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { getItem, listItems, lockEditable, requireReference } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { invoiceEntity, paymentEntity, paymentView, type InvoiceRow } from "@/lib/entities/invoice";
import { accessLevel } from "@/lib/server/access";
import { todayAt } from "./quote";
import { businessTimeZone } from "./site";

/**
 * Payments of invoices recorded by hand (issue 39): each is written with its invoice's
 * new paid and due figures and status in one transaction, on the invoice's locked row, so
 * two payments at once never take more than is due. Stripe's payments (a later part)
 * come through the same `recordPayment`.
 */

type CreateInput = z.output<typeof paymentCreateSchema>;
type ListQuery = z.output<typeof paymentListQuerySchema>;

/** The status an issued invoice has for what is paid of it: paid when nothing is left, else partly paid, overdue past its due day, or as issued. */
export async function paymentStatus(tx: Db, row: InvoiceRow, paid: number, due: number, at: Date): Promise<InvoiceStatus> {
  if (due === 0) return "paid";
  if (row.dueDate) {
    const zone = await businessTimeZone(tx, row.organizationId, row.locationId);
    if (row.dueDate < todayAt(zone, at).toString()) return "overdue";
  }
  if (paid > 0) return "partly_paid";
  return row.sentAt ? "sent" : "issued";
}

const history = (tx: Db, memberId: string | null, row: InvoiceRow, changes: Record<string, [unknown, unknown]>) =>
  recordHistory(tx, { organizationId: row.organizationId, entityType: invoiceEntity.type, entityId: row.id, memberId, action: "updated", changes });

type Recorded = Pick<CreateInput, "amount" | "reference"> & { method: (typeof payment.$inferInsert)["method"]; paid_on?: string; stripeSessionId?: string | null };

/** Records a payment of the locked invoice `row` inside `tx`: refused on an invoice that takes none, and for more than is due. */
export async function recordPayment(tx: Db, memberId: string | null, row: InvoiceRow, input: Recorded) {
  if (row.kind === "credit_note" || !(INVOICE_OPEN_STATUSES as readonly string[]).includes(row.status)) throw conflict("errors.payment.notOpen");
  if (input.amount > row.due) {
    throw invalidAt("amount", "errors.payment.tooMuch", { due: `${minorToDecimal(row.due, row.currency)} ${row.currency}` });
  }
  const at = now();
  const zone = await businessTimeZone(tx, row.organizationId, row.locationId);
  const paidOn = input.paid_on ?? todayAt(zone, at).toString();
  const [created] = await tx
    .insert(payment)
    .values({
      organizationId: row.organizationId,
      invoiceId: row.id,
      method: input.method,
      amount: input.amount,
      currency: row.currency,
      paidOn,
      reference: input.reference ?? null,
      stripeSessionId: input.stripeSessionId ?? null,
      createdBy: memberId,
    })
    .returning();
  const paid = row.paid + input.amount;
  const due = row.due - input.amount;
  const status = await paymentStatus(tx, row, paid, due, at);
  await tx
    .update(invoice)
    .set({ paid, due, status, ...(status !== row.status && { statusChanged: at }), updatedAt: at })
    .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id)));
  await recordHistory(tx, {
    organizationId: row.organizationId,
    entityType: paymentEntity.type,
    entityId: created.id,
    memberId,
    action: "created",
    changes: creationChanges({ invoice: row.id, method: created.method, amount: created.amount, paid_on: created.paidOn, reference: created.reference ?? undefined }),
  });
  await history(tx, memberId, row, { paid: [row.paid, paid], due: [row.due, due], ...(status !== row.status && { status: [row.status, status] }) });
  return created;
}

export async function createPayment(db: Db, session: SessionContext, input: CreateInput) {
  const found = await requireReference(db, session, invoiceEntity, input.invoice, { path: "invoice", unknown: "errors.payment.invoiceUnknown" });
  if (accessLevel({ organizationId: found.organization, locationId: found.location, sharing: found.sharing }, session) !== "edit") throw forbidden();
  const created = await db.transaction(async (tx) => recordPayment(tx, session.memberId, await lockEditable(tx, session, invoiceEntity, input.invoice), input));
  return paymentView(created);
}

export async function listPayments(db: Db, session: SessionContext, query: ListQuery) {
  return listItems(db, session, paymentEntity, query, [
    query.invoice ? inArray(payment.invoiceId, query.invoice) : undefined,
    query.customer ? inArray(payment.customerId, query.customer) : undefined,
    query.method ? inArray(payment.method, query.method) : undefined,
  ]);
}

export async function getPayment(db: Db, session: SessionContext, id: string) {
  return getItem(db, session, paymentEntity, id);
}

/** DELETE /payment/{id}: the payment goes, its invoice's paid, due and status are as they were without it. */
export async function deletePayment(db: Db, session: SessionContext, id: string): Promise<void> {
  const found = await getItem(db, session, paymentEntity, id);
  await db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, invoiceEntity, found.invoice);
    const [gone] = await tx
      .delete(payment)
      .where(and(eq(payment.organizationId, session.organizationId), eq(payment.id, id)))
      .returning();
    if (!gone) throw notFound(paymentEntity.resource);
    const at = now();
    const paid = row.paid - gone.amount;
    const due = row.due + gone.amount;
    const status = row.status === "void" ? row.status : await paymentStatus(tx, row, paid, due, at);
    await tx
      .update(invoice)
      .set({ paid, due, status, ...(status !== row.status && { statusChanged: at }), updatedAt: at })
      .where(and(eq(invoice.organizationId, row.organizationId), eq(invoice.id, row.id)));
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: paymentEntity.type,
      entityId: gone.id,
      memberId: session.memberId,
      action: "updated",
      changes: { deleted: [null, true], amount: [gone.amount, null] },
    });
    await history(tx, session.memberId, row, { paid: [row.paid, paid], due: [row.due, due], ...(status !== row.status && { status: [row.status, status] }) });
  });
}
