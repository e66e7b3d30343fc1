import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as visitHistoryRoute } from "./[id]/history/route";
import { GET as getVisitRoute, PATCH as patchVisitRoute } from "./[id]/route";
import { GET as listVisitsRoute, POST as postVisitRoute } from "./route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType, paths } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Body = Record<string, unknown>;
const addVisit = (cookie: string, body: Body) => call(postVisitRoute, "POST", "/visit", { cookie, body });
const getVisit = (cookie: string, id: string) => call(getVisitRoute, "GET", `/visit/${id}`, { cookie, params: { id } });
const patchVisit = (cookie: string, id: string, body: Body) => call(patchVisitRoute, "PATCH", `/visit/${id}`, { cookie, params: { id }, body });
const listVisits = (cookie: string, query: Record<string, string | string[]> = {}) => call(listVisitsRoute, "GET", "/visit", { cookie, query });
const historyOf = (cookie: string, id: string) => call(visitHistoryRoute, "GET", `/visit/${id}/history`, { cookie, params: { id } });

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
});
