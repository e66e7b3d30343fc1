import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { location, organization } from "@/db/schema/organization";
import { project } from "@/db/schema/project";
import { timeOff, visitMember } from "@/db/schema/visit";
import type { BusinessDetails } from "@/lib/schemas/business";
import type { VisitClash } from "@/lib/schemas/visit";
import { VISIT_MAX_HOURS } from "@/lib/schemas/visit-status";
import { WEEKDAYS } from "@/lib/schemas/weekdays";
import { namedRows } from "@/lib/server/page-sql";
import { visibleToSession, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { projectEntity } from "@/lib/entities/project";
import type { VisitBaseView } from "@/lib/entities/visit";

/**
 * What a visit clashes with, told in its answer and never refused, so that keeping
 * it anyway is the person's choice:
 * - "visit": another timed, not cancelled visit of one of its members that overlaps it
 *   (with its id and project title when the session may see it, else neither);
 * - "time_off": active time off of one of its members that overlaps it;
 * - "hours": a timed visit outside its location's business hours, read at its zone
 *   (a weekday the hours leave out is not judged; an empty one is closed).
 * Cancelled visits clash with nothing; a visit on a day with no set time clashes
 * only with time off.
 */
/**
 * The most overlapping visits told per member of a visit, the earliest first: enough to see
 * the member is double-booked, and a page of a busy week stays small.
 */
const CLASHES_PER_MEMBER = 3;

type Names = { title: string; customerName: string | null };
export type VisitExtras = { names: Map<string, Names>; clashes: Map<string, VisitClash[]> };

type Hours = NonNullable<BusinessDetails["hours"]>;

type NameRow = { kind: "project" | "hours"; id: string | null; title: string | null; extra: string | null };
type ClashRow = { kind: "visit" | "time_off"; visit_id: string; id: string; title: string | null; visible: boolean | null; start: string; end: string };

const iso = (column: unknown) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const reach = sql.raw(`interval '${VISIT_MAX_HOURS} hours'`);

/**
 * The page's project titles and customer names, and the hours of its locations (their
 * own, else the organization's), in one statement.
 */
async function namesAndHours(db: Db, org: string, items: VisitBaseView[]) {
  const projects = [...new Set(items.map((item) => item.project))];
  const locations = [...new Set(items.map((item) => item.location).filter((id) => id !== null))];
  return (await namedRows(
    db,
    sql`select 'project' as kind, ${project.id} as id, ${project.title} as title, ${customer.name} as extra
    from ${project} left join ${customer} on ${customer.organizationId} = ${project.organizationId} and ${customer.id} = ${project.customerId}
    where ${project.organizationId} = ${org} and ${project.id} = any(${sql.param(projects)}::uuid[])
    union all
    select 'hours', ${location.id}, null, coalesce(nullif(${location.business} -> 'hours', 'null'::jsonb), ${organization.business} -> 'hours')::text
    from ${location} join ${organization} on ${organization.id} = ${location.organizationId}
    where ${location.organizationId} = ${org} and ${location.id} = any(${sql.param(locations)}::uuid[])
    union all
    select 'hours', null, null, (${organization.business} -> 'hours')::text from ${organization} where ${organization.id} = ${org}`,
  )) as NameRow[];
}

/**
 * The clashes of the page's visits with other visits and time off, in one statement
 * whose text does not depend on the page (the page goes in as arrays), so each
 * connection parses it once:
 * - each (visit, member) of the page reads one range of visit_member's clash index
 *   (member, start; timed and not cancelled visits only), from the longest a visit may
 *   last before its start to its end, CLASHES_PER_MEMBER rows at most, from the index alone;
 * - the projects of the visits found that are not on the page are read once each, for
 *   their title and whether the session may see them (a visit is seen as its project is,
 *   and by its members);
 * - time off by the member's (member, end) index, from the member's first visit of the page on.
 */
async function clashRows(db: Db, session: SessionContext, items: VisitBaseView[]) {
  const org = session.organizationId;
  const pairs = { visit: [] as string[], member: [] as string[], start: [] as (string | null)[], end: [] as (string | null)[], day: [] as (string | null)[], zone: [] as string[] };
  for (const item of items) {
    if (item.status === "cancelled" || (item.start === null && item.day === null)) continue;
    for (const memberId of item.members) {
      pairs.visit.push(item.id);
      pairs.member.push(memberId);
      pairs.start.push(item.start === null ? null : new Date(item.start).toISOString());
      pairs.end.push(item.end === null ? null : new Date(item.end).toISOString());
      pairs.day.push(item.day);
      pairs.zone.push(item.time_zone);
    }
  }
  if (pairs.visit.length === 0) return [];
  const seen = visibleToSession(projectEntity as unknown as ScopedEntity<never, unknown>, session);
  // Seen as its project is, or as one of its members: the one shared with the page's visit, or another.
  const visible = seen
    ? sql`(other.visible or overlap.member_id = ${session.memberId} or exists (select 1 from ${visitMember} own
        where own.organization_id = ${org} and own.visit_id = overlap.id and own.member_id = ${session.memberId}))`
    : sql`true`;
  return (await namedRows(
    db,
    sql`with mine as materialized (
      select m.visit_id, m.member_id, m.start_at is not null as timed,
        coalesce(m.start_at, m.day::timestamp at time zone m.zone) as span_start,
        coalesce(m.end_at, (m.day + 1)::timestamp at time zone m.zone) as span_end
      from unnest(${sql.param(pairs.visit)}::uuid[], ${sql.param(pairs.member)}::uuid[], ${sql.param(pairs.start)}::timestamptz[],
        ${sql.param(pairs.end)}::timestamptz[], ${sql.param(pairs.day)}::date[], ${sql.param(pairs.zone)}::text[])
        as m(visit_id, member_id, start_at, end_at, day, zone)
    ), overlap as materialized (
      select mine.visit_id, mine.member_id, o.visit_id as id, o.project_id, o.span_start, o.span_end
      from mine cross join lateral (
        select ${visitMember.visitId}, ${visitMember.projectId}, ${visitMember.spanStart}, ${visitMember.spanEnd} from ${visitMember}
        where ${visitMember.organizationId} = ${org} and ${visitMember.memberId} = mine.member_id
          and ${visitMember.timed} and ${visitMember.status} <> 'cancelled'
          -- The range of the clash index: no visit lasts longer.
          and ${visitMember.spanStart} > mine.span_start - ${reach} and ${visitMember.spanStart} < mine.span_end
          and ${visitMember.spanEnd} > mine.span_start and ${visitMember.visitId} <> mine.visit_id
        order by ${visitMember.spanStart}, ${visitMember.visitId}
        limit ${sql.raw(String(CLASHES_PER_MEMBER))}
      ) o
      where mine.timed
    ), other as materialized (
      -- A visit of the page is seen and its title is the page's: only the others' projects are read.
      select ${project.id} as id, ${project.title} as title, (${seen ?? sql`true`}) as visible
      from (
        select distinct project_id from overlap
        where not exists (select 1 from unnest(${sql.param(items.map((item) => item.id))}::uuid[]) as page(id) where page.id = overlap.id)
      ) found
      join ${project} on ${project.organizationId} = ${org} and ${project.id} = found.project_id
    )
    select 'visit' as kind, overlap.visit_id, overlap.id, other.title, ${visible} as visible,
      ${iso(sql`overlap.span_start`)} as start, ${iso(sql`overlap.span_end`)} as "end"
    from overlap left join other on other.id = overlap.project_id
    union all
    select distinct 'time_off', mine.visit_id, away.id, away.reason, true, ${iso(sql`away.start_at`)}, ${iso(sql`away.end_at`)}
    from (select member_id, min(span_start) as span_start, max(span_end) as span_end from mine group by member_id) window_of
    cross join lateral (
      select ${timeOff.id} as id, ${timeOff.reason} as reason, ${timeOff.startAt} as start_at, ${timeOff.endAt} as end_at from ${timeOff}
      where ${timeOff.organizationId} = ${org} and ${timeOff.memberId} = window_of.member_id and ${timeOff.endAt} > window_of.span_start
        and ${timeOff.startAt} < window_of.span_end and ${timeOff.status} = 'active'
    ) away
    join mine on mine.member_id = window_of.member_id and away.start_at < mine.span_end and away.end_at > mine.span_start`,
  )) as ClashRow[];
}

/** Clashes in the order they are told: visits, then time off, each by start, then id. */
const clashOrder = (a: VisitClash, b: VisitClash) =>
  (a.type === b.type ? 0 : a.type === "visit" ? -1 : 1) || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0) || ((a.id ?? "") < (b.id ?? "") ? -1 : 1);

