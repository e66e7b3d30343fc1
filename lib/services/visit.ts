import "server-only";
import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { project } from "@/db/schema/project";
import { site } from "@/db/schema/site";
import { visit, visitMember } from "@/db/schema/visit";
import type { VisitClash, visitCreateSchema, visitListQuerySchema, visitUpdateSchema } from "@/lib/schemas/visit";
import { VISIT_MAX_HOURS } from "@/lib/schemas/visit-status";
import type { z } from "@/lib/schemas/z";
import { ApiError, forbidden, invalidAt, missingPrivilege } from "@/lib/server/errors";
import { creationChanges, readHistory, recordHistory } from "@/lib/server/history";
import { changeSet, getItem, listCondition, lockEditable, lockVisible, pageSource } from "@/lib/server/scoped";
import { JsonText } from "@/lib/server/json-text";
import { pageRows, rowColumns, type PageRead } from "@/lib/server/page";
import { compiled, namedRows, rowCount } from "@/lib/server/page-sql";
import { viewJson } from "@/lib/server/view-json";
import type { SessionContext } from "@/lib/server/session";
import { dayBounds, instantAt, SkippedWallClock, wallClockAt } from "@/lib/server/zoned-time";
import { projectEntity, type ProjectRow } from "@/lib/entities/project";
import { visitBaseView, visitEntity, type VisitBaseView, type VisitRow } from "@/lib/entities/visit";
import { planVisitMessages, type Planned } from "./automatic-messages/plan";
import { queuePlanned } from "./automatic-messages/send";
import { notifyVisitChange } from "./notify";
import { businessTimeZone, projectSite } from "./site";
import { visitAnswerStatement, visitExtrasSql } from "./visit-clash";
import { editsProject } from "./workflow-rules";

/**
 * Visits of projects. A visit is seen as its project is (lib/entities/visit.ts);
 * creating or changing one needs what editing its project needs, except that a
 * member assigned to a visit may always change its status.
 */

/** What lists and clash checks read back from a range's start: the longest timed visit, or a day of 25 hours. */
const REACH = `${VISIT_MAX_HOURS + 2} hours`;
/** The widest offset of any time zone from UTC, for dates read at each visit's own zone. */
const ZONE_REACH = "14 hours";

export type VisitView = VisitBaseView & { project_title: string; customer_name: string | null; clashes: VisitClash[] };

/** A visit as the API answers it, written by the database (viewJson): its row's fields, then those of ANSWER_SQL. */
const answerView = (row: VisitRow): VisitView => ({ ...visitBaseView(row, () => null), project_title: "", customer_name: null, clashes: [] });

/** A visit's wall clock as its view shows it ("2027-03-28T09:00"), when it has a start. */
const shownLocal = (column: AnyPgColumn) => sql`case when ${visit.startAt} is not null then to_char(${column}, 'YYYY-MM-DD"T"HH24:MI') end`;

const ANSWER_SQL = { start_local: shownLocal(visit.localStart), end_local: shownLocal(visit.localEnd), ...visitExtrasSql };

/** The visit table's columns as a page reads them, and each visit's JSON, compiled once. */
let compiledParts: { columns: SQL; json: SQL } | undefined;

function answerParts() {
  if (compiledParts) return compiledParts;
  const json = viewJson(visit, answerView, ANSWER_SQL);
  if (!json) throw new Error("The visit answer cannot be written in SQL");
  return (compiledParts = { columns: compiled(sql.join(Object.values(rowColumns(visit)), sql`, `)), json: compiled(json) });
}

/**
 * Reads a page of visits as the API answers them: one statement writes each visit's JSON
 * with its project's title, customer's name and clashes (visit-clash.ts); the page goes
 * out as that text.
 */
function answerReader(db: Db, session: SessionContext, from: SQL | undefined) {
  const { columns, json } = answerParts();
  return async (page: PageRead) => {
    const order = sql.join(page.order, sql`, `);
    const where = page.where ? sql` where ${page.where}` : sql``;
    const pageSql = sql`select ${columns}, (${page.sortKey})::text as "pageSortKey", ${visit.id} as "pageId" from ${from ?? visit}${where}
      order by ${order} limit ${rowCount(page.limit)}${page.skip > 0 ? sql` offset ${page.skip}` : sql``}`;
    return (await namedRows(db, visitAnswerStatement(session, pageSql, json, order))) as AnswerRow[];
  };
}

type AnswerRow = { json: string; pageSortKey: string | null; pageId: string };

const BY_START = { sort: { field: "start", direction: "asc" as const }, limit: 1 };

