import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarFeed } from "@/db/schema/calendar-feed";
import { member, role } from "@/db/schema/member";
import { location, organization } from "@/db/schema/organization";
import { site } from "@/db/schema/site";
import { memberLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { notFound } from "@/lib/server/errors";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { credentialSession } from "@/lib/server/session";
import { FEED_TOKEN, hashFeedToken } from "./feed";
import { visitsCalendar, type FeedSite } from "./ics";
import { feedVisits } from "./visits";

const TOUCH_AFTER_MS = 60_000;
/** Calendar apps ask every 15 minutes to a few hours; a person refreshing by hand stays well within this. */
const perFeed = () => ({ limit: Number(process.env.CALENDAR_FEED_RATE_LIMIT || 60), seconds: 60 * 60 });
/** Guessing is hopeless (256 bits), and this keeps anyone from trying much. */
const perAddress = () => ({ limit: Number(process.env.CALENDAR_FEED_ADDRESS_RATE_LIMIT || 120), seconds: 60 });

/**
 * The feed a secret names, as the member it belongs to would see it now: a
 * removed member, a member no longer admin (for a location's feed), a removed
 * location or a rotated secret ends it at once.
 */
async function feedOf(db: Db, token: string) {
  const [row] = await db
    .select({
      id: calendarFeed.id,
      organizationId: calendarFeed.organizationId,
      memberId: calendarFeed.memberId,
      locationId: calendarFeed.locationId,
      lastFetchedAt: calendarFeed.lastFetchedAt,
      memberLocationId: member.locationId,
      roleId: role.id,
      privileges: role.privileges,
      memberLanguage: member.language,
      organizationLanguage: organization.language,
      organizationName: organization.name,
      locationName: location.name,
    })
    .from(calendarFeed)
    .innerJoin(member, and(eq(member.id, calendarFeed.memberId), eq(member.organizationId, calendarFeed.organizationId)))
    .innerJoin(role, eq(role.id, member.roleId))
    .innerJoin(organization, eq(organization.id, calendarFeed.organizationId))
    .leftJoin(location, and(eq(location.id, calendarFeed.locationId), eq(location.organizationId, calendarFeed.organizationId)))
    .where(
      and(
        eq(calendarFeed.tokenHash, hashFeedToken(token)),
        eq(member.status, "active"),
        or(isNull(calendarFeed.locationId), and(eq(location.status, "active"), sql`${role.privileges} @> array['admin']::text[]`)),
      ),
    )
    .limit(1);
  return row;
}

/** GET /calendar/{token}: the feed's visits as iCalendar text, read fresh on every fetch. */
export async function readCalendarFeed(db: Db, token: string, address: string): Promise<Response> {
  await hitRateLimit(db, `calendar_feed_address:${address}`, perAddress());
  const feed = FEED_TOKEN.test(token.toLowerCase()) ? await feedOf(db, token) : undefined;
  if (!feed) throw notFound("Calendar feed");
  await hitRateLimit(db, `calendar_feed:${feed.id}`, perFeed());
  if (!feed.lastFetchedAt || Date.now() - feed.lastFetchedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(calendarFeed).set({ lastFetchedAt: sql`now()` }).where(eq(calendarFeed.id, feed.id));
  }
  // The member's own session, at the feed's location (admins may be at any): the feed reaches what they would see there.
  const session = credentialSession(`calendar_feed:${feed.id}`, feed, feed.locationId ?? feed.memberLocationId);
  const visits = await feedVisits(db, session, feed.locationId);
  const siteIds = [...new Set(visits.map((visit) => visit.site).filter((id): id is string => id !== null))];
  const sites = new Map<string, FeedSite>();
  if (siteIds.length > 0) {
    const rows = await db
      .select()
      .from(site)
      .where(and(eq(site.organizationId, feed.organizationId), inArray(site.id, siteIds)));
    for (const row of rows) sites.set(row.id, { ...row, access_notes: row.accessNotes });
  }
  const locale = memberLocale(feed.memberLanguage, feed.organizationLanguage);
  const t = translatorFor(locale);
  const name = feed.locationName ? t("calendarFeed.locationName", { location: feed.locationName }) : t("calendarFeed.ownName", { organization: feed.organizationName });
  const text = visitsCalendar(visits, sites, locale, {
    name,
    access: t("calendarFeed.access"),
    open: t("calendarFeed.open"),
  });
  return new Response(text, {
    status: 200,
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="schedule.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
