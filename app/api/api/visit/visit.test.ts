import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { organization } from "@/db/schema/organization";
import { project as projectTable, projectType } from "@/db/schema/project";
import { visit as visitTable } from "@/db/schema/visit";
import { GET as timeOffHistoryRoute } from "@/app/api/api/time_off/[id]/history/route";
import { GET as getTimeOffRoute, PATCH as patchTimeOffRoute } from "@/app/api/api/time_off/[id]/route";
import { GET as listTimeOffRoute, POST as postTimeOffRoute } from "@/app/api/api/time_off/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as visitHistoryRoute } from "./[id]/history/route";
import { GET as getVisitRoute, PATCH as patchVisitRoute } from "./[id]/route";
import { GET as listVisitsRoute, POST as postVisitRoute } from "./route";
import { GET as listProjectsRoute } from "@/app/api/api/project/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType, patchProjectAs, paths } from "@/test/projects";
import { arrangeSeenFromNorth, expectSeenFromNorth, SEEN_FROM_NORTH } from "@/test/sharing-access";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Body = Record<string, unknown>;
const addVisit = (cookie: string, body: Body) => call(postVisitRoute, "POST", "/visit", { cookie, body });
const getVisit = (cookie: string, id: string) => call(getVisitRoute, "GET", `/visit/${id}`, { cookie, params: { id } });
const patchVisit = (cookie: string, id: string, body: Body) => call(patchVisitRoute, "PATCH", `/visit/${id}`, { cookie, params: { id }, body });
const listVisits = (cookie: string, query: Record<string, string | string[]> = {}) => call(listVisitsRoute, "GET", "/visit", { cookie, query });
const historyOf = (cookie: string, id: string) => call(visitHistoryRoute, "GET", `/visit/${id}/history`, { cookie, params: { id } });
const addTimeOff = (cookie: string, body: Body) => call(postTimeOffRoute, "POST", "/time_off", { cookie, body });
const patchTimeOff = (cookie: string, id: string, body: Body) => call(patchTimeOffRoute, "PATCH", `/time_off/${id}`, { cookie, params: { id }, body });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);

async function notificationsOf(memberId: string) {
  const db = await getDb();
  const rows = await db.select().from(notification).where(eq(notification.memberId, memberId));
  return rows.map((row) => row.title).sort();
}

/** An organization with a customer in London (its first site's zone) and a project there. */
async function londonJob() {
  const { cookie, organizationId, view } = await signUpOrganization(mailbox);
  const customer = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Mia Miller", line1: "12 Park Row", city: "Leeds", country: "GB" } });
  expect(customer.status).toBe(201);
  const type = await makeType(cookie, { statuses: [{ id: 1, title: "New" }, { id: 2, title: "Done" }] });
  const project = await makeProject(cookie, { type: type.id, customer: customer.body.id });
  return { cookie, organizationId, ownerId: view.member.id as string, customerId: customer.body.id as string, project, type };
}

