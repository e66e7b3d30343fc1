import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { location } from "@/db/schema/organization";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getOne, PATCH } from "@/app/api/api/location/[id]/route";
import { GET as list, POST } from "@/app/api/api/location/route";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((item) => item.name);

async function create(cookie: string, name: string) {
  const res = await call(POST, "POST", "/location", { cookie, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

describe("POST and PATCH /location", () => {
  it("creates a location and records who created it", async () => {
    const { cookie, organizationId, view } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/location", { cookie, body: { name: "  North branch " } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "North branch", status: "active", organization: organizationId });
    expect(res.body.sharing).toEqual({ default: "none", locations: [] });

    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "location", id: res.body.id } });
    expect(entries.status).toBe(200);
    expect(entries.body.items).toHaveLength(1);
    expect(entries.body.items[0]).toMatchObject({
      action: "created",
      member: { id: view.member.id, name: "Olga Owner" },
      changes: { name: [null, "North branch"], status: [null, "active"] },
    });
  });

  it("updates only what changed, with before and after in the history", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const north = await create(cookie, "North");
    const res = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie,
      params: { id: north.id },
      body: { name: "North Yard", status: "active" },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("North Yard");
    const same = await call(PATCH, "PATCH", `/location/${north.id}`, { cookie, params: { id: north.id }, body: { name: "North Yard" } });
    expect(same.status).toBe(200);

    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "location", id: north.id } });
    expect(entries.body.items.map((e: { action: string }) => e.action)).toEqual(["updated", "created"]);
    expect(entries.body.items[0].changes).toEqual({ name: ["North", "North Yard"] });
    const db = await getDb();
    expect(await db.select().from(history).where(eq(history.entityId, north.id))).toHaveLength(2);
  });

  it("empties the per-location list when the sharing default changes", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const north = await create(cookie, "North");
    const south = await create(cookie, "South");
    const shared = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie,
      params: { id: north.id },
      body: { sharing: { default: "none", locations: [{ id: south.id, level: "full" }] } },
    });
    expect(shared.body.sharing).toEqual({ default: "none", locations: [{ id: south.id, level: "edit" }] });
    const changed = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie,
      params: { id: north.id },
      body: { sharing: { default: "view", locations: [{ id: south.id, level: "edit" }] } },
    });
    expect(changed.body.sharing).toEqual({ default: "view", locations: [] });
    const db = await getDb();
    const [row] = await db.select().from(location).where(eq(location.id, north.id));
    expect(row.sharing).toEqual({ default: "view", locations: [] });
  });

  it("refuses sharing with a location of another organization", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await addLocation(other.organizationId, "Theirs");
    const north = await create(cookie, "North");
    const res = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie,
      params: { id: north.id },
      body: { sharing: { default: "none", locations: [{ id: theirs.id, level: "view" }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("sharing.locations");
  });

  it("validates the bodies", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    expect((await call(POST, "POST", "/location", { cookie, body: { name: "  " } })).body.errors).toEqual([
      { path: "name", message: "Required" },
    ]);
    const north = await create(cookie, "North");
    const bad = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie,
      params: { id: north.id },
      body: { status: "closed", colour: "red" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["", "status"]);
  });

  it("needs admin to create or edit (403 with the permission) and changes nothing", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await create(cookie, "North");
    const staff = await addMember(organizationId, { privileges: ["customers_manage"] });
    const staffCookie = await logInAs(staff.email);
    const created = await call(POST, "POST", "/location", { cookie: staffCookie, body: { name: "Sneaky" } });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({ status: 403, message: "Permission required", permission: "admin" });
    const patched = await call(PATCH, "PATCH", `/location/${north.id}`, {
      cookie: staffCookie,
      params: { id: north.id },
      body: { name: "Renamed" },
    });
    expect(patched.status).toBe(403);
    const db = await getDb();
    const rows = await db.select().from(location).where(eq(location.organizationId, organizationId));
    expect(rows.map((row) => row.name)).toEqual(["North"]);
    // Reading is open to every member.
    expect((await call(list, "GET", "/location", { cookie: staffCookie })).body.items).toHaveLength(1);
  });

  it("answers 404 for another organization's location, for reading, writing and history", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await create(other.cookie, "Theirs");
    const get = await call(getOne, "GET", `/location/${theirs.id}`, { cookie: mine.cookie, params: { id: theirs.id } });
    expect(get.status).toBe(404);
    expect(get.body.resource).toBe("Location");
    const patch = await call(PATCH, "PATCH", `/location/${theirs.id}`, {
      cookie: mine.cookie,
      params: { id: theirs.id },
      body: { name: "Mine now" },
    });
    expect(patch.status).toBe(404);
    const entries = await call(getHistory, "GET", "/history", { cookie: mine.cookie, query: { type: "location", id: theirs.id } });
    expect(entries.status).toBe(404);
    expect((await call(getOne, "GET", `/location/${theirs.id}`, { cookie: other.cookie, params: { id: theirs.id } })).body.name).toBe("Theirs");
    expect(names(await call(list, "GET", "/location", { cookie: mine.cookie }))).toEqual([]);
  });
});

