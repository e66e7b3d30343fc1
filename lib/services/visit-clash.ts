import "server-only";
import { sql, type QueryTypingsValue, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { location, organization } from "@/db/schema/organization";
import { project } from "@/db/schema/project";
import { timeOff, visitMember } from "@/db/schema/visit";
import type { BusinessDetails } from "@/lib/schemas/business";
import type { VisitClash } from "@/lib/schemas/visit";
import { VISIT_MAX_HOURS } from "@/lib/schemas/visit-status";
import { WEEKDAYS } from "@/lib/schemas/weekdays";
import type { Sharing } from "@/lib/schemas/sharing";
import { accessLevel } from "@/lib/server/access";
import { statementName } from "@/lib/server/page-sql";
import type { SessionContext } from "@/lib/server/session";
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

/** What the clash check reads of a visit: its view's fields, or the same read beside a list's JSON. */
export type ClashInput = Pick<VisitBaseView, "id" | "project" | "members" | "day" | "time_zone" | "status" | "location" | "start_local" | "end_local"> & {
  start: Date | string | null;
  end: Date | string | null;
};

type ExtraRow = {
  kind: "project" | "hours" | "visit" | "time_off";
  visit_id: string | null;
  id: string | null;
  title: string | null;
  extra: string | null;
  start: string | null;
  end: string | null;
  location_id: string | null;
  sharing: Sharing | null;
  own: boolean | null;
};

const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const reach = sql.raw(`interval '${VISIT_MAX_HOURS} hours'`);
const given = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * One statement for a whole page, its text the same for every page (the page goes in as
 * arrays), compiled once and parsed once per connection:
 * - the page's project titles and customer names, and the hours of its locations (their
 *   own, else the organization's);
 * - each (visit, member) of the page reads one range of visit_member's clash index
 *   (member, start; timed and not cancelled visits only), from the longest a visit may
 *   last before its start to its end, CLASHES_PER_MEMBER rows at most, from the index
 *   alone (it holds the end and the project);
 * - the projects of the visits found off the page are read once each, for their title and
 *   sharing (a visit is seen as its project is); at a location, whether the session's
 *   member is assigned to such a visit too (then it is seen whatever the sharing);
 * - time off by the member's (member, end) index, from the member's first visit of the page on.
 */
function extrasStatement(withOwn: boolean) {
  const org = sql.placeholder("organization");
  const own = withOwn
    ? sql`(overlap.member_id = ${sql.placeholder("member")} or exists (select 1 from ${visitMember} mine_too
        where mine_too.organization_id = ${org} and mine_too.visit_id = overlap.id and mine_too.member_id = ${sql.placeholder("member")}))`
    : sql`true`;
  return sql`with mine as materialized (
      select m.visit_id, m.member_id, m.start_at is not null as timed,
        coalesce(m.start_at, m.day::timestamp at time zone m.zone) as span_start,
        coalesce(m.end_at, (m.day + 1)::timestamp at time zone m.zone) as span_end
      from unnest(${given("visits", "uuid[]")}, ${given("members", "uuid[]")}, ${given("starts", "timestamptz[]")},
        ${given("ends", "timestamptz[]")}, ${given("days", "date[]")}, ${given("zones", "text[]")})
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
    ), off_page as materialized (
      -- A visit of the page is seen and its title is the page's: only the others are looked up.
      select overlap.* from overlap
      where not exists (select 1 from unnest(${given("page", "uuid[]")}) as page(id) where page.id = overlap.id)
    ), other as materialized (
      select ${project.id} as id, ${project.title} as title, ${project.locationId} as location_id, ${project.sharing} as sharing
      from (select distinct project_id from off_page) found
      join ${project} on ${project.organizationId} = ${org} and ${project.id} = found.project_id
    )
    select 'project' as kind, null::uuid as visit_id, ${project.id} as id, ${project.title} as title, ${customer.name} as extra,
      null as start, null as "end", null::uuid as location_id, null::jsonb as sharing, null::boolean as own
    from ${project} left join ${customer} on ${customer.organizationId} = ${project.organizationId} and ${customer.id} = ${project.customerId}
    where ${project.organizationId} = ${org} and ${project.id} = any(${given("projects", "uuid[]")})
    union all
    select 'hours', null, ${location.id}, null, coalesce(nullif(${location.business} -> 'hours', 'null'::jsonb), ${organization.business} -> 'hours')::text,
      null, null, null, null, null
    from ${location} join ${organization} on ${organization.id} = ${location.organizationId}
    where ${location.organizationId} = ${org} and ${location.id} = any(${given("locations", "uuid[]")})
    union all
    select 'hours', null, null, null, (${organization.business} -> 'hours')::text, null, null, null, null, null
    from ${organization} where ${organization.id} = ${org}
    union all
    select 'visit', overlap.visit_id, overlap.id, other.title, null, ${iso(sql`overlap.span_start`)}, ${iso(sql`overlap.span_end`)},
      other.location_id, other.sharing, case when other.id is null then true else ${own} end
    from overlap left join other on other.id = overlap.project_id
    union all
    select distinct 'time_off', mine.visit_id, away.id, away.reason, null, ${iso(sql`away.start_at`)}, ${iso(sql`away.end_at`)},
      null::uuid, null::jsonb, null::boolean
    from (select member_id, min(span_start) as span_start, max(span_end) as span_end from mine group by member_id) window_of
    cross join lateral (
      select ${timeOff.id} as id, ${timeOff.reason} as reason, ${timeOff.startAt} as start_at, ${timeOff.endAt} as end_at from ${timeOff}
      where ${timeOff.organizationId} = ${org} and ${timeOff.memberId} = window_of.member_id and ${timeOff.endAt} > window_of.span_start
        and ${timeOff.startAt} < window_of.span_end and ${timeOff.status} = 'active'
    ) away
    join mine on mine.member_id = window_of.member_id and away.start_at < mine.span_end and away.end_at > mine.span_start`;
}

const dialect = new PgDialect();
/** The statement compiled once per variant (with or without the session's own visits): its text and its placeholders. */
const statements = new Map<boolean, { sql: string; params: unknown[]; typings?: QueryTypingsValue[] }>();

async function extraRows(db: Db, session: SessionContext, values: Record<string, unknown>) {
  const withOwn = session.locationId !== null;
  let query = statements.get(withOwn);
  if (!query) statements.set(withOwn, (query = dialect.sqlToQuery(extrasStatement(withOwn))));
  const prepared = db._.session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute({ organization: session.organizationId, member: session.memberId, ...values })) as { rows: ExtraRow[] };
  return result.rows;
}