/** One visit as the API answers it; the caller has checked the session may see it. */
async function answerOne(db: Db, session: SessionContext, id: string): Promise<VisitView> {
  const source = pageSource(visitEntity, session);
  const where = and(eq(visit.organizationId, session.organizationId), eq(visit.id, id));
  const { rows } = await pageRows(source, where, BY_START, answerReader(db, session, undefined));
  return JSON.parse((rows[0] as AnswerRow).json) as VisitView;
}

export async function getVisit(db: Db, session: SessionContext, id: string) {
  await getItem(db, session, visitEntity, id);
  return answerOne(db, session, id);
}

export async function visitHistory(db: Db, session: SessionContext, id: string) {
  await getItem(db, session, visitEntity, id);
  return readHistory(db, session.organizationId, visitEntity.type, id);
}

type ListQuery = z.output<typeof visitListQuerySchema>;

const isDate = (text: string) => text.length === 10;
const midnight = (day: string) => `${day} 00:00:00`;

/**
 * A visit matches [from, to) when it overlaps it; dates are read at each visit's
 * own zone (its wall clock), instants as they are. The bounds on span_start keep
 * every filter one range of an index starting with the filtered columns.
 */
function rangeConditions(query: Pick<ListQuery, "from" | "to">, columns: { spanStart: AnyPgColumn; spanEnd: AnyPgColumn }, local?: { start: AnyPgColumn; end: AnyPgColumn }) {
  const conditions: SQL[] = [];
  const { from, to } = query;
  if (from !== undefined) {
    if (isDate(from)) {
      conditions.push(sql`${columns.spanStart} > ${from}::date::timestamp at time zone 'UTC' - interval '${sql.raw(ZONE_REACH)}' - interval '${sql.raw(REACH)}'`);
      conditions.push(local ? sql`${local.end} > ${midnight(from)}::timestamp` : sql`${columns.spanEnd} > ${from}::date::timestamp at time zone 'UTC' - interval '${sql.raw(ZONE_REACH)}'`);
    } else {
      const instant = new Date(from);
      conditions.push(sql`${columns.spanStart} > ${instant.toISOString()}::timestamptz - interval '${sql.raw(REACH)}'`);
      conditions.push(sql`${columns.spanEnd} > ${instant.toISOString()}::timestamptz`);
    }
  }
  if (to !== undefined) {
    if (isDate(to)) {
      conditions.push(sql`${columns.spanStart} < ${to}::date::timestamp at time zone 'UTC' + interval '${sql.raw(ZONE_REACH)}'`);
      if (local) conditions.push(sql`${local.start} < ${midnight(to)}::timestamp`);
    } else {
      conditions.push(sql`${columns.spanStart} < ${new Date(to).toISOString()}::timestamptz`);
    }
  }
  return conditions;
}

/**
 * One member's visits as a relation named as the visit table, whose span_start and id
 * are its visit_member row's: lists order by them, so the page is read in the order of
 * visit_member's (member, span_start) index and stops at its limit (the member's month
 * holds far more visits than a page).
 */
function visitsOfMember(session: SessionContext, memberId: string): SQL {
  const columns = Object.values(getTableColumns(visit)).map((column) =>
    column.name === "span_start" ? sql`m.span_start as span_start` : column.name === "id" ? sql`m.visit_id as id` : sql.raw(`v."${column.name}"`),
  );
  return sql`(select ${sql.join(columns, sql`, `)} from ${visitMember} m join ${visit} v on v.organization_id = m.organization_id and v.id = m.visit_id
    where m.organization_id = ${session.organizationId} and m.member_id = ${memberId}) as ${visit}`;
}

/** The visit_member rows of `members` that overlap the list's range, found in visit_member's (member, span_start) index. */
function assignedRows(session: SessionContext, members: string[], query: ListQuery): SQL {
  return sql`select ${visitMember.visitId} from ${visitMember} where ${and(
    eq(visitMember.organizationId, session.organizationId),
    inArray(visitMember.memberId, members),
    ...rangeConditions(query, visitMember),
  )}`;
}

const located = alias(visit, "located");

/**
 * The visits at one of `locations` or assigned to one of `members` (a location's board), as
 * one set of ids from two index ranges: an OR of the two conditions would read every visit of
 * the organization in the range instead.
 */
function atOrAssigned(session: SessionContext, locations: string[], members: string[], query: ListQuery): SQL {
  const at = sql`select ${located.id} from ${visit} as ${located} where ${and(
    eq(located.organizationId, session.organizationId),
    inArray(located.locationId, locations),
    ...rangeConditions(query, located),
  )}`;
  return sql`${visit.id} in (${at} union all ${assignedRows(session, members, query)})`;
}