describe("visits", () => {
  it("keeps a visit out of automatic messages when asked: in its answer, the list and its history", async () => {
    const { cookie, project } = await londonJob();
    const quiet = await addVisit(cookie, { project: project.id, start: "2027-05-04T09:00", end: "2027-05-04T10:00", automatic_messages: false });
    expect(quiet.body.automatic_messages).toBe(false);
    const usual = await addVisit(cookie, { project: project.id, day: "2027-05-05" });
    expect(usual.body.automatic_messages).toBe(true);
    const listed = await listVisits(cookie, { project: project.id });
    expect(listed.body.items.map((item: { automatic_messages: boolean }) => item.automatic_messages)).toEqual([false, true]);
    expect((await patchVisit(cookie, quiet.body.id, { automatic_messages: true })).body.automatic_messages).toBe(true);
    const history = await historyOf(cookie, quiet.body.id);
    expect(history.body.items.map((entry: { changes: Body }) => entry.changes.automatic_messages)).toEqual([[false, true], [null, false]]);
    // Every visit starts with them on: a new visit's history does not say so.
    expect((await historyOf(cookie, usual.body.id)).body.items[0].changes.automatic_messages).toBeUndefined();
    expect(paths(await patchVisit(cookie, usual.body.id, { automatic_messages: "no" }))).toEqual(["automatic_messages"]);
  });

  it("schedules, reads, lists, moves and records a visit, wall clock read at the site's zone across both clock changes", async () => {
    const { cookie, ownerId, project, customerId } = await londonJob();
    // 09:00 in London on the day the clocks go forward is 08:00 UTC; on the day they go back, 09:00 UTC.
    const spring = await addVisit(cookie, { project: project.id, start: "2027-03-28T09:00", end: "2027-03-28T11:30", members: [ownerId], instructions: "Ring twice" });
    expect(spring.status, JSON.stringify(spring.body)).toBe(201);
    expect(spring.body).toMatchObject({
      project: project.id,
      project_title: "Service at No. 7",
      customer: customerId,
      customer_name: "Mia Miller",
      time_zone: "Europe/London",
      start: "2027-03-28T08:00:00.000Z",
      end: "2027-03-28T10:30:00.000Z",
      start_local: "2027-03-28T09:00",
      end_local: "2027-03-28T11:30",
      day: null,
      members: [ownerId],
      instructions: "Ring twice",
      status: "scheduled",
      status_changed_by: ownerId,
      clashes: [],
    });
    const autumn = await addVisit(cookie, { project: project.id, start: "2027-10-31T09:00", end: "2027-10-31T10:00" });
    expect(autumn.body).toMatchObject({ start: "2027-10-31T09:00:00.000Z", start_local: "2027-10-31T09:00" });
    // A day before each change, 09:00 is 08:00 UTC in summer time and 09:00 UTC in winter time.
    const before = await addVisit(cookie, { project: project.id, start: "2027-03-27T09:00", end: "2027-03-27T10:00" });
    expect(before.body.start).toBe("2027-03-27T09:00:00.000Z");
    // An instant with an offset is that instant, shown at the site's wall clock.
    const instant = await addVisit(cookie, { project: project.id, start: "2027-10-30T08:00:00Z", end: "2027-10-30T09:00:00+00:00" });
    expect(instant.body).toMatchObject({ start_local: "2027-10-30T09:00", end_local: "2027-10-30T10:00" });

    expect((await getVisit(cookie, spring.body.id)).body).toEqual(spring.body);

    // Moved to the next morning by wall clock; the instant follows summer time.
    const moved = await patchVisit(cookie, spring.body.id, { start: "2027-03-29T09:00", end: "2027-03-29T10:00" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ start: "2027-03-29T08:00:00.000Z", start_local: "2027-03-29T09:00" });
    const anyTime = await patchVisit(cookie, spring.body.id, { day: "2027-03-30" });
    expect(anyTime.body).toMatchObject({ start: null, end: null, start_local: null, day: "2027-03-30" });

    const history = await historyOf(cookie, spring.body.id);
    expect(history.body.items.map((entry: { action: string; changes: Body }) => [entry.action, Object.keys(entry.changes).sort()])).toEqual([
      ["updated", ["day", "end", "start"]],
      ["updated", ["end", "start"]],
      ["created", ["end", "instructions", "members", "site", "start", "status", "time_zone"]],
    ]);

    // Sorted by start; the any-time visit first among its day's.
    const listed = await listVisits(cookie, { from: "2027-03-01", to: "2027-04-01" });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([before.body.id, spring.body.id]);
    // The list writes its items in the database; they read as the visit's own answer does.
    expect(listed.body.items).toEqual([before.body, (await getVisit(cookie, spring.body.id)).body]);
    const all = await listVisits(cookie, { project: project.id });
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([before.body.id, spring.body.id, instant.body.id, autumn.body.id]);
  });

  it("refuses a wall clock the clocks skip, and bad times with the field named", async () => {
    const { cookie, project } = await londonJob();
    const skipped = await addVisit(cookie, { project: project.id, start: "2027-03-28T01:30", end: "2027-03-28T03:00" });
    expect(skipped.status).toBe(400);
    expect(skipped.body.errors).toEqual([{ path: "start", message: "2027-03-28 01:30 does not exist in Europe/London: the clocks go forward then. Choose another time" }]);
    // 01:30 on the day the clocks go back happens twice: the first, still summer time.
    const twice = await addVisit(cookie, { project: project.id, start: "2027-10-31T01:30", end: "2027-10-31T03:00" });
    expect(twice.body).toMatchObject({ start: "2027-10-31T00:30:00.000Z", end: "2027-10-31T03:00:00.000Z" });
    const backwards = await addVisit(cookie, { project: project.id, start: "2027-05-01T10:00", end: "2027-05-01T09:00" });
    expect(backwards.status).toBe(400);
    expect(paths(backwards)).toEqual(["end"]);
    expect(paths(await addVisit(cookie, { project: project.id, start: "2027-05-01T10:00" }))).toEqual(["end"]);
    expect(paths(await addVisit(cookie, { project: project.id, start: "2027-05-01T10:00", end: "2027-05-01T11:00", day: "2027-05-01" }))).toEqual(["day"]);
    expect(paths(await addVisit(cookie, { project: project.id, start: "tomorrow", end: "2027-05-01T11:00", arrival_window: 5 })).sort()).toEqual(["arrival_window", "start"]);
    expect(paths(await addVisit(cookie, { project: crypto.randomUUID() }))).toEqual(["project"]);
  });

  it("tells clashes in every answer: a shared member's overlapping visit, time off, and hours outside the location's", async () => {
    const { cookie, organizationId, project } = await londonJob();
    const db = await getDb();
    // Monday to Friday 08:00–17:00, Sunday closed, Saturday not said.
    const open = [{ from: "08:00", to: "17:00" }];
    await db
      .update(organization)
      .set({ business: { hours: { mon: open, tue: open, wed: open, thu: open, fri: open, sun: [] } } })
      .where(eq(organization.id, organizationId));
    const tech = await addMember(organizationId);
    const other = await addMember(organizationId);
    // Monday 3 May 2027, London summer time.
    const first = await addVisit(cookie, { project: project.id, start: "2027-05-03T09:00", end: "2027-05-03T11:00", members: [tech.member.id] });
    expect(first.body.clashes).toEqual([]);
    const second = await addVisit(cookie, { project: project.id, start: "2027-05-03T10:00", end: "2027-05-03T12:00", members: [other.member.id, tech.member.id] });
    expect(second.status).toBe(201);
    expect(second.body.clashes).toEqual([
      { type: "visit", id: first.body.id, title: "Service at No. 7", start: "2027-05-03T08:00:00.000Z", end: "2027-05-03T10:00:00.000Z" },
    ]);
    expect((await getVisit(cookie, first.body.id)).body.clashes).toEqual([
      { type: "visit", id: second.body.id, title: "Service at No. 7", start: "2027-05-03T09:00:00.000Z", end: "2027-05-03T11:00:00.000Z" },
    ]);
    // Back to back is no clash; a visit of another member is none either.
    const after = await addVisit(cookie, { project: project.id, start: "2027-05-03T12:00", end: "2027-05-03T13:00", members: [tech.member.id] });
    expect(after.body.clashes).toEqual([]);

    const away = await addTimeOff(cookie, { member: other.member.id, all_day: true, start_day: "2027-05-03", end_day: "2027-05-03", reason: "Dentist" });
    expect(away.status, JSON.stringify(away.body)).toBe(201);
    const outside = await addVisit(cookie, { project: project.id, start: "2027-05-03T16:30", end: "2027-05-03T18:00" });
    expect(outside.body.clashes).toEqual([{ type: "hours", id: null, title: "08:00–17:00", start: "2027-05-03T15:30:00.000Z", end: "2027-05-03T17:00:00.000Z" }]);
    const sunday = await addVisit(cookie, { project: project.id, start: "2027-05-02T10:00", end: "2027-05-02T11:00" });
    expect(sunday.body.clashes).toEqual([{ type: "hours", id: null, title: "", start: "2027-05-02T09:00:00.000Z", end: "2027-05-02T10:00:00.000Z" }]);
    const saturday = await addVisit(cookie, { project: project.id, start: "2027-05-01T10:00", end: "2027-05-01T11:00" });
    expect(saturday.body.clashes).toEqual([]);

    // The whole page carries its clashes, each visit its own.
    const listed = await listVisits(cookie, { from: "2027-05-03", to: "2027-05-04" });
    expect(listed.body.items.find((item: { id: string }) => item.id === second.body.id)).toEqual((await getVisit(cookie, second.body.id)).body);
    const clashesById = Object.fromEntries(listed.body.items.map((item: { id: string; clashes: { type: string; id: string | null }[] }) => [item.id, item.clashes.map((clash) => `${clash.type}:${clash.id}`)]));
    expect(clashesById).toEqual({
      [first.body.id]: [`visit:${second.body.id}`],
      [second.body.id]: [`visit:${first.body.id}`, `time_off:${away.body.id}`],
      [after.body.id]: [],
      [outside.body.id]: ["hours:null"],
    });
    // The any-time visit of an absent member clashes with the time off only.
    const anyTime = await addVisit(cookie, { project: project.id, day: "2027-05-03", members: [other.member.id, tech.member.id] });
    expect(anyTime.body.clashes).toEqual([{ type: "time_off", id: away.body.id, title: "Dentist", start: away.body.start, end: away.body.end }]);

    // Cancelled: no clashes of its own, and no longer one of the others'.
    const cancelled = await patchVisit(cookie, first.body.id, { status: "cancelled" });
    expect(cancelled.body.clashes).toEqual([]);
    expect((await getVisit(cookie, second.body.id)).body.clashes.map((clash: { type: string }) => clash.type)).toEqual(["time_off"]);
    // Removed time off no longer clashes.
    await patchTimeOff(cookie, away.body.id, { status: "removed" });
    expect((await getVisit(cookie, second.body.id)).body.clashes).toEqual([]);
  });

  it("tells a clash with a visit the session may not see without its id or title, and with one it is assigned to in full", async () => {
    const { cookie, organizationId, type } = await londonJob();
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const northJob = await makeProject(cookie, { type: type.id, title: "North job", location: north.id });
    const southJob = await makeProject(cookie, { type: type.id, title: "South job", location: south.id });
    const staff = await addMember(organizationId, { locationId: north.id });
    const staffCookie = await logInAs(staff.email);
    const tech = await addMember(organizationId);
    const here = await addVisit(cookie, { project: northJob.id, start: "2027-06-01T09:00:00Z", end: "2027-06-01T11:00:00Z", members: [tech.member.id] });
    const hidden = await addVisit(cookie, { project: southJob.id, start: "2027-06-01T10:00:00Z", end: "2027-06-01T12:00:00Z", members: [tech.member.id] });
    const clashesSeenFromNorth = async () => (await listVisits(staffCookie, { location: north.id })).body.items[0].clashes;
    expect(await clashesSeenFromNorth()).toEqual([{ type: "visit", id: null, title: "", start: "2027-06-01T10:00:00.000Z", end: "2027-06-01T12:00:00.000Z" }]);
    // Asked for the technician's visits too, North still lists only the visits it may see.
    expect(ids(await listVisits(staffCookie, { location: north.id, or_member: tech.member.id }))).toEqual([here.body.id]);
    // The organization's view names it.
    expect((await getVisit(cookie, here.body.id)).body.clashes).toEqual([
      { type: "visit", id: hidden.body.id, title: "South job", start: "2027-06-01T10:00:00.000Z", end: "2027-06-01T12:00:00.000Z" },
    ]);
    // Assigned to it, the staff member sees it.
    await patchVisit(cookie, hidden.body.id, { members: [tech.member.id, staff.member.id] });
    expect(await clashesSeenFromNorth()).toEqual([{ type: "visit", id: hidden.body.id, title: "South job", start: "2027-06-01T10:00:00.000Z", end: "2027-06-01T12:00:00.000Z" }]);
  });

  it("filters the list by member, location, project, customer, status and unscheduled, pages by cursor", async () => {
    const { cookie, organizationId, project, type, customerId } = await londonJob();
    const north = await addLocation(organizationId, "North");
    const elsewhere = await makeProject(cookie, { type: type.id, title: "North job", location: north.id });
    const tech = await addMember(organizationId);
    const a = await addVisit(cookie, { project: project.id, start: "2027-06-01T09:00", end: "2027-06-01T10:00", members: [tech.member.id] });
    const b = await addVisit(cookie, { project: elsewhere.id, start: "2027-06-02T09:00", end: "2027-06-02T10:00", status: "completed" });
    const c = await addVisit(cookie, { project: project.id, start: "2027-07-01T09:00", end: "2027-07-01T10:00", members: [tech.member.id] });
    const tray = await addVisit(cookie, { project: elsewhere.id });
    expect(tray.body).toMatchObject({ start: null, day: null, location: north.id, time_zone: "UTC" });
    expect(ids(await listVisits(cookie, { member: tech.member.id }))).toEqual([a.body.id, c.body.id]);
    expect(ids(await listVisits(cookie, { member: tech.member.id, from: "2027-06-15T00:00:00Z", to: "2027-08-01" }))).toEqual([c.body.id]);
    expect(ids(await listVisits(cookie, { location: north.id }))).toEqual([b.body.id, tray.body.id]);
    expect(ids(await listVisits(cookie, { location: north.id, unscheduled: "true" }))).toEqual([tray.body.id]);
    expect(ids(await listVisits(cookie, { customer: customerId }))).toEqual([a.body.id, c.body.id]);
    // A location's visits and its people's: North's, and the technician's wherever they are; other filters still narrow.
    expect(ids(await listVisits(cookie, { location: north.id, or_member: tech.member.id }))).toEqual([a.body.id, b.body.id, c.body.id, tray.body.id]);
    expect(ids(await listVisits(cookie, { location: north.id, or_member: [tech.member.id], from: "2027-06-01", to: "2027-06-03" }))).toEqual([a.body.id, b.body.id]);
    expect(ids(await listVisits(cookie, { location: north.id, or_member: tech.member.id, status: ["scheduled"], to: "2027-06-30" }))).toEqual([a.body.id]);
    expect(ids(await listVisits(cookie, { or_member: tech.member.id, from: "2027-06-15" }))).toEqual([c.body.id]);
    // A board reads a busy week on by the cursor: page after page, the same visits in the same order.
    const board = { location: north.id, or_member: tech.member.id, limit: "1" };
    const paged: string[] = [];
    for (let page = await listVisits(cookie, board); ; page = await listVisits(cookie, { ...board, after: page.body.next })) {
      paged.push(...ids(page));
      if (!page.body.more) break;
    }
    expect(paged).toEqual([a.body.id, b.body.id, c.body.id, tray.body.id]);
    expect(ids(await listVisits(cookie, { status: ["completed"] }))).toEqual([b.body.id]);
    // [from, to): a visit from 08:00 to 09:00 UTC overlaps [07:00, 08:30) and [08:59, 10:00), not [07:00, 08:00) nor [09:00, 10:00).
    expect(ids(await listVisits(cookie, { project: project.id, to: "2027-06-01T08:30:00Z" }))).toEqual([a.body.id]);
    expect(ids(await listVisits(cookie, { project: project.id, from: "2027-06-01T08:59:00Z", to: "2027-06-01T10:00:00Z" }))).toEqual([a.body.id]);
    expect(ids(await listVisits(cookie, { project: project.id, from: "2027-06-01T07:00:00Z", to: "2027-06-01T08:00:00Z" }))).toEqual([]);
    expect(ids(await listVisits(cookie, { project: project.id, from: "2027-06-01T09:00:00Z", to: "2027-06-01T10:00:00Z" }))).toEqual([]);
    const first = await listVisits(cookie, { limit: "2" });
    expect(first.body).toMatchObject({ more: true });
    const rest = await listVisits(cookie, { limit: "2", cursor: first.body.next });
    expect([...ids(first), ...ids(rest)]).toEqual([a.body.id, b.body.id, c.body.id, tray.body.id]);
    expect(paths(await listVisits(cookie, { from: "soon", member: "x", or_member: "y", limit: "1001" })).sort()).toEqual(["from", "limit", "member.0", "or_member.0"]);
  });

  it("is seen as its project is, follows the project's sharing, and lets assigned members change only its status", async () => {
    const db = await getDb();
    const types = new Map<string, string>();
    // The same table as every shared item: a visit per sharing case, seen exactly as its project.
    const { org, cookie: northCookie, items, staff, south } = await arrangeSeenFromNorth(mailbox, async (organizationId, locationId, sharing) => {
      if (!types.has(organizationId)) {
        const [type] = await db.insert(projectType).values({ organizationId, name: "Job", icon: "flame", color: "#0090FF", statuses: [{ id: 1, title: "New", description: "", needs_scheduling: false }] }).returning();
        types.set(organizationId, type.id);
      }
      const [job] = await db
        .insert(projectTable)
        .values({ organizationId, title: "Shared job", typeId: types.get(organizationId)!, status: 1, locationId, sharing })
        .returning();
      const [row] = await db.insert(visitTable).values({ organizationId, projectId: job.id, timeZone: "UTC" }).returning();
      // The database copies the project's location and sharing.
      expect(row).toMatchObject({ locationId, sharing });
      return row.id;
    });
    await expectSeenFromNorth(items, (id) => getVisit(northCookie, id), "Visit");
    const listed = new Set(ids(await listVisits(northCookie)));
    const seenKeys = Object.entries(SEEN_FROM_NORTH).filter(([, row]) => row.seen).map(([key]) => key).sort();
    expect(Object.entries(items).filter(([, id]) => listed.has(id)).map(([key]) => key).sort()).toEqual(seenKeys);

    // A project at South, not shared: North's staff sees nothing of its visit, unless assigned to it.
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "New" }] });
    const job = await makeProject(org.cookie, { type: type.id, title: "South job", location: south.id });
    const visit = await addVisit(org.cookie, { project: job.id, start: "2027-06-01T09:00:00Z", end: "2027-06-01T10:00:00Z" });
    expect((await getVisit(northCookie, visit.body.id)).status).toBe(404);
    expect((await patchVisit(northCookie, visit.body.id, { status: "on_the_way" })).status).toBe(404);
    expect(ids(await listVisits(northCookie))).not.toContain(visit.body.id);
    await patchVisit(org.cookie, visit.body.id, { members: [staff.member.id] });
    expect((await getVisit(northCookie, visit.body.id)).status).toBe(200);
    expect(ids(await listVisits(northCookie, { member: staff.member.id }))).toEqual([visit.body.id]);
    const onTheWay = await patchVisit(northCookie, visit.body.id, { status: "on_the_way" });
    expect(onTheWay.status, JSON.stringify(onTheWay.body)).toBe(200);
    expect(onTheWay.body).toMatchObject({ status: "on_the_way", status_changed_by: staff.member.id });
    expect((await patchVisit(northCookie, visit.body.id, { status: "in_progress", instructions: "Hi" })).status).toBe(403);
    const history = await historyOf(org.cookie, visit.body.id);
    expect(history.body.items[0]).toMatchObject({ member: { id: staff.member.id }, changes: { status: ["scheduled", "on_the_way"] } });

    // The project shared with North: its visits follow at once. Editing still needs the project's owner or projects_manage.
    const north = (await db.select().from(visitTable).where(eq(visitTable.id, items.sameLocation)))[0].locationId!;
    const shareNorth = { default: "none", locations: [{ id: north, level: "edit" }] };
    expect((await patchProjectAs(org.cookie, job.id, { sharing: shareNorth })).status).toBe(200);
    const [followed] = await db.select().from(visitTable).where(eq(visitTable.id, visit.body.id));
    expect(followed.sharing).toEqual(shareNorth);
    const moved = await patchVisit(northCookie, visit.body.id, { start: "2027-06-02T09:00:00Z", end: "2027-06-02T10:00:00Z" });
    expect(moved.status).toBe(403);
    expect(moved.body.permission).toBe("projects_manage");
    // Creating a visit needs it too.
    expect((await addVisit(northCookie, { project: job.id })).status).toBe(403);
  });

  it("moves a visit at the old customer's site to the project's new site, else none, when the project's customer changes", async () => {
    const { cookie, project } = await londonJob();
    const paris = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Léa Martin", line1: "3 rue Cler", city: "Paris", country: "FR" } });
    const leeds = await addVisit(cookie, { project: project.id, start: "2027-05-03T09:00", end: "2027-05-03T10:00" });
    const anyTime = await addVisit(cookie, { project: project.id, day: "2027-05-04" });
    expect(leeds.body).toMatchObject({ time_zone: "Europe/London", start: "2027-05-03T08:00:00.000Z" });
    expect(leeds.body.site).not.toBeNull();

    const moved = await patchProjectAs(cookie, project.id, { customer: paris.body.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const parisSite = moved.body.site;
    expect(parisSite).not.toBeNull();
    // The same instant, read at the new site's zone; the any-time visit keeps its day there.
    expect((await getVisit(cookie, leeds.body.id)).body).toMatchObject({
      site: parisSite,
      customer: paris.body.id,
      customer_name: "Léa Martin",
      time_zone: "Europe/Paris",
      start: "2027-05-03T08:00:00.000Z",
      start_local: "2027-05-03T10:00",
    });
    expect((await getVisit(cookie, anyTime.body.id)).body).toMatchObject({ site: parisSite, day: "2027-05-04", time_zone: "Europe/Paris" });
    expect(ids(await listVisits(cookie, { from: "2027-05-04", to: "2027-05-05" }))).toEqual([anyTime.body.id]);
    const history = await historyOf(cookie, leeds.body.id);
    expect(Object.keys(history.body.items[0].changes).sort()).toEqual(["site", "time_zone"]);

    // No customer: no site, the business's zone.
    await patchProjectAs(cookie, project.id, { customer: null });
    expect((await getVisit(cookie, leeds.body.id)).body).toMatchObject({ site: null, customer: null, time_zone: "UTC", start_local: "2027-05-03T08:00" });
  });

  it("notifies members when a visit is assigned to them, moved or cancelled, not for their own change", async () => {
    const { cookie, organizationId, ownerId, project } = await londonJob();
    const tech = await addMember(organizationId, { privileges: ["projects_manage"] });
    const techCookie = await logInAs(tech.email);
    const visit = await addVisit(cookie, { project: project.id, start: "2027-03-28T09:00", end: "2027-03-28T10:00", members: [tech.member.id, ownerId] });
    expect(await notificationsOf(tech.member.id)).toEqual(["Olga Owner assigned you a visit for Service at No. 7: Mar 28, 2027, 9:00 AM"]);
    expect(await notificationsOf(ownerId)).toEqual([]);
    await patchVisit(cookie, visit.body.id, { start: "2027-03-29T10:00", end: "2027-03-29T11:00" });
    await patchVisit(cookie, visit.body.id, { instructions: "Bring the ladder" });
    await patchVisit(cookie, visit.body.id, { status: "cancelled" });
    expect(await notificationsOf(tech.member.id)).toEqual([
      "Olga Owner assigned you a visit for Service at No. 7: Mar 28, 2027, 9:00 AM",
      "Olga Owner cancelled your visit for Service at No. 7: Mar 29, 2027, 10:00 AM",
      "Olga Owner moved your visit for Service at No. 7 to Mar 29, 2027, 10:00 AM",
    ]);
    // The member's own change tells the others only.
    await patchVisit(techCookie, visit.body.id, { status: "scheduled", day: "2027-04-01" });
    expect(await notificationsOf(ownerId)).toEqual(["Sam Staff moved your visit for Service at No. 7 to Apr 1, 2027"]);
    expect((await notificationsOf(tech.member.id)).length).toBe(3);
  });
});

