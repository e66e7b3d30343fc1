import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calendarFeed } from "@/db/schema/calendar-feed";
import { member, role } from "@/db/schema/member";
import { GET as listSites } from "@/app/api/api/customer/[id]/site/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { DELETE as removeFeed } from "@/app/api/api/calendar_feed/[id]/route";
import { GET as listFeeds, POST as createFeed } from "@/app/api/api/calendar_feed/route";
import { PATCH as patchVisit } from "@/app/api/api/visit/[id]/route";
import { POST as postVisit } from "@/app/api/api/visit/route";
import { hashFeedToken } from "@/lib/services/calendar/feed";
import { call, ORIGIN, randomIp } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { GET as readFeed } from "./[token]/route";

const mailbox = useSmtpCatcher();

/** A day some weeks ahead (within every feed's reach), "YYYY-MM-DD" in UTC, and the day `plus` days after it. */
const AHEAD = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const day = (plus = 0) => new Date(Date.parse(`${AHEAD}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

type Feed = { id: string; url: string; location: string | null };

async function makeFeed(cookie: string, body: Record<string, unknown> = {}) {
  const res = await call(createFeed, "POST", "/calendar_feed", { cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Feed;
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

/** What a calendar app gets from the feed's address: no cookie, no Origin. */
async function fetchFeed(url: string, ip = randomIp()) {
  const token = tokenOf(url);
  return call(readFeed, "GET", `/calendar/${token}`, { params: { token }, ip });
}

/** The feed's events as a real iCalendar parser reads them. */
async function eventsOf(url: string) {
  const token = tokenOf(url);
  const res = await readFeed(new Request(`${ORIGIN}/api/api/calendar/${token}`, { headers: { "x-craftdesk-peer": randomIp() } }), {
    params: Promise.resolve({ token }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url") ?? ""),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      allDay: event.startDate.isDate,
      day: event.startDate.isDate ? event.startDate.toString() : null,
    };
  });
}

/** An organization with a customer at an address, a project of theirs, and members to send. */
async function world() {
  const org = await signUpOrganization(mailbox);
  const type = await makeType(org.cookie);
  const customer = await call(postCustomer, "POST", "/customer", {
    cookie: org.cookie,
    body: { name: "Mia Miller", line1: "7 Elm Street", zip: "10115", city: "Berlin", country: "Germany" },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const sites = await call(listSites, "GET", `/customer/${customer.body.id}/site`, { cookie: org.cookie, params: { id: customer.body.id } });
  const site = sites.body.items[0];
  const project = await makeProject(org.cookie, { title: "Boiler service", type: type.id, customer: customer.body.id, site: site.id, fields: [{ id: 1, value: "AB1234" }] });
  const tech = await addMember(org.organizationId);
  const techCookie = await logInAs(tech.email);
  return { org, project, site, customer: customer.body, tech: { id: tech.member.id, cookie: techCookie } };
}

async function schedule(cookie: string, body: Record<string, unknown>) {
  const res = await call(postVisit, "POST", "/visit", { cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; start: string | null };
}

describe("calendar feeds", () => {
  afterEach(() => {
    delete process.env.CALENDAR_FEED_RATE_LIMIT;
  });

  it("gives a member's visits with their times, the site's address and a link back, and keeps only the secret's hash", async () => {
    const w = await world();
    const visit = await schedule(w.org.cookie, {
      project: w.project.id,
      start: `${day()}T08:00:00Z`,
      end: `${day()}T10:30:00Z`,
      members: [w.tech.id],
      instructions: "Bring the long ladder",
    });
    const anyTime = await schedule(w.org.cookie, { project: w.project.id, day: `${day(2)}`, members: [w.tech.id] });
    // Someone else's visit is not in this member's feed.
    await schedule(w.org.cookie, { project: w.project.id, start: `${day()}T12:00:00Z`, end: `${day()}T13:00:00Z`, members: [w.org.view.member.id] });

    const feed = await makeFeed(w.tech.cookie);
    expect(feed.location).toBeNull();
    expect(feed.url).toMatch(/\/api\/api\/calendar\/[0-9a-f]{64}$/);
    const db = await getDb();
    const [row] = await db.select().from(calendarFeed).where(eq(calendarFeed.id, feed.id));
    expect(row.tokenHash).toBe(hashFeedToken(tokenOf(feed.url)));
    expect(JSON.stringify(row)).not.toContain(tokenOf(feed.url));
    // The list never shows the address again.
    const listed = await call(listFeeds, "GET", "/calendar_feed", { cookie: w.tech.cookie });
    expect(listed.body.items).toEqual([expect.objectContaining({ id: feed.id, location: null, last_fetched: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(feed.url));

    const events = await eventsOf(feed.url);
    expect(events.map((event) => event.uid).sort()).toEqual([`${anyTime.id}@craftdesk`, `${visit.id}@craftdesk`].sort());
    const timed = events.find((event) => event.uid === `${visit.id}@craftdesk`)!;
    expect(timed).toMatchObject({
      summary: "Boiler service · Mia Miller",
      start: `${day()}T08:00:00.000Z`,
      end: `${day()}T10:30:00.000Z`,
      allDay: false,
      location: "7 Elm Street, 10115 Berlin, Germany",
      url: `${new URL(feed.url).origin}/project/${w.project.id}/visits`,
    });
    expect(timed.description).toContain("Bring the long ladder");
    expect(timed.description).toContain(`/project/${w.project.id}/visits`);
    const allDay = events.find((event) => event.uid === `${anyTime.id}@craftdesk`)!;
    expect(allDay).toMatchObject({ allDay: true, day: `${day(2)}` });

    const read = await call(listFeeds, "GET", "/calendar_feed", { cookie: w.tech.cookie });
    expect(read.body.items[0].last_fetched).not.toBeNull();
  });

  it("shows a change on the next fetch, and drops a cancelled visit", async () => {
    const w = await world();
    const visit = await schedule(w.org.cookie, { project: w.project.id, start: `${day()}T08:00:00Z`, end: `${day()}T09:00:00Z`, members: [w.tech.id] });
    const feed = await makeFeed(w.tech.cookie);
    expect((await eventsOf(feed.url))[0].start).toBe(`${day()}T08:00:00.000Z`);
    const moved = await call(patchVisit, "PATCH", `/visit/${visit.id}`, {
      cookie: w.org.cookie,
      params: { id: visit.id },
      body: { start: `${day(1)}T14:00:00Z`, end: `${day(1)}T15:00:00Z` },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await eventsOf(feed.url)).map((event) => event.start)).toEqual([`${day(1)}T14:00:00.000Z`]);
    const cancelled = await call(patchVisit, "PATCH", `/visit/${visit.id}`, { cookie: w.org.cookie, params: { id: visit.id }, body: { status: "cancelled" } });
    expect(cancelled.status).toBe(200);
    expect(await eventsOf(feed.url)).toEqual([]);
  });

  it("stops answering an address once rotated, turned off, or its member removed", async () => {
    const w = await world();
    const first = await makeFeed(w.tech.cookie);
    expect((await fetchFeed(first.url)).status).toBe(200);
    const second = await makeFeed(w.tech.cookie);
    // Rotating keeps one feed, with the new secret.
    expect(second.id).toBe(first.id);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ status: 404, resource: "Calendar feed" });
    expect((await fetchFeed(second.url)).status).toBe(200);

    // Nobody else turns it off.
    const other = await call(removeFeed, "DELETE", `/calendar_feed/${second.id}`, { cookie: w.org.cookie, params: { id: second.id } });
    expect(other.status).toBe(404);
    expect((await fetchFeed(second.url)).status).toBe(200);

    const db = await getDb();
    await db.update(member).set({ status: "removed" }).where(eq(member.id, w.tech.id));
    expect((await fetchFeed(second.url)).status).toBe(404);
    await db.update(member).set({ status: "active" }).where(eq(member.id, w.tech.id));
    expect((await fetchFeed(second.url)).status).toBe(200);

    const removed = await call(removeFeed, "DELETE", `/calendar_feed/${second.id}`, { cookie: w.tech.cookie, params: { id: second.id } });
    expect(removed.status).toBe(204);
    expect((await fetchFeed(second.url)).status).toBe(404);
    for (const token of ["0".repeat(64), "not-a-token", "a".repeat(16)]) {
      const res = await call(readFeed, "GET", `/calendar/${token}`, { params: { token } });
      expect(res.status, token).toBe(404);
    }
  });

  it("gives admins one feed per location with every visit there and nothing of other locations", async () => {
    const w = await world();
    const north = await addLocation(w.org.organizationId, "North");
    const south = await addLocation(w.org.organizationId, "South");
    const type = await makeType(w.org.cookie, undefined, "Repairs");
    const atNorth = await makeProject(w.org.cookie, { title: "North job", type: type.id, location: north.id, fields: [{ id: 1, value: "AB1234" }] });
    const atSouth = await makeProject(w.org.cookie, { title: "South job", type: type.id, location: south.id, fields: [{ id: 1, value: "AB1234" }] });
    const northVisit = await schedule(w.org.cookie, { project: atNorth.id, start: `${day(4)}T08:00:00Z`, end: `${day(4)}T09:00:00Z` });
    await schedule(w.org.cookie, { project: atSouth.id, start: `${day(4)}T08:00:00Z`, end: `${day(4)}T09:00:00Z`, members: [w.org.view.member.id] });

    const feed = await makeFeed(w.org.cookie, { location: north.id });
    expect(feed.location).toBe(north.id);
    expect((await eventsOf(feed.url)).map((event) => event.uid)).toEqual([`${northVisit.id}@craftdesk`]);

    // A member without admin has no location feeds; an unknown location is a 404.
    const refused = await call(createFeed, "POST", "/calendar_feed", { cookie: w.tech.cookie, body: { location: north.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ permission: "admin" });
    const unknown = await call(createFeed, "POST", "/calendar_feed", { cookie: w.org.cookie, body: { location: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);

    // The feed is read as its member is now: without admin, a location's feed ends; their own goes on.
    const own = await makeFeed(w.org.cookie);
    const db = await getDb();
    const [founder] = await db.select({ roleId: member.roleId }).from(member).where(eq(member.id, w.org.view.member.id));
    await db.update(role).set({ privileges: ["projects_manage"] }).where(eq(role.id, founder.roleId));
    expect((await fetchFeed(feed.url)).status).toBe(404);
    expect((await fetchFeed(own.url)).status).toBe(200);
  });

  it("is rate limited per feed", async () => {
    const w = await world();
    const feed = await makeFeed(w.tech.cookie);
    process.env.CALENDAR_FEED_RATE_LIMIT = "2";
    expect((await fetchFeed(feed.url)).status).toBe(200);
    expect((await fetchFeed(feed.url)).status).toBe(200);
    const third = await fetchFeed(feed.url);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
