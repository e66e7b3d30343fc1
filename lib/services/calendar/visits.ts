import "server-only";
import type { Db } from "@/db/client";
import { visitListQuerySchema } from "@/lib/schemas/visit";
import type { SessionContext } from "@/lib/server/session";
import { listVisits } from "@/lib/services/visit";

/** How far a feed reaches: calendar apps keep what they read, so the past needs only a few weeks. */
const PAST_DAYS = 60;
const FUTURE_DAYS = 400;
const DAY_MS = 86_400_000;
/** One page of the list: far more than anyone's visits in the range (a location's too, for a small trade). */
const LIMIT = "1000";

/**
 * The visits a feed shows, through the visit list itself as the feed's member
 * sees it: their own (assigned), or every visit of the feed's location. Cancelled
 * ones leave the feed, so a calendar app drops them.
 */
export async function feedVisits(db: Db, session: SessionContext, locationId: string | null, now = new Date()) {
  const query = visitListQuerySchema.parse({
    from: new Date(now.getTime() - PAST_DAYS * DAY_MS).toISOString(),
    to: new Date(now.getTime() + FUTURE_DAYS * DAY_MS).toISOString(),
    status: ["scheduled", "on_the_way", "in_progress", "completed"],
    limit: LIMIT,
    ...(locationId ? { location: [locationId] } : { member: [session.memberId] }),
  });
  return (await listVisits(db, session, query)).items;
}