/** Where the listed visits are: at one of `location`, widened by `or_member` to the visits of those members wherever they are. */
function placeCondition(session: SessionContext, query: ListQuery): SQL | undefined {
  const { location, or_member: members } = query;
  if (location && members) return atOrAssigned(session, location, members, query);
  if (location) return inArray(visit.locationId, location);
  if (members) return sql`${visit.id} in (${assignedRows(session, members, query)})`;
  return undefined;
}

/** What a list reads: its rows' conditions, and where from (one member's visits by visit_member's index). */
function listPlan(session: SessionContext, query: ListQuery) {
  const range = rangeConditions(query, visit, { start: visit.localStart, end: visit.localEnd });
  const oneMember = query.member?.length === 1 ? query.member[0] : undefined;
  const extra = [
    // Several members: their visits are found in visit_member's (member, span_start) index, the range applied there too.
    query.member && !oneMember ? sql`${visit.id} in (${assignedRows(session, query.member, query)})` : undefined,
    placeCondition(session, query),
    query.project ? inArray(visit.projectId, query.project) : undefined,
    query.customer ? inArray(visit.customerId, query.customer) : undefined,
    query.unscheduled === true ? isNull(visit.spanEnd) : query.unscheduled === false ? isNotNull(visit.spanEnd) : undefined,
    ...range,
  ];
  const listQuery = { ...query, status: query.status.length > 0 ? query.status : undefined };
  const source = { ...pageSource(visitEntity, session), ...(oneMember && { from: visitsOfMember(session, oneMember) }) };
  return { source, listQuery, where: listCondition(session, visitEntity, listQuery, extra) };
}

/** A page of visits as GET /visit answers it. */
async function answerPage(db: Db, session: SessionContext, query: ListQuery) {
  const { source, listQuery, where } = listPlan(session, query);
  const page = await pageRows(source, where, listQuery, answerReader(db, session, source.from));
  return { json: (page.rows as AnswerRow[]).map((row) => row.json), more: page.more, ...(page.next && { next: page.next }) };
}

/** A page of visits as objects, for the app's own use (calendar feeds). */
export async function listVisits(db: Db, session: SessionContext, query: ListQuery) {
  const { json, ...page } = await answerPage(db, session, query);
  return { items: json.map((text) => JSON.parse(text) as VisitView), ...page };
}

/** A page of visits as GET /visit answers it: the items as the database wrote them. */
export async function listVisitsAnswer(db: Db, session: SessionContext, query: ListQuery) {
  const { json, ...page } = await answerPage(db, session, query);
  return { items: JsonText.array<VisitView[]>(json), ...page };
}

/** The zone a visit's wall clock is read in: its site's, else its location's business details', else the organization's. */
async function visitZone(tx: Db, session: SessionContext, siteId: string | null, locationId: string | null) {
  if (siteId) {
    const [row] = await tx
      .select({ timeZone: site.timeZone })
      .from(site)
      .where(and(eq(site.organizationId, session.organizationId), eq(site.id, siteId)));
    if (row) return row.timeZone;
  }
  return businessTimeZone(tx, session.organizationId, locationId);
}

type Schedule = {
  startAt: Date | null;
  endAt: Date | null;
  day: string | null;
  spanStart: Date | SQL;
  spanEnd: Date | null;
  localStart: string | null;
  localEnd: string | null;
};

/** An unscheduled visit spans nothing: it starts at 'infinity' (db/schema/visit.ts). */
const UNSCHEDULED: Schedule = { startAt: null, endAt: null, day: null, spanStart: sql`'infinity'::timestamptz`, spanEnd: null, localStart: null, localEnd: null };

function instantOf(text: string, zone: string, path: string) {
  try {
    return instantAt(text, zone);
  } catch (error) {
    if (error instanceof SkippedWallClock) throw invalidAt(path, "errors.visit.skippedTime", { time: text.replace("T", " "), zone });
    throw error;
  }
}

/** Where a visit is in time at `zone`: a start and end, or a day, or neither; refused when the end is not after the start or too far. */
function scheduleAt(times: { start: Date | string | null; end: Date | string | null; day: string | null }, zone: string): Schedule {
  if (times.start !== null && times.end !== null) {
    const startAt = typeof times.start === "string" ? instantOf(times.start, zone, "start") : times.start;
    const endAt = typeof times.end === "string" ? instantOf(times.end, zone, "end") : times.end;
    if (endAt <= startAt) throw invalidAt("end", "errors.visit.endBeforeStart");
    if (endAt.getTime() - startAt.getTime() > VISIT_MAX_HOURS * 3600_000) throw invalidAt("end", "errors.visit.tooLong", { hours: VISIT_MAX_HOURS });
    return { startAt, endAt, day: null, spanStart: startAt, spanEnd: endAt, localStart: wallClockAt(startAt, zone), localEnd: wallClockAt(endAt, zone) };
  }
  if (times.day !== null) {
    const { start, end } = dayBounds(times.day, zone);
    return { startAt: null, endAt: null, day: times.day, spanStart: start, spanEnd: end, localStart: wallClockAt(start, zone), localEnd: wallClockAt(end, zone) };
  }
  return UNSCHEDULED;
}