/** Clashes in the order they are told: visits, then time off, each by start, then id. */
const clashOrder = (a: VisitClash, b: VisitClash) =>
  (a.type === b.type ? 0 : a.type === "visit" ? -1 : 1) || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0) || ((a.id ?? "") < (b.id ?? "") ? -1 : 1);

/** The page's project titles and customer names, and each visit's clashes, in one statement for the whole page. */
export async function visitExtras(db: Db, session: SessionContext, items: ClashInput[]): Promise<VisitExtras> {
  const names = new Map<string, Names>();
  const clashes = new Map<string, VisitClash[]>();
  if (items.length === 0) return { names, clashes };
  const pairs = { visits: [] as string[], members: [] as string[], starts: [] as (string | null)[], ends: [] as (string | null)[], days: [] as (string | null)[], zones: [] as string[] };
  for (const item of items) {
    if (item.status === "cancelled" || (item.start === null && item.day === null)) continue;
    for (const memberId of item.members) {
      pairs.visits.push(item.id);
      pairs.members.push(memberId);
      pairs.starts.push(item.start === null ? null : new Date(item.start).toISOString());
      pairs.ends.push(item.end === null ? null : new Date(item.end).toISOString());
      pairs.days.push(item.day);
      pairs.zones.push(item.time_zone);
    }
  }
  const rows = await extraRows(db, session, {
    ...pairs,
    page: items.map((item) => item.id),
    projects: [...new Set(items.map((item) => item.project))],
    locations: [...new Set(items.map((item) => item.location).filter((id) => id !== null))],
  });
  const hoursAt = new Map<string | null, Hours | null>();
  for (const row of rows) {
    if (row.kind === "project") names.set(row.id!, { title: row.title!, customerName: row.extra });
    else if (row.kind === "hours") hoursAt.set(row.id, row.extra === null ? null : (JSON.parse(row.extra) as Hours | null));
  }
  const onPage = new Map(items.map((item) => [item.id, item]));
  const told = new Set<string>();
  const add = (visitId: string, clash: VisitClash) => {
    const list = clashes.get(visitId);
    if (list) list.push(clash);
    else clashes.set(visitId, [clash]);
  };
  for (const row of rows) {
    if (row.kind !== "visit" && row.kind !== "time_off") continue;
    // Two shared members: one clash.
    const key = `${row.visit_id} ${row.kind} ${row.id}`;
    if (told.has(key)) continue;
    told.add(key);
    if (row.kind === "time_off") {
      add(row.visit_id!, { type: "time_off", id: row.id, title: row.title ?? "", start: row.start!, end: row.end! });
      continue;
    }
    const own = onPage.get(row.id!);
    const seen =
      own !== undefined ||
      row.own === true ||
      accessLevel({ organizationId: session.organizationId, locationId: row.location_id, sharing: row.sharing! }, session) !== "none";
    const title = own !== undefined ? (names.get(own.project)?.title ?? "") : seen ? (row.title ?? "") : "";
    add(row.visit_id!, { type: "visit", id: seen ? row.id : null, title, start: row.start!, end: row.end! });
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
