import "server-only";
import { and, eq, is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { documentCounter, documentSeries } from "@/db/schema/document";
import { organization } from "@/db/schema/organization";
import { businessDetailsAt } from "@/lib/schemas/business";
import {
  DEFAULT_NUMBER_FORMATS,
  formatDocumentNumber,
  numberFormatSchema,
  restartsYearly,
  type DocumentSeries,
} from "@/lib/schemas/document-number";
import { countryTimeZone } from "./country-time-zone";
import { localParts } from "./zoned-time";

/**
 * Gapless document numbers (ARCHITECTURE.md §8a): one counter row per organization,
 * series and period, incremented by the transaction that issues the document. The
 * row stays locked until that transaction ends, so concurrent issues wait for each
 * other, and one that rolls back gives its number back to the next.
 */

/** The format an organization writes a series' numbers in (its default until set). */
export async function numberFormat(db: Db, organizationId: string, series: DocumentSeries): Promise<string> {
  const [row] = await db
    .select({ format: documentSeries.format })
    .from(documentSeries)
    .where(and(eq(documentSeries.organizationId, organizationId), eq(documentSeries.series, series)));
  return row?.format ?? DEFAULT_NUMBER_FORMATS[series];
}

/**
 * Sets a series' format (a ZodError, the route kernel's 400, when it is not one).
 * Counters stay: a format that names the year keeps counting in the current year.
 */
export async function setNumberFormat(db: Db, organizationId: string, series: DocumentSeries, format: string): Promise<string> {
  const valid = numberFormatSchema.parse(format);
  await db
    .insert(documentSeries)
    .values({ organizationId, series, format: valid })
    .onConflictDoUpdate({ target: [documentSeries.organizationId, documentSeries.series], set: { format: valid, updatedAt: sql`now()` } });
  return valid;
}

/**
 * The next number of `series` for a document dated `at`, taken inside the caller's
 * transaction `tx` (refused outside one: a number taken and then not used would be
 * a gap). The year and month are `at`'s in the organization's time zone.
 */
export async function takeNumber(tx: Db, organizationId: string, series: DocumentSeries, at: Date): Promise<string> {
  if (!is(tx, PgTransaction)) throw new Error("takeNumber runs inside the transaction that issues the document");
  const [org] = await tx
    .select({ business: organization.business, country: organization.country, format: documentSeries.format })
    .from(organization)
    .leftJoin(documentSeries, and(eq(documentSeries.organizationId, organization.id), eq(documentSeries.series, series)))
    .where(eq(organization.id, organizationId));
  if (!org) throw new Error(`No organization ${organizationId}`);
  const format = org.format ?? DEFAULT_NUMBER_FORMATS[series];
  const zone = businessDetailsAt(org.business, null).time_zone ?? countryTimeZone(org.country) ?? "UTC";
  const date = localParts(at, zone).date;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const period = restartsYearly(format) ? String(year) : "";
  // Creates the counter on first use or increments it, in one statement that takes the
  // row's lock (as SELECT … FOR UPDATE would) and holds it until `tx` ends: a second
  // transaction waits here, then reads the number the first one left.
  const [row] = await tx
    .insert(documentCounter)
    .values({ organizationId, series, period, next: 2 })
    .onConflictDoUpdate({
      target: [documentCounter.organizationId, documentCounter.series, documentCounter.period],
      set: { next: sql`${documentCounter.next} + 1`, updatedAt: sql`now()` },
    })
    .returning({ next: documentCounter.next });
  return formatDocumentNumber(format, { counter: row.next - 1, year, month });
}
