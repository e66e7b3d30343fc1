import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { INVOICE_OVERDUE_FROM } from "@/lib/schemas/invoice-values";
import { now } from "@/lib/server/clock";
import { recordHistory } from "@/lib/server/history";
import { defineJob, scheduleJob, type SweepScope } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { dayBounds } from "@/lib/server/zoned-time";
import { invoiceEntity } from "@/lib/entities/invoice";
import { businessTimeZone } from "./site";

/**
 * Issued invoices still waiting for money (issued, sent, partly paid) become overdue at
 * the end of their due day at their zone (the location's business details', else the
 * organization's). A run every few minutes across all instances; an invoice turns
 * overdue once, whichever run finds it first.
 */

const BATCH = 500;

/** Marks what is overdue at `at`; answers how many invoices turned overdue. */
export async function markOverdueInvoices(at = now(), scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  // No zone's day ends more than 14 hours before UTC's: days up to tomorrow (UTC) may be over somewhere.
  const latest = new Date(at.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
  const candidates = await db
    .select({ id: invoice.id, organizationId: invoice.organizationId, locationId: invoice.locationId, dueDate: invoice.dueDate })
    .from(invoice)
    .where(
      and(
        inArray(invoice.status, [...INVOICE_OVERDUE_FROM]),
        lte(invoice.dueDate, latest),
        scope.organizationId ? eq(invoice.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(invoice.dueDate)
    .limit(BATCH);
  const zones = new Map<string, string>();
  let marked = 0;
  for (const candidate of candidates) {
    const key = `${candidate.organizationId}/${candidate.locationId}`;
    let zone = zones.get(key);
    if (!zone) zones.set(key, (zone = await businessTimeZone(db, candidate.organizationId, candidate.locationId)));
    if (dayBounds(candidate.dueDate!, zone).end.getTime() > at.getTime()) continue;
    const done = await db.transaction(async (tx) => {
      const where = and(eq(invoice.organizationId, candidate.organizationId), eq(invoice.id, candidate.id));
      const [row] = await tx.select({ status: invoice.status, due: invoice.due }).from(invoice).where(where).for("update");
      if (!row || !(INVOICE_OVERDUE_FROM as readonly string[]).includes(row.status) || row.due <= 0) return false;
      await tx.update(invoice).set({ status: "overdue", statusChanged: at, updatedAt: at }).where(where);
      await recordHistory(tx, {
        organizationId: candidate.organizationId,
        entityType: invoiceEntity.type,
        entityId: candidate.id,
        memberId: null,
        action: "updated",
        changes: { status: [row.status, "overdue"] },
      });
      return true;
    });
    if (done) marked += 1;
  }
  return marked;
}

const overdue = defineJob(
  "overdue-invoices",
  async () => {
    const count = await markOverdueInvoices();
    if (count > 0) log().info(`[invoices] ${count} invoices overdue`);
  },
  // The next run takes whatever this one missed.
  { retryLimit: 0, expireInSeconds: 10 * 60 },
);
scheduleJob(overdue, "*/5 * * * *");