/** The page's project titles and customer names, and each visit's clashes: two statements for the whole page. */
export async function visitExtras(db: Db, session: SessionContext, items: VisitBaseView[]): Promise<VisitExtras> {
  const names = new Map<string, Names>();
  const clashes = new Map<string, VisitClash[]>();
  if (items.length === 0) return { names, clashes };
  const [named, found] = [await namesAndHours(db, session.organizationId, items), await clashRows(db, session, items)];
  const hoursAt = new Map<string | null, Hours | null>();
  for (const row of named) {
    if (row.kind === "project") names.set(row.id!, { title: row.title!, customerName: row.extra });
    else hoursAt.set(row.id, row.extra === null ? null : (JSON.parse(row.extra) as Hours | null));
  }
  const onPage = new Map(items.map((item) => [item.id, item]));
  const told = new Set<string>();
  const add = (visitId: string, clash: VisitClash) => {
    const list = clashes.get(visitId);
    if (list) list.push(clash);
    else clashes.set(visitId, [clash]);
  };
  for (const row of found) {
    // Two shared members: one clash.
    const key = `${row.visit_id} ${row.kind} ${row.id}`;
    if (told.has(key)) continue;
    told.add(key);
    if (row.kind === "time_off") {
      add(row.visit_id, { type: "time_off", id: row.id, title: row.title ?? "", start: row.start, end: row.end });
      continue;
    }
    const own = onPage.get(row.id);
    const visible = own !== undefined || row.visible === true;
    const title = own !== undefined ? (names.get(own.project)?.title ?? "") : visible ? (row.title ?? "") : "";
    add(row.visit_id, { type: "visit", id: visible ? row.id : null, title, start: row.start, end: row.end });
  }
  for (const list of clashes.values()) if (list.length > 1) list.sort(clashOrder);
  for (const item of items) {
    if (item.status === "cancelled" || item.start === null) continue;
    const outside = outsideHours(hoursAt.get(item.location) ?? hoursAt.get(null) ?? null, item.start_local!, item.end_local!);
    if (outside !== null) add(item.id, { type: "hours", id: null, title: outside, start: new Date(item.start).toISOString(), end: new Date(item.end!).toISOString() });
  }
  return { names, clashes };
}

/** The weekday of a date ("2027-05-03" → "mon"). */
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/**
 * Whether a timed visit falls outside the opening hours of its start's day, on its wall
 * clock at its zone ("2027-05-03T09:00"): it must lie within one opening interval of that
 * day. The answer is the day's hours as written ("08:00–12:00, 13:00–17:00"), or "" for a
 * closed day; null when it fits or the hours say nothing of that day.
 */
function outsideHours(hours: Hours | null, startLocal: string, endLocal: string): string | null {
  if (!hours) return null;
  const date = startLocal.slice(0, 10);
  const intervals = hours[weekdayOf(date)];
  if (intervals === undefined) return null;
  const fits = intervals.some((interval) => `${date}T${interval.from}` <= startLocal && endLocal <= `${date}T${interval.to}`);
  return fits ? null : intervals.map((interval) => `${interval.from}–${interval.to}`).join(", ");
}
