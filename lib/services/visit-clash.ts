import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { customer } from "@/db/schema/customer";
import { location, organization } from "@/db/schema/organization";
import { project } from "@/db/schema/project";
import { timeOff, visitMember } from "@/db/schema/visit";
import { VISIT_MAX_HOURS } from "@/lib/schemas/visit-status";
import { compiled } from "@/lib/server/page-sql";
import { visibleAt } from "@/lib/server/scoped";
import { projectEntity } from "@/lib/entities/project";
import type { SessionContext } from "@/lib/server/session";

/**
 * What a visit's answer adds to its row, written by the database in the statement that
 * reads the visits (lib/services/visit.ts): its project's title, its customer's name and
 * what it clashes with. A clash is told in the answer and never refused, so that keeping
 * a visit anyway is the person's choice:
 * - "visit": another timed, not cancelled visit of one of its members that overlaps it
 *   (with its id and project title when the session may see it, else neither);
 * - "time_off": active time off of one of its members that overlaps it;
 * - "hours": a timed visit outside its location's business hours, read at its zone
 *   (a weekday the hours leave out is not judged; an empty one is closed).
 * Cancelled visits clash with nothing; a visit on a day with no set time clashes
 * only with time off. Clashes are told visits first, then time off, each by start and
 * id, then hours.
 *
 * The statement reads the visits into `page` (the visit table's columns) and the session
 * into `viewer` (organization_id, here: its location or null, member_id); the parts
 * below read those two, so their text is the same for every session and page and is
 * compiled once.
 */

/** The most overlapping visits told per member of a visit, the earliest first: enough to see the member is double-booked. */
const CLASHES_PER_MEMBER = 3;

const iso = (value: SQL) => sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const wallClock = (value: SQL) => sql`to_char(${value}, 'YYYY-MM-DD"T"HH24:MI')`;
const reach = sql.raw(`interval '${VISIT_MAX_HOURS} hours'`);
const here = sql`viewer.here`;

/**
 * - mine: each (visit, member) of the page that can clash;
 * - overlap: each timed (visit, member) reads one range of visit_member's clash index
 *   (member, start; timed and not cancelled visits only), from the longest a visit may
 *   last before its start to its end, CLASHES_PER_MEMBER rows at most, from the index
 *   alone (it holds the end and the project); two shared members make one clash;
 * - other: the projects of the visits found, read once each, for their title and whether
 *   the session's location sees them (a visit is seen as its project is); a visit the
 *   session's member is assigned to is seen whatever the sharing;
 * - away: time off by the member's (member, end) index, from the member's first visit of the page on, one read per member;
 * - hours: the hours of the page's locations (their own, else the organization's).
 */