describe("time off", () => {
  it("adds whole days at the member's zone and part days as instants, lists, changes and removes them with history", async () => {
    const { cookie, organizationId, ownerId } = await londonJob();
    const db = await getDb();
    await db.update(organization).set({ business: { time_zone: "Europe/London" } }).where(eq(organization.id, organizationId));
    const days = await addTimeOff(cookie, { member: ownerId, all_day: true, start_day: "2027-03-27", end_day: "2027-03-28", reason: "Holiday" });
    expect(days.status, JSON.stringify(days.body)).toBe(201);
    // Saturday midnight in winter time to Monday midnight in summer time.
    expect(days.body).toMatchObject({ member: ownerId, all_day: true, start: "2027-03-27T00:00:00.000Z", end: "2027-03-28T23:00:00.000Z", start_day: "2027-03-27", end_day: "2027-03-28", reason: "Holiday", status: "active" });
    const part = await addTimeOff(cookie, { member: ownerId, start: "2027-04-01T12:00:00Z", end: "2027-04-01T14:00:00Z" });
    expect(part.body).toMatchObject({ all_day: false, start_day: null, reason: null });
    expect((await call(getTimeOffRoute, "GET", `/time_off/${part.body.id}`, { cookie, params: { id: part.body.id } })).body).toEqual(part.body);
    const list = (query: Record<string, string | string[]>) => call(listTimeOffRoute, "GET", "/time_off", { cookie, query });
    expect(ids(await list({ member: ownerId }))).toEqual([days.body.id, part.body.id]);
    expect(ids(await list({ from: "2027-03-31", to: "2027-04-02" }))).toEqual([part.body.id]);
    const changed = await patchTimeOff(cookie, part.body.id, { start: "2027-04-01T13:00:00Z", end: "2027-04-01T15:00:00Z", reason: "Doctor" });
    expect(changed.body).toMatchObject({ start: "2027-04-01T13:00:00.000Z", reason: "Doctor" });
    await patchTimeOff(cookie, part.body.id, { status: "removed" });
    expect(ids(await list({}))).toEqual([days.body.id]);
    const history = await call(timeOffHistoryRoute, "GET", `/time_off/${part.body.id}/history`, { cookie, params: { id: part.body.id } });
    expect(history.body.items.map((entry: { changes: Body }) => Object.keys(entry.changes).sort())).toEqual([["status"], ["end", "reason", "start"], ["all_day", "end", "member", "start", "status"]]);
    // Bad input, at its field.
    expect(paths(await addTimeOff(cookie, { member: ownerId, start: "2027-04-01T12:00:00Z" }))).toEqual(["end"]);
    expect(paths(await addTimeOff(cookie, { member: ownerId, all_day: true, start_day: "2027-04-02" }))).toEqual(["end_day"]);
    expect(paths(await addTimeOff(cookie, { member: ownerId, all_day: true, start_day: "2027-04-02", end_day: "2027-04-01" }))).toEqual(["end_day"]);
    expect(paths(await addTimeOff(cookie, { member: ownerId, start: "2027-04-01T12:00:00Z", end: "2027-04-01T11:00:00Z" }))).toEqual(["end"]);
    expect(paths(await addTimeOff(cookie, { member: crypto.randomUUID(), start: "2027-04-01T12:00:00Z", end: "2027-04-01T13:00:00Z" }))).toEqual(["member"]);
  });

  it("lets a member manage their own time off; anyone else's needs members_manage", async () => {
    const { cookie, organizationId, ownerId } = await londonJob();
    const staff = await addMember(organizationId);
    const staffCookie = await logInAs(staff.email);
    const own = await addTimeOff(staffCookie, { member: staff.member.id, start: "2027-04-01T12:00:00Z", end: "2027-04-01T14:00:00Z" });
    expect(own.status).toBe(201);
    const others = await addTimeOff(staffCookie, { member: ownerId, start: "2027-04-01T12:00:00Z", end: "2027-04-01T14:00:00Z" });
    expect(others.status).toBe(403);
    expect(others.body.permission).toBe("members_manage");
    const boss = await addTimeOff(cookie, { member: ownerId, start: "2027-04-01T12:00:00Z", end: "2027-04-01T14:00:00Z" });
    expect((await patchTimeOff(staffCookie, boss.body.id, { reason: "Mine now" })).status).toBe(403);
    expect((await patchTimeOff(cookie, own.body.id, { reason: "Training" })).body.reason).toBe("Training");
  });
});

describe("projects that need scheduling", () => {
  it("marks statuses as needing a visit (false unless said) and lists the projects in them", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie, { statuses: [{ id: 1, title: "Requested", needs_scheduling: true }, { id: 2, title: "Done" }] });
    expect(type.statuses).toEqual([
      { id: 1, title: "Requested", description: "", needs_scheduling: true },
      { id: 2, title: "Done", description: "", needs_scheduling: false },
    ]);
    const waiting = await makeProject(cookie, { type: type.id, title: "Waiting" });
    const done = await makeProject(cookie, { type: type.id, title: "Done", status: 2 });
    const list = (query: Record<string, string>) => call(listProjectsRoute, "GET", "/project", { cookie, query });
    expect(ids(await list({ needs_scheduling: "true" }))).toEqual([waiting.id]);
    expect(ids(await list({ needs_scheduling: "false" }))).toEqual([done.id]);
    expect(paths(await list({ needs_scheduling: "yes" }))).toEqual(["needs_scheduling"]);
  });
});
