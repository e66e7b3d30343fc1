import "server-only";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
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
 * only with time off. A handful of queries for a whole page.
 */
/** The most overlapping visits told per member of a visit: enough to see the day is double-booked. */
const CLASHES_PER_MEMBER = 20;

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

  // The page's own (visit, member, span) rows go in as values, so each is one range of the
  // (member, span_start) index, at most CLASHES_PER_MEMBER rows each however busy the member is.
  const timedRows = live.flatMap((item) =>
    item.start === null ? [] : item.members.map((memberId) => sql`(${item.id}::uuid, ${memberId}::uuid, ${new Date(item.start!).toISOString()}::timestamptz, ${new Date(item.end!).toISOString()}::timestamptz)`),
  );
  const seen = visibleToSession(visitEntity as unknown as ScopedEntity<never, unknown>, session) ?? sql`true`;
  const visits =
    timedRows.length === 0
      ? []
      : await db
          .select({
            visitId: sql<string>`mine.visit_id`,
            id: sql<string>`other_visit.id`,
            title: sql<string>`other_visit.title`,
            start: sql<string>`other_visit.start_at`,
            end: sql<string>`other_visit.end_at`,
            visible: sql<boolean>`other_visit.visible`,
          })
          .from(
            sql`(values ${sql.join(timedRows, sql`, `)}) as mine(visit_id, member_id, span_start, span_end)
              cross join lateral (
                select ${visit.id} as id, ${project.title} as title, to_json(${visit.startAt}) #>> '{}' as start_at, to_json(${visit.endAt}) #>> '{}' as end_at, (${seen}) as visible
                from ${visitMember}
                join ${visit} on ${visit.organizationId} = ${visitMember.organizationId} and ${visit.id} = ${visitMember.visitId}
                join ${project} on ${project.organizationId} = ${visit.organizationId} and ${project.id} = ${visit.projectId}
                where ${visitMember.organizationId} = ${org} and ${visitMember.memberId} = mine.member_id
                  and ${visitMember.timed} and ${visitMember.status} <> 'cancelled' and ${visitMember.visitId} <> mine.visit_id
                  and ${visitMember.spanStart} < mine.span_end and ${visitMember.spanEnd} > mine.span_start
                  -- A bound on the index's range: no visit lasts longer.
                  and ${visitMember.spanStart} > mine.span_start - interval '${sql.raw(String(VISIT_MAX_HOURS))} hours'
                order by ${visitMember.spanStart}, ${visitMember.visitId}
                limit ${sql.raw(String(CLASHES_PER_MEMBER))}
              ) as other_visit`,
          );
  const told = new Set<string>();
  for (const row of [...visits].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))) {
    // Two shared members: one clash.
    if (told.has(`${row.visitId} ${row.id}`)) continue;
    told.add(`${row.visitId} ${row.id}`);
    add(row.visitId, {
      type: "visit",
      id: row.visible ? row.id : null,
      title: row.visible ? row.title : "",
      start: new Date(row.start).toISOString(),
      end: new Date(row.end).toISOString(),
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
