import "server-only";
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarFeed } from "@/db/schema/calendar-feed";
import { location } from "@/db/schema/organization";
import type { calendarFeedCreateSchema } from "@/lib/schemas/calendar-feed";
import type { z } from "@/lib/schemas/z";
import { appOrigin } from "@/lib/server/app-origin";
import { missingPrivilege, notFound } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";

/** 32 random bytes, as hex: the secret in a feed's address. */
const SECRET_BYTES = 32;
export const FEED_TOKEN = /^[0-9a-f]{64}$/;

export const hashFeedToken = (token: string) => crypto.createHash("sha256").update(token.toLowerCase()).digest("hex");

/** Where a calendar app reads the feed; the secret appears only here and only once. */
export const feedUrl = (token: string) => `${appOrigin()}/api/api/calendar/${token}`;

type FeedRow = typeof calendarFeed.$inferSelect;

const feedView = (row: FeedRow) => ({
  id: row.id,
  location: row.locationId,
  created: row.createdAt,
  last_fetched: row.lastFetchedAt,
});

/** The session member's feeds: their own visits' and, for admins, locations'. */
export async function listCalendarFeeds(db: Db, session: SessionContext) {
  const rows = await db
    .select()
    .from(calendarFeed)
    .where(and(eq(calendarFeed.organizationId, session.organizationId), eq(calendarFeed.memberId, session.memberId)))
    .orderBy(asc(calendarFeed.createdAt))
    .limit(200);
  return { items: rows.map(feedView) };
}

/**
 * A new secret address for a feed of the session member: their own visits, or
 * (admins) one location's. An earlier address of the same feed stops working at
 * once (rotating): the row keeps its id and takes the new secret's hash.
 */
export async function createCalendarFeed(db: Db, session: SessionContext, input: z.output<typeof calendarFeedCreateSchema>) {
  if (input.location !== null) {
    if (!session.privileges.has("admin")) throw missingPrivilege("admin");
    const [found] = await db
      .select({ id: location.id })
      .from(location)
      .where(and(eq(location.organizationId, session.organizationId), eq(location.id, input.location)));
    if (!found) throw notFound("Location");
  }
  const token = crypto.randomBytes(SECRET_BYTES).toString("hex");
  const [row] = await db
    .insert(calendarFeed)
    .values({ organizationId: session.organizationId, memberId: session.memberId, locationId: input.location, tokenHash: hashFeedToken(token) })
    .onConflictDoUpdate({
      target: [calendarFeed.organizationId, calendarFeed.memberId, calendarFeed.locationId],
      set: { tokenHash: hashFeedToken(token), lastFetchedAt: null, createdAt: new Date(), updatedAt: new Date() },
    })
    .returning();
  return { ...feedView(row!), url: feedUrl(token) };
}

/** Turns one of the session member's feeds off: its address answers 404 from now on. */
export async function removeCalendarFeed(db: Db, session: SessionContext, id: string): Promise<void> {
  const removed = await db
    .delete(calendarFeed)
    .where(and(eq(calendarFeed.organizationId, session.organizationId), eq(calendarFeed.memberId, session.memberId), eq(calendarFeed.id, id)))
    .returning({ id: calendarFeed.id });
  if (removed.length === 0) throw notFound("Calendar feed");
}