/** Assigned members are active members of the organization (400 at `members.<index>`). */
async function checkMembers(tx: Db, session: SessionContext, ids: string[], kept: string[] = []) {
  const added = ids.filter((id) => !kept.includes(id));
  if (added.length === 0) return;
  const found = await tx
    .select({ id: member.id, status: member.status })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), inArray(member.id, added)));
  const active = new Set(found.filter((row) => row.status === "active").map((row) => row.id));
  const index = ids.findIndex((id) => added.includes(id) && !active.has(id));
  if (index >= 0) throw invalidAt(`members.${index}`, "errors.visit.memberInactive");
}

/** The visit's project, locked, when the session may edit it; a project it cannot see or that does not exist is a 400 at `project`. */
async function editableProject(tx: Db, session: SessionContext, id: string): Promise<ProjectRow> {
  let row: ProjectRow;
  try {
    row = await lockEditable(tx, session, projectEntity, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw invalidAt("project", "errors.visit.projectUnknown");
    throw error;
  }
  if (!editsProject(session, { owner: row.ownerId }, "edit")) throw missingPrivilege("projects_manage");
  return row;
}

const HISTORY_FIELDS = Object.entries(visitEntity.fields);

/** What a new visit's history leaves out: fields it started empty, or as every visit does (automatic messages on). */
const startsAsDefault = (field: string, value: unknown) =>
  value === null || (Array.isArray(value) && value.length === 0) || (field === "automatic_messages" && value === true);

export async function createVisit(db: Db, session: SessionContext, input: z.output<typeof visitCreateSchema>) {
  const row = await db.transaction(async (tx): Promise<{ row: VisitRow; planned: Planned }> => {
    const owner = await editableProject(tx, session, input.project);
    const siteId = input.site === undefined ? owner.siteId : await projectSite(tx, session, owner.customerId, input.site);
    const zone = await visitZone(tx, session, siteId, owner.locationId);
    const schedule = scheduleAt({ start: input.start ?? null, end: input.end ?? null, day: input.day ?? null }, zone);
    const members = input.members ?? [];
    await checkMembers(tx, session, members);
    const [created] = await tx
      .insert(visit)
      .values({
        organizationId: session.organizationId,
        projectId: owner.id,
        siteId,
        timeZone: zone,
        ...schedule,
        arrivalWindow: input.arrival_window ?? null,
        members,
        instructions: input.instructions ?? null,
        automaticMessages: input.automatic_messages ?? true,
        status: input.status ?? "scheduled",
        statusChangedBy: session.memberId,
      })
      .returning();
    const values = Object.fromEntries(HISTORY_FIELDS.map(([field, key]) => [field, created[key]]));
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: visitEntity.type,
      entityId: created.id,
      memberId: session.memberId,
      action: "created",
      changes: creationChanges(Object.fromEntries(Object.entries(values).filter(([field, value]) => !startsAsDefault(field, value)))),
    });
    await notifyVisitChange(tx, session, null, created, owner.title);
    return { row: created, planned: await planVisitMessages(tx, null, created, { memberId: session.memberId }) };
  });
  await queuePlanned(row.planned);
  return answerOne(db, session, row.row.id);
}

/** The schedule a patch leaves: a new start clears the day, a new day clears start and end, a new zone re-reads the same instants or day. */
function patchedSchedule(row: VisitRow, patch: z.output<typeof visitUpdateSchema>, zone: string): Schedule | undefined {
  if (patch.start !== undefined && patch.start !== null) return scheduleAt({ start: patch.start, end: patch.end ?? null, day: null }, zone);
  if (patch.start === null || patch.day !== undefined) return scheduleAt({ start: null, end: null, day: patch.day ?? null }, zone);
  if (zone !== row.timeZone) return scheduleAt({ start: row.startAt, end: row.endAt, day: row.day }, zone);
  return undefined;
}

const onlyStatus = (patch: Record<string, unknown>) => Object.entries(patch).every(([field, value]) => value === undefined || field === "status");