describe("GET /location list parameters", () => {
  it("searches, filters by status, sorts, pages and selects by id", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const made: Record<string, string> = {};
    for (const name of ["Alpha Yard", "beta yard", "Gamma Depot", "Delta 100%", "Epsilon"]) made[name] = (await create(cookie, name)).id;
    await call(PATCH, "PATCH", `/location/${made.Epsilon}`, { cookie, params: { id: made.Epsilon }, body: { status: "removed" } });

    expect(names(await call(list, "GET", "/location", { cookie, query: { search: "YARD", sort: "name:asc" } }))).toEqual([
      "Alpha Yard",
      "beta yard",
    ]);
    expect(names(await call(list, "GET", "/location", { cookie, query: { search: "100%" } }))).toEqual(["Delta 100%"]);
    expect(names(await call(list, "GET", "/location", { cookie, query: { search: "%" } }))).toEqual(["Delta 100%"]);
    expect(names(await call(list, "GET", "/location", { cookie, query: { sort: "name:desc" } }))).toEqual([
      "Gamma Depot",
      "Delta 100%",
      "beta yard",
      "Alpha Yard",
    ]);
    expect(names(await call(list, "GET", "/location", { cookie, query: { status: "removed" } }))).toEqual(["Epsilon"]);
    expect(names(await call(list, "GET", "/location", { cookie, query: { "status[]": ["active", "removed"] } }))).toHaveLength(5);

    const first = await call(list, "GET", "/location", { cookie, query: { sort: "created:asc", limit: "2" } });
    expect(names(first)).toEqual(["Alpha Yard", "beta yard"]);
    expect(first.body.more).toBe(true);
    const last = await call(list, "GET", "/location", { cookie, query: { sort: "created:asc", limit: "2", skip: "2" } });
    expect(names(last)).toEqual(["Gamma Depot", "Delta 100%"]);
    expect(last.body.more).toBe(false);
    expect(names(await call(list, "GET", "/location", { cookie, query: { sort: "created:asc", limit: "2", page: "1" } }))).toEqual([
      "Gamma Depot",
      "Delta 100%",
    ]);
    const byId = await call(list, "GET", "/location", { cookie, query: { id: [made["Alpha Yard"], made["Gamma Depot"]], sort: "name:asc" } });
    expect(names(byId)).toEqual(["Alpha Yard", "Gamma Depot"]);
  });

  it.each([
    [{ skip: "-1" }, "skip", "Skip must be at least 0"],
    [{ limit: "0" }, "limit", "Limit must be at least 1"],
    [{ limit: "abc" }, "limit", "Limit must be a number"],
    [{ page: "-2" }, "page", "Page must be at least 0"],
    [{ sort: "colour:asc" }, "sort", "Sort must be one of created:asc, created:desc, updated:asc, updated:desc, name:asc, name:desc"],
    [{ sharing: "everything" }, "sharing", "Sharing must be one of include, exclude, shared_only, ignore"],
    [{ status: "closed" }, "status.0", "Status must be one of active, removed"],
    [{ id: "nope" }, "id.0", "Id must be a uuid"],
    [{ colour: "red" }, "", "Unknown field: colour"],
  ])("rejects %o with a readable 400", async (query, path, message) => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(list, "GET", "/location", { cookie, query });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, message }]);
  });

  it("needs a session", async () => {
    expect((await call(list, "GET", "/location")).status).toBe(401);
  });
});