const EXTRAS = compiled(sql`, mine as materialized (
    select page.id as visit_id, m.member_id, page.start_at is not null as timed, page.span_start, page.span_end
    from page cross join unnest(page.members) as m(member_id)
    where page.status <> 'cancelled' and page.span_end is not null
  ), overlap as materialized (
    select distinct on (mine.visit_id, o.visit_id) mine.visit_id, o.visit_id as id, o.project_id, o.span_start, o.span_end
    from mine cross join viewer cross join lateral (
      select ${visitMember.visitId}, ${visitMember.projectId}, ${visitMember.spanStart}, ${visitMember.spanEnd} from ${visitMember}
      where ${visitMember.organizationId} = viewer.organization_id and ${visitMember.memberId} = mine.member_id
        and ${visitMember.timed} and ${visitMember.status} <> 'cancelled'
        -- The range of the clash index: no visit lasts longer.
        and ${visitMember.spanStart} > mine.span_start - ${reach} and ${visitMember.spanStart} < mine.span_end
        and ${visitMember.spanEnd} > mine.span_start and ${visitMember.visitId} <> mine.visit_id
      order by ${visitMember.spanStart}, ${visitMember.visitId}
      limit ${sql.raw(String(CLASHES_PER_MEMBER))}
    ) o
    where mine.timed
    order by mine.visit_id, o.visit_id
  ), other as materialized (
    select ${project.id} as id, ${project.title} as title, (${here} is null or ${visibleAt(projectEntity.columns, here)}) as visible
    from (select distinct project_id from overlap) found cross join viewer
    join ${project} on ${project.organizationId} = viewer.organization_id and ${project.id} = found.project_id
  ), seen as (
    select overlap.*, other.title, other.visible or exists (select 1 from ${visitMember} mine_too cross join viewer
      where mine_too.organization_id = viewer.organization_id and mine_too.visit_id = overlap.id and mine_too.member_id = viewer.member_id) as seen
    from overlap join other on other.id = overlap.project_id
  ), away as (
    select distinct mine.visit_id, off.id, off.reason, off.start_at, off.end_at
    from (select member_id, min(span_start) as span_start, max(span_end) as span_end from mine group by member_id) window_of
    cross join viewer cross join lateral (
      select ${timeOff.id} as id, ${timeOff.reason} as reason, ${timeOff.startAt} as start_at, ${timeOff.endAt} as end_at from ${timeOff}
      where ${timeOff.organizationId} = viewer.organization_id and ${timeOff.memberId} = window_of.member_id and ${timeOff.endAt} > window_of.span_start
        and ${timeOff.startAt} < window_of.span_end and ${timeOff.status} = 'active'
      -- Kept a read per member: joined with the page's members instead, the planner reads every
      -- time off of the organization, which grows with the years the members work there.
      offset 0
    ) off
    join mine on mine.member_id = window_of.member_id and off.start_at < mine.span_end and off.end_at > mine.span_start
  ), location_hours as materialized (
    select ${location.id} as location_id, coalesce(nullif(${location.business} -> 'hours', 'null'::jsonb), ${organization.business} -> 'hours') as hours
    from ${location} cross join viewer join ${organization} on ${organization.id} = ${location.organizationId}
    where ${location.organizationId} = viewer.organization_id and ${location.id} in (select location_id from page)
    union all
    select null, ${organization.business} -> 'hours' from ${organization} cross join viewer where ${organization.id} = viewer.organization_id
  ), outside as (
    select page.id as visit_id, coalesce(judged.title, '') as title, page.start_at, page.end_at
    from page cross join lateral (
      select coalesce((select hours from location_hours h where h.location_id = page.location_id), (select hours from location_hours h where h.location_id is null))
        -> to_char(page.local_start, 'dy') as intervals
    ) weekday_hours
    cross join lateral (
      select string_agg((i ->> 'from') || '–' || (i ->> 'to'), ', ' order by n) as title,
        bool_or((to_char(page.local_start, 'YYYY-MM-DD') || 'T' || (i ->> 'from')) collate "C" <= ${wallClock(sql`page.local_start`)}
          and ${wallClock(sql`page.local_end`)} collate "C" <= (to_char(page.local_start, 'YYYY-MM-DD') || 'T' || (i ->> 'to'))) as fits
      from jsonb_array_elements(weekday_hours.intervals) with ordinality as x(i, n)
    ) judged
    where page.start_at is not null and page.status <> 'cancelled' and jsonb_typeof(weekday_hours.intervals) = 'array' and not coalesce(judged.fits, false)
  ), clash as (
    select visit_id, 0 as rank, case when seen then id end as id, case when seen then title else '' end as title, span_start as start_at, span_end as end_at from seen
    union all
    select visit_id, 1, id, coalesce(reason, ''), start_at, end_at from away
    union all
    select visit_id, 2, null, title, start_at, end_at from outside
  ), clashes as (
    select visit_id, json_agg((select row_to_json(item) from (select case rank when 0 then 'visit' when 1 then 'time_off' else 'hours' end as "type",
        id as "id", title as "title", ${iso(sql`start_at`)} as "start", ${iso(sql`end_at`)} as "end") item)
      order by rank, start_at, coalesce(id::text, '') collate "C") as list
    from clash group by visit_id
  ), names as (
    select ${project.id} as id, ${project.title} as title, ${customer.name} as customer_name
    from ${project} cross join viewer left join ${customer} on ${customer.organizationId} = ${project.organizationId} and ${customer.id} = ${project.customerId}
    where ${project.organizationId} = viewer.organization_id and ${project.id} in (select project_id from page)
  )`);

/** What the answer's statement joins to each visit of the page, named as its table. */
const JOINS = compiled(sql` left join names on names.id = visit.project_id left join clashes on clashes.visit_id = visit.id`);

/** The answer's fields that the statement adds to the visit's own. */
export const visitExtrasSql = {
  project_title: sql`coalesce(names.title, '')`,
  customer_name: sql`names.customer_name`,
  clashes: sql`coalesce(clashes.list, '[]'::json)`,
};

/**
 * The statement that answers with visits: `page` read by `pageSql` (the visit table's
 * columns, plus "pageSortKey" and "pageId"), each visit's JSON written by `json`
 * with the extras above, in `order`.
 */
export function visitAnswerStatement(session: SessionContext, pageSql: SQL, json: SQL, order: SQL): SQL {
  const viewer = sql`viewer as (select ${session.organizationId}::uuid as organization_id, ${session.locationId}::text as here, ${session.memberId}::uuid as member_id)`;
  return sql`with page as materialized (${pageSql}), ${viewer}${EXTRAS}
    select ${json} as "json", "pageSortKey", "pageId" from page as visit${JOINS} order by ${order}`;
}