export async function updateVisit(db: Db, session: SessionContext, id: string, input: z.output<typeof visitUpdateSchema>) {
  // The ETA is not the visit's: it goes into the "on my way" message only.
  const { eta_minutes: etaMinutes, ...patch } = input;
  const row = await db.transaction(async (tx): Promise<{ row: VisitRow; planned: Planned }> => {
    const { row, level } = await lockVisible(tx, session, visitEntity, id);
    const [owner] = await tx
      .select()
      .from(project)
      .where(and(eq(project.organizationId, session.organizationId), eq(project.id, row.projectId)));
    if (!(level === "edit" && editsProject(session, { owner: owner.ownerId }, level))) {
      // Assigned members move their own visit along (on the way, started, done) from wherever they work.
      const assigned = row.members.includes(session.memberId);
      if (!(assigned && onlyStatus(patch))) throw level === "edit" ? missingPrivilege("projects_manage") : forbidden();
    }
    // A kept site stays, even if removed since.
    const siteId = patch.site === undefined || patch.site === row.siteId ? row.siteId : await projectSite(tx, session, owner.customerId, patch.site);
    const zone = siteId === row.siteId ? row.timeZone : await visitZone(tx, session, siteId, owner.locationId);
    const schedule = patchedSchedule(row, patch, zone);
    if (patch.members) await checkMembers(tx, session, patch.members, row.members);
    const { set, changes } = changeSet(visitEntity.fields, row, {
      start: schedule?.startAt,
      end: schedule?.endAt,
      day: schedule?.day,
      time_zone: zone,
      arrival_window: patch.arrival_window,
      members: patch.members,
      site: siteId,
      instructions: patch.instructions,
      automatic_messages: patch.automatic_messages,
      status: patch.status,
    });
    if (Object.keys(set).length === 0) return { row, planned: [] };
    const status = "status" in changes ? { statusChanged: new Date(), statusChangedBy: session.memberId } : {};
    const spans = schedule ? { spanStart: schedule.spanStart, spanEnd: schedule.spanEnd, localStart: schedule.localStart, localEnd: schedule.localEnd } : {};
    const [updated] = await tx
      .update(visit)
      .set({ ...set, ...spans, ...status, updatedAt: new Date() })
      .where(and(eq(visit.organizationId, session.organizationId), eq(visit.id, id)))
      .returning();
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: visitEntity.type,
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes,
    });
    await notifyVisitChange(tx, session, row, updated, owner.title);
    return { row: updated, planned: await planVisitMessages(tx, row, updated, { etaMinutes, memberId: session.memberId }) };
  });
  await queuePlanned(row.planned);
  return answerOne(db, session, row.row.id);
}

/**
 * When a project's customer changes, its visits at a site of the old customer follow the
 * project to its new site, else to none (the database copies the customer itself,
 * migration 0029); their zone is read again from the new site, the same instants or day
 * kept, and the change is in each visit's history.
 */
export async function visitsFollowProjectSite(tx: Db, session: SessionContext, before: ProjectRow, after: ProjectRow) {
  if (before.customerId === after.customerId || before.customerId === null) return;
  const org = session.organizationId;
  const moved = await tx
    .select()
    .from(visit)
    .where(
      and(
        eq(visit.organizationId, org),
        eq(visit.projectId, after.id),
        inArray(visit.siteId, tx.select({ id: site.id }).from(site).where(and(eq(site.organizationId, org), eq(site.customerId, before.customerId)))),
      ),
    );
  const zone = moved.length > 0 ? await visitZone(tx, session, after.siteId, after.locationId) : "";
  for (const row of moved) {
    const schedule = zone === row.timeZone ? undefined : scheduleAt({ start: row.startAt, end: row.endAt, day: row.day }, zone);
    const { set, changes } = changeSet(visitEntity.fields, row, { site: after.siteId, time_zone: zone, start: schedule?.startAt, end: schedule?.endAt, day: schedule?.day });
    if (!("site" in changes)) continue;
    const spans = schedule ? { spanStart: schedule.spanStart, spanEnd: schedule.spanEnd, localStart: schedule.localStart, localEnd: schedule.localEnd } : {};
    const [updated] = await tx
      .update(visit)
      .set({ ...set, siteId: after.siteId, ...spans, updatedAt: new Date() })
      .where(and(eq(visit.organizationId, org), eq(visit.id, row.id)))
      .returning();
    await recordHistory(tx, { organizationId: org, entityType: visitEntity.type, entityId: row.id, memberId: session.memberId, action: "updated", changes });
    // Its reminders follow the site's zone; their jobs are stored by the sweep, a minute after this commits.
    await planVisitMessages(tx, row, updated, { memberId: session.memberId });
  }
}
