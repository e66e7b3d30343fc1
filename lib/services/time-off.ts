import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { timeOff } from "@/db/schema/visit";
import type { timeOffCreateSchema, timeOffListQuerySchema, timeOffUpdateSchema } from "@/lib/schemas/time-off";
import type { z } from "@/lib/schemas/z";
import { invalidAt, missingPrivilege, notFound } from "@/lib/server/errors";
import { creationChanges, readHistory, recordHistory } from "@/lib/server/history";
import { selectResponsePage } from "@/lib/server/page";
import { hasPrivilege } from "@/lib/server/privileges";
import { changeSet } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { dayBounds } from "@/lib/server/zoned-time";
import { TIME_OFF_FIELDS, TIME_OFF_RESOURCE, TIME_OFF_TYPE, timeOffView, type TimeOffRow } from "@/lib/entities/time-off";
import { businessTimeZone } from "./site";

/**
 * Members' time off. Everyone in the organization reads it (the schedule shows who
 * is away); a member manages their own, anyone else's needs members_manage. Whole
 * days are read at the member's location's time zone (else the organization's)
 * and kept as the instants they run between too, so clashes compare instants only.
 */

const source = { table: timeOff, id: timeOff.id, sorts: { start: timeOff.startAt }, view: timeOffView };

/** The widest offset of any time zone from UTC: a date bound covers that day everywhere. */
const ZONE_REACH = "14 hours";

export function listTimeOff(db: Db, session: SessionContext, query: z.output<typeof timeOffListQuerySchema>) {
  const range: SQL[] = [];
  if (query.from !== undefined) {
    range.push(
      query.from.length === 10
        ? sql`${timeOff.endAt} > ${query.from}::date::timestamp at time zone 'UTC' - interval '${sql.raw(ZONE_REACH)}'`
        : sql`${timeOff.endAt} > ${new Date(query.from).toISOString()}::timestamptz`,
    );
  }
  if (query.to !== undefined) {
    range.push(
      query.to.length === 10
        ? sql`${timeOff.startAt} < ${query.to}::date::timestamp at time zone 'UTC' + interval '${sql.raw(ZONE_REACH)}'`
        : sql`${timeOff.startAt} < ${new Date(query.to).toISOString()}::timestamptz`,
    );
  }
  const where = and(
    eq(timeOff.organizationId, session.organizationId),
    query.status.length > 0 ? inArray(timeOff.status, [...query.status]) : undefined,
    query.member ? inArray(timeOff.memberId, query.member) : undefined,
    query.id ? inArray(timeOff.id, query.id) : undefined,
    ...range,
  );
  return selectResponsePage(db, source, where, query);
}

async function findRow(db: Db, session: SessionContext, id: string, lock = false) {
  const select = db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.organizationId, session.organizationId), eq(timeOff.id, id)));
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw notFound(TIME_OFF_RESOURCE);
  return row;
}

export const getTimeOff = async (db: Db, session: SessionContext, id: string) => timeOffView(await findRow(db, session, id));

export async function timeOffHistory(db: Db, session: SessionContext, id: string) {
  await findRow(db, session, id);
  return readHistory(db, session.organizationId, TIME_OFF_TYPE, id);
}

/** One's own time off, or anyone's with members_manage. */
function mayManage(session: SessionContext, memberId: string) {
  if (memberId !== session.memberId && !hasPrivilege(session, "members_manage")) throw missingPrivilege("members_manage");
}

/** The member, active in the organization (400 at `member`); its location decides what whole days mean. */
async function activeMember(tx: Db, session: SessionContext, id: string) {
  const [row] = await tx
    .select({ status: member.status, locationId: member.locationId })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), eq(member.id, id)));
  if (!row || row.status !== "active") throw invalidAt("member", "errors.visit.memberInactive");
  return row;
}

type Range = { all_day?: boolean; start?: string; end?: string; start_day?: string; end_day?: string };

/** The stored range: whole days as the instants they run between at the member's zone, or the instants given. */
async function rangeOf(tx: Db, session: SessionContext, locationId: string | null, input: Range) {
  if (input.start_day !== undefined && input.end_day !== undefined) {
    if (input.end_day < input.start_day) throw invalidAt("end_day", "errors.timeOff.endBeforeStart");
    const zone = await businessTimeZone(tx, session.organizationId, locationId);
    return { allDay: true, startAt: dayBounds(input.start_day, zone).start, endAt: dayBounds(input.end_day, zone).end, startDay: input.start_day, endDay: input.end_day };
  }
  const startAt = new Date(input.start!);
  const endAt = new Date(input.end!);
  if (endAt <= startAt) throw invalidAt("end", "errors.timeOff.endBeforeStart");
  return { allDay: false, startAt, endAt, startDay: null, endDay: null };
}

const historyValues = (row: TimeOffRow) =>
  Object.fromEntries(Object.entries(TIME_OFF_FIELDS).flatMap(([field, key]) => (row[key] === null ? [] : [[field, row[key]]])));

export async function createTimeOff(db: Db, session: SessionContext, input: z.output<typeof timeOffCreateSchema>) {
  mayManage(session, input.member);
  return db.transaction(async (tx) => {
    const owner = await activeMember(tx, session, input.member);
    const range = await rangeOf(tx, session, owner.locationId, input);
    const [row] = await tx
      .insert(timeOff)
      .values({ organizationId: session.organizationId, memberId: input.member, reason: input.reason ?? null, ...range })
      .returning();
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: TIME_OFF_TYPE,
      entityId: row.id,
      memberId: session.memberId,
      action: "created",
      changes: creationChanges(historyValues(row)),
    });
    return timeOffView(row);
  });
}

export async function updateTimeOff(db: Db, session: SessionContext, id: string, patch: z.output<typeof timeOffUpdateSchema>) {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, session, id, true);
    mayManage(session, row.memberId);
    const days = patch.all_day ?? (patch.start_day !== undefined || patch.end_day !== undefined ? true : patch.start !== undefined ? false : undefined);
    let range: Awaited<ReturnType<typeof rangeOf>> | undefined;
    if (days !== undefined) {
      const [owner] = await tx.select({ locationId: member.locationId }).from(member).where(and(eq(member.organizationId, session.organizationId), eq(member.id, row.memberId)));
      range = await rangeOf(tx, session, owner?.locationId ?? null, patch);
    }
    const { set, changes } = changeSet(TIME_OFF_FIELDS as Record<string, keyof TimeOffRow & string>, row, {
      all_day: range?.allDay,
      start: range?.startAt,
      end: range?.endAt,
      start_day: range ? range.startDay : undefined,
      end_day: range ? range.endDay : undefined,
      reason: patch.reason,
      status: patch.status,
    });
    if (Object.keys(set).length === 0) return timeOffView(row);
    const [updated] = await tx
      .update(timeOff)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(timeOff.organizationId, session.organizationId), eq(timeOff.id, id)))
      .returning();
    await recordHistory(tx, { organizationId: session.organizationId, entityType: TIME_OFF_TYPE, entityId: id, memberId: session.memberId, action: "updated", changes });
    return timeOffView(updated);
  });
}
