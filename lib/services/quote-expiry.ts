import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb } from "@/db/client";
import { quote } from "@/db/schema/quote";
import { QUOTE_OPEN_STATUSES } from "@/lib/schemas/quote-values";
import { now } from "@/lib/server/clock";
import { recordHistory } from "@/lib/server/history";
import { defineJob, scheduleJob, type SweepScope } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { revokePublicLinks } from "@/lib/server/public-link";
import { dayBounds } from "@/lib/server/zoned-time";
import { quoteEntity } from "@/lib/entities/quote";
import { businessTimeZone } from "./site";

/**
 * Quotes the customer has (sent, viewed) expire at the end of their validity day at
 * their zone (the location's business details', else the organization's), unanswered;
 * their links end with them. A run every few minutes across all instances; a quote
 * expires once, whichever run finds it first.
 */

const BATCH = 500;

/** Expires what is due at `at`; answers how many quotes expired. */
export async function expireQuotes(at = now(), scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  // No zone's day ends more than 14 hours before UTC's: days up to tomorrow (UTC) may be over somewhere.
  const latest = new Date(at.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
  const candidates = await db
    .select({ id: quote.id, organizationId: quote.organizationId, locationId: quote.locationId, validUntil: quote.validUntil })
    .from(quote)
    .where(
      and(
        inArray(quote.status, [...QUOTE_OPEN_STATUSES]),
        lte(quote.validUntil, latest),
        scope.organizationId ? eq(quote.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(quote.validUntil)
    .limit(BATCH);
  const zones = new Map<string, string>();
  let expired = 0;
  for (const candidate of candidates) {
    const key = `${candidate.organizationId}/${candidate.locationId}`;
    let zone = zones.get(key);
    if (!zone) zones.set(key, (zone = await businessTimeZone(db, candidate.organizationId, candidate.locationId)));
    if (dayBounds(candidate.validUntil!, zone).end.getTime() > at.getTime()) continue;
    const done = await db.transaction(async (tx) => {
      const where = and(eq(quote.organizationId, candidate.organizationId), eq(quote.id, candidate.id));
      const [row] = await tx.select({ status: quote.status }).from(quote).where(where).for("update");
      if (!row || !(QUOTE_OPEN_STATUSES as readonly string[]).includes(row.status)) return false;
      await tx.update(quote).set({ status: "expired", statusChanged: at, updatedAt: at }).where(where);
      await revokePublicLinks(tx, candidate.organizationId, "quote", candidate.id);
      await recordHistory(tx, {
        organizationId: candidate.organizationId,
        entityType: quoteEntity.type,
        entityId: candidate.id,
        memberId: null,
        action: "updated",
        changes: { status: [row.status, "expired"] },
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

const expiry = defineJob(
  "expire-quotes",
  async () => {
    const count = await expireQuotes();
    if (count > 0) log().info(`[quotes] ${count} quotes expired`);
  },
  // The next run takes whatever this one missed.
  { retryLimit: 0, expireInSeconds: 10 * 60 },
);
scheduleJob(expiry, "*/5 * * * *");
