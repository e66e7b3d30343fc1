import "server-only";
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { location, organization } from "@/db/schema/organization";
import { project } from "@/db/schema/project";
import { timeOff, visit, visitMember } from "@/db/schema/visit";
import { businessDetailsAt, type BusinessDetails } from "@/lib/schemas/business";
import type { VisitClash } from "@/lib/schemas/visit";
import { VISIT_MAX_HOURS } from "@/lib/schemas/visit-status";
import { WEEKDAYS } from "@/lib/schemas/weekdays";
import { visibleToSession, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { instantOnDay, localParts } from "@/lib/server/zoned-time";
import { visitEntity, type VisitBaseView } from "@/lib/entities/visit";

/**
 * What a visit clashes with, told in its answer and never refused, so that keeping
 * it anyway is the person's choice:
 * - "visit": another timed, not cancelled visit of one of its members that overlaps it
 *   (with its id and project title when the session may see it, else neither);
 * - "time_off": active time off of one of its members that overlaps it;
 * - "hours": a timed visit outside its location's business hours, read at its zone
 *   (a weekday the hours leave out is not judged; an empty one is closed).
 * Cancelled visits clash with nothing; a visit on a day with no set time clashes
 * only with time off. Three queries for a whole page.
 */
export async function visitClashes(db: Db, session: SessionContext, items: VisitBaseView[]): Promise<Map<string, VisitClash[]>> {
  const found = new Map<string, VisitClash[]>();
  const add = (visitId: string, clash: VisitClash) => {
    const list = found.get(visitId) ?? [];
    list.push(clash);
    found.set(visitId, list);
  };
  const live = items.filter((item) => item.status !== "cancelled" && (item.start !== null || item.day !== null));
  if (live.length === 0) return found;
  const ids = live.map((item) => item.id);
  const org = session.organizationId;

  const mine = alias(visitMember, "mine");
  const other = alias(visitMember, "other");
  const seen = visibleToSession(visitEntity as unknown as ScopedEntity<never, unknown>, session) ?? sql`true`;
  const visits = await db
    .selectDistinct({
      visitId: mine.visitId,
      id: visit.id,
      title: project.title,
      start: visit.startAt,
      end: visit.endAt,
      visible: sql<boolean>`(${seen})`.mapWith(Boolean),
    })
    .from(mine)
    .innerJoin(
      other,
      and(
        eq(other.organizationId, mine.organizationId),
        eq(other.memberId, mine.memberId),
        ne(other.visitId, mine.visitId),
        eq(other.timed, true),
        ne(other.status, "cancelled"),
        lt(other.spanStart, mine.spanEnd),
        gt(other.spanEnd, mine.spanStart),
        // A bound on the index's range: no visit lasts longer.
        sql`${other.spanStart} > ${mine.spanStart} - interval '${sql.raw(String(VISIT_MAX_HOURS))} hours'`,
      ),
    )
    .innerJoin(visit, and(eq(visit.organizationId, other.organizationId), eq(visit.id, other.visitId)))
    .innerJoin(project, and(eq(project.organizationId, visit.organizationId), eq(project.id, visit.projectId)))
    .where(and(eq(mine.organizationId, org), inArray(mine.visitId, ids), eq(mine.timed, true)))
    .orderBy(mine.visitId, visit.startAt, visit.id);
  for (const row of visits) {
    add(row.visitId, {
      type: "visit",
      id: row.visible ? row.id : null,
      title: row.visible ? row.title : "",
      start: row.start!.toISOString(),
      end: row.end!.toISOString(),
    });
  }

  const away = await db
    .select({ visitId: visitMember.visitId, id: timeOff.id, reason: timeOff.reason, start: timeOff.startAt, end: timeOff.endAt })
    .from(visitMember)
    .innerJoin(
      timeOff,
      and(
        eq(timeOff.organizationId, visitMember.organizationId),
        eq(timeOff.memberId, visitMember.memberId),
        eq(timeOff.status, "active"),
        lt(timeOff.startAt, visitMember.spanEnd),
        gt(timeOff.endAt, visitMember.spanStart),
      ),
    )
    .where(and(eq(visitMember.organizationId, org), inArray(visitMember.visitId, ids)))
    .orderBy(visitMember.visitId, timeOff.startAt, timeOff.id);
  for (const row of away) {
    add(row.visitId, { type: "time_off", id: row.id, title: row.reason ?? "", start: row.start.toISOString(), end: row.end.toISOString() });
  }

  const timed = live.filter((item) => item.start !== null);
  if (timed.length > 0) {
    const hoursAt = await businessHours(db, org, [...new Set(timed.map((item) => item.location).filter((id) => id !== null))]);
    for (const item of timed) {
      const outside = outsideHours(hoursAt(item.location), new Date(item.start!), new Date(item.end!), item.time_zone);
      if (outside !== null) add(item.id, { type: "hours", id: null, title: outside, start: new Date(item.start!).toISOString(), end: new Date(item.end!).toISOString() });
    }
  }
  return found;
}

type Hours = NonNullable<BusinessDetails["hours"]>;

/** The business hours of each location (its own, else the organization's), in one query. */
async function businessHours(db: Db, organizationId: string, locationIds: string[]) {
  const [org] = await db.select({ business: organization.business }).from(organization).where(eq(organization.id, organizationId));
  const locations =
    locationIds.length === 0
      ? []
      : await db
          .select({ id: location.id, business: location.business })
          .from(location)
          .where(and(eq(location.organizationId, organizationId), inArray(location.id, locationIds)));
  const byLocation = new Map(locations.map((row) => [row.id, businessDetailsAt(org.business, row.business).hours ?? null]));
  const own = businessDetailsAt(org.business, null).hours ?? null;
  return (locationId: string | null) => (locationId === null ? own : (byLocation.get(locationId) ?? own));
}

/**
 * Whether a timed visit falls outside the opening hours of its start's day at its
 * zone: it must lie within one opening interval of that day. The answer is the
 * day's hours as written ("08:00–12:00, 13:00–17:00"), or "" for a closed day;
 * null when it fits or the hours say nothing of that day.
 */
function outsideHours(hours: Hours | null, start: Date, end: Date, zone: string): string | null {
  if (!hours) return null;
  const local = localParts(start, zone);
  const intervals = hours[WEEKDAYS[local.weekday - 1]];
  if (intervals === undefined) return null;
  const fits = intervals.some(
    (interval) => instantOnDay(local.date, interval.from, zone) <= start && end <= instantOnDay(local.date, interval.to, zone),
  );
  return fits ? null : intervals.map((interval) => `${interval.from}–${interval.to}`).join(", ");
}