describe("sharing between locations", () => {
  async function arrange() {
    const org = await signUpOrganization(mailbox);
    const here = await create(org.cookie, "Here");
    const viewable = await create(org.cookie, "Viewable");
    const hidden = await create(org.cookie, "Hidden");
    const editable = await create(org.cookie, "Editable");
    const patch = (id: string, sharing: object) =>
      call(PATCH, "PATCH", `/location/${id}`, { cookie: org.cookie, params: { id }, body: { sharing } });
    await patch(viewable.id, { default: "none", locations: [{ id: here.id, level: "view" }] });
    await patch(hidden.id, { default: "view", locations: [] });
    await patch(hidden.id, { default: "view", locations: [{ id: here.id, level: "none" }] });
    await patch(editable.id, { default: "edit", locations: [] });
    // An admin working at "Here".
    const atHere = await addMember(org.organizationId, { privileges: ["admin"], locationId: here.id });
    const cookie = await logInAs(atHere.email);
    return { org, here, viewable, hidden, editable, cookie };
  }

  it("applies include, exclude, shared_only and refuses ignore at a location", async () => {
    const { org, cookie } = await arrange();
    const listed = async (sharing: string, session = cookie) =>
      names(await call(list, "GET", "/location", { cookie: session, query: { sharing, sort: "name:asc" } }));
    expect(await listed("include")).toEqual(["Editable", "Here", "Viewable"]);
    expect(await listed("exclude")).toEqual(["Here"]);
    expect(await listed("shared_only")).toEqual(["Editable", "Viewable"]);
    const ignore = await call(list, "GET", "/location", { cookie, query: { sharing: "ignore" } });
    expect(ignore.status).toBe(400);
    expect(ignore.body.errors[0].path).toBe("sharing");

    expect(await listed("include", org.cookie)).toEqual(["Editable", "Here", "Hidden", "Viewable"]);
    expect(await listed("ignore", org.cookie)).toEqual(["Editable", "Here", "Hidden", "Viewable"]);
  });

  it("hides unshared items by id, refuses writes to view-only ones and allows edit-shared ones", async () => {
    const { viewable, hidden, editable, cookie } = await arrange();
    const get = (id: string) => call(getOne, "GET", `/location/${id}`, { cookie, params: { id } });
    const rename = (id: string, name: string) => call(PATCH, "PATCH", `/location/${id}`, { cookie, params: { id }, body: { name } });
    expect((await get(hidden.id)).status).toBe(404);
    expect((await rename(hidden.id, "Found you")).status).toBe(404);
    expect((await get(viewable.id)).status).toBe(200);
    const viewOnly = await rename(viewable.id, "Changed");
    expect(viewOnly.status).toBe(403);
    expect(viewOnly.body.permission).toBeUndefined();
    expect((await rename(editable.id, "Edited here")).body.name).toBe("Edited here");
    const db = await getDb();
    const [unchanged] = await db.select().from(location).where(eq(location.id, viewable.id));
    expect(unchanged.name).toBe("Viewable");
  });

  it("follows the session when it switches location", async () => {
    const { org, here, hidden } = await arrange();
    await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: here.id } });
    expect((await call(getOne, "GET", `/location/${hidden.id}`, { cookie: org.cookie, params: { id: hidden.id } })).status).toBe(404);
    await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: null } });
    expect((await call(getOne, "GET", `/location/${hidden.id}`, { cookie: org.cookie, params: { id: hidden.id } })).status).toBe(200);
  });
});

describe("GET /history", () => {
  it("validates its query", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(getHistory, "GET", "/history", { cookie, query: { type: "spaceship", id: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["type", "id"]);
  });

  it("shows the organization's own history and the sign-up entries", async () => {
    const { cookie, organizationId, view } = await signUpOrganization(mailbox);
    const res = await call(getHistory, "GET", "/history", { cookie, query: { type: "organization", id: organizationId } });
    expect(res.body.items[0]).toMatchObject({ action: "created", changes: { name: [null, "Acme Plumbing"] } });
    const member = await call(getHistory, "GET", "/history", { cookie, query: { type: "member", id: view.member.id } });
    expect(member.body.items[0].changes.email).toEqual([null, view.member.email]);
  });
});
