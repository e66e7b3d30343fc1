import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { member, role } from "@/db/schema/member";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getMember, PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { POST as postMember } from "@/app/api/api/member/route";
import { GET as getRole, PATCH as patchRole } from "@/app/api/api/role/[id]/route";
import { GET as listRoles, POST as postRole } from "@/app/api/api/role/route";
import { GET as getSession, PATCH as switchLocation } from "@/app/api/api/session/route";
import type { Privilege } from "@/lib/schemas/constants";
import { call, uniqueEmail } from "@/test/api";
import { notFound, permission } from "@/test/answers";
import { addLocation, addMember, logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const MEMBERS_MANAGE = permission("members_manage");

type Org = Awaited<ReturnType<typeof signUpOrganization>>;

const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((item) => item.name);

const list = (cookie: string, query: Record<string, string | string[]> = {}) => call(listRoles, "GET", "/role", { cookie, query });

const create = (cookie: string, body: unknown) => call(postRole, "POST", "/role", { cookie, body });

const patch = (cookie: string, id: string, body: unknown) => call(patchRole, "PATCH", `/role/${id}`, { cookie, params: { id }, body });

async function createRole(cookie: string, name: string, privileges: Privilege[] = []) {
  const res = await create(cookie, { name, privileges });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; privileges: Privilege[] };
}

async function roleRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(role).where(eq(role.id, id));
  return row;
}

async function rolesOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(role).where(eq(role.organizationId, organizationId)).orderBy(role.id);
}

async function historyOf(id: string) {
  const db = await getDb();
  return db.select().from(history).where(eq(history.entityId, id)).orderBy(history.id);
}

/** A member created through the API with a role, given a password, and signed in. */
async function memberWithRole(org: Org, roleId: string, name = "Rita Role") {
  const email = uniqueEmail("member");
  const created = await call(postMember, "POST", "/member", { cookie: org.cookie, body: { name, email, role: roleId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const withPassword = await call(patchMember, "PATCH", `/member/${id}`, { cookie: org.cookie, params: { id }, body: { password: PASSWORD } });
  expect(withPassword.status).toBe(200);
  return { id, email, cookie: await logInAs(email) };
}

describe("GET /role list parameters", () => {
  it("searches, filters by status, sorts, pages and selects by id", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const made: Record<string, string> = {};
    for (const name of ["Alpha Fitter", "beta fitter", "Gamma Office", "Delta 100%", "Epsilon_x"]) {
      made[name] = (await createRole(cookie, name)).id;
    }
    expect((await patch(cookie, made.Epsilon_x, { status: "removed" })).status).toBe(200);

    // Defaults: active only, newest first.
    expect(names(await list(cookie))).toEqual(["Delta 100%", "Gamma Office", "beta fitter", "Alpha Fitter", "Administrator"]);
    expect(names(await list(cookie, { search: "FITTER", sort: "name:asc" }))).toEqual(["Alpha Fitter", "beta fitter"]);
    expect(names(await list(cookie, { search: "100%" }))).toEqual(["Delta 100%"]);
    // LIKE wildcards are taken literally.
    expect(names(await list(cookie, { search: "%" }))).toEqual(["Delta 100%"]);
    expect(names(await list(cookie, { search: "_", status: ["active", "removed"] }))).toEqual(["Epsilon_x"]);
    expect(names(await list(cookie, { sort: "name:asc" }))).toEqual([
      "Administrator",
      "Alpha Fitter",
      "beta fitter",
      "Delta 100%",
      "Gamma Office",
    ]);
    expect(names(await list(cookie, { status: "removed" }))).toEqual(["Epsilon_x"]);
    expect(names(await list(cookie, { status: ["active", "removed"], sort: "name:desc" }))).toEqual([
      "Gamma Office",
      "Epsilon_x",
      "Delta 100%",
      "beta fitter",
      "Alpha Fitter",
      "Administrator",
    ]);
    expect(names(await list(cookie, { "status[]": ["removed"] }))).toEqual(["Epsilon_x"]);

    const first = await list(cookie, { sort: "created:asc", limit: "2" });
    expect(names(first)).toEqual(["Administrator", "Alpha Fitter"]);
    expect(first.body.more).toBe(true);
    const second = await list(cookie, { sort: "created:asc", limit: "2", skip: "2" });
    expect(names(second)).toEqual(["beta fitter", "Gamma Office"]);
    expect(second.body.more).toBe(true);
    const last = await list(cookie, { sort: "created:asc", limit: "2", page: "2" });
    expect(names(last)).toEqual(["Delta 100%"]);
    expect(last.body.more).toBe(false);

    const byId = await list(cookie, { id: [made["Alpha Fitter"], made["Gamma Office"], made.Epsilon_x], sort: "name:asc" });
    expect(names(byId)).toEqual(["Alpha Fitter", "Gamma Office"]);
    const unknownId = await list(cookie, { id: crypto.randomUUID() });
    expect(unknownId.body.items).toEqual([]);
  });

  it("lists items in the role shape", async () => {
    const org = await signUpOrganization(mailbox);
    const made = await createRole(org.cookie, "Bookkeeper", ["customers_manage"]);
    const row = await roleRow(made.id);
    const res = await list(org.cookie, { id: made.id });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: made.id,
        name: "Bookkeeper",
        status: "active",
        privileges: ["customers_manage"],
        location: null,
        organization: org.organizationId,
        sharing: { default: "none", locations: [] },
        created: row.createdAt.toISOString(),
        updated: row.updatedAt.toISOString(),
      },
    ]);
  });

  it.each([
    [{ skip: "-1" }, "skip", "Skip must be at least 0"],
    [{ limit: "0" }, "limit", "Limit must be at least 1"],
    [{ limit: "10001" }, "limit", "Limit must be at most 10000"],
    [{ limit: "1.5" }, "limit", "Limit must be a whole number"],
    [{ page: "x" }, "page", "Page must be a number"],
    [{ sort: "privileges:asc" }, "sort", "Sort must be one of created:asc, created:desc, updated:asc, updated:desc, name:asc, name:desc"],
    [{ sort: "name" }, "sort", "Sort must be one of created:asc, created:desc, updated:asc, updated:desc, name:asc, name:desc"],
    [{ status: "archived" }, "status.0", "Status must be one of active, removed"],
    [{ sharing: "all" }, "sharing", "Sharing must be one of include, exclude, shared_only, ignore"],
    [{ id: "role-1" }, "id.0", "Id must be a uuid"],
    [{ search: "x".repeat(201) }, "search", "Search is at most 200 characters"],
    [{ privilege: "admin" }, "", "Unknown field: privilege"],
  ])("rejects %o with a readable 400", async (query, path, message) => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await list(cookie, query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message: "Invalid input", errors: [{ path, message }] });
  });
});

describe("POST /role", () => {
  it("creates a role (201) at the session's location, with its history", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await create(org.cookie, { name: "  Site lead ", privileges: ["projects_manage", "customers_manage"] });
    expect(res.status).toBe(201);
    const row = await roleRow(res.body.id);
    expect(row).toMatchObject({
      organizationId: org.organizationId,
      name: "Site lead",
      status: "active",
      privileges: ["projects_manage", "customers_manage"],
      locationId: null,
      sharing: { default: "none", locations: [] },
    });
    expect(res.body).toEqual({
      id: row.id,
      name: "Site lead",
      status: "active",
      privileges: ["projects_manage", "customers_manage"],
      location: null,
      organization: org.organizationId,
      sharing: { default: "none", locations: [] },
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
    });
    const entries = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "role", id: row.id } });
    expect(entries.body.items).toHaveLength(1);
    expect(entries.body.items[0]).toMatchObject({
      action: "created",
      member: { id: org.view.member.id, name: "Olga Owner" },
      changes: {
        name: [null, "Site lead"],
        status: [null, "active"],
        privileges: [null, ["projects_manage", "customers_manage"]],
      },
    });

    // A session working at a location creates roles of that location.
    const north = await addLocation(org.organizationId, "North");
    await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: north.id } });
    const there = await create(org.cookie, { name: "North crew" });
    expect(there.status).toBe(201);
    expect(there.body).toMatchObject({ location: north.id, privileges: [] });
    expect((await roleRow(there.body.id)).locationId).toBe(north.id);
  });

  it("requires a name and known privileges, and rejects unknown fields (400, nothing stored)", async () => {
    const org = await signUpOrganization(mailbox);
    const before = await rolesOf(org.organizationId);
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{}, [{ path: "name", message: "Required" }]],
      [{ name: "   " }, [{ path: "name", message: "Required" }]],
      [{ name: "x".repeat(201) }, [{ path: "name", message: "At most 200 characters" }]],
      [
        { name: "Boss", privileges: ["superuser"] },
        [{ path: "privileges.0", message: "Privilege must be one of admin, members_manage, projects_manage, customers_manage, messages_any_recipient, invoices" }],
      ],
      [{ name: "Boss", privileges: "admin" }, [{ path: "privileges", message: expect.any(String) }]],
      [{ name: "Boss", status: "removed" }, [{ path: "", message: "Unknown field: status" }]],
    ];
    for (const [body, errors] of cases) {
      const res = await create(org.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 400, message: "Invalid input", errors });
    }
    expect(await rolesOf(org.organizationId)).toEqual(before);
  });

  it("collapses duplicate privileges", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await create(org.cookie, {
      name: "Doubles",
      privileges: ["customers_manage", "projects_manage", "customers_manage", "projects_manage"],
    });
    expect(res.status).toBe(201);
    expect(res.body.privileges).toEqual(["customers_manage", "projects_manage"]);
    expect((await roleRow(res.body.id)).privileges).toEqual(["customers_manage", "projects_manage"]);
    const patched = await patch(org.cookie, res.body.id, { privileges: ["admin", "admin"] });
    expect(patched.body.privileges).toEqual(["admin"]);
    expect((await roleRow(res.body.id)).privileges).toEqual(["admin"]);
  });
});

describe("PATCH /role/{id}", () => {
  it("updates only what changed, with before and after in GET /history", async () => {
    const org = await signUpOrganization(mailbox);
    const fitter = await createRole(org.cookie, "Fitter", ["projects_manage"]);
    const res = await patch(org.cookie, fitter.id, { name: "Senior fitter", privileges: ["projects_manage", "customers_manage"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fitter.id, name: "Senior fitter", privileges: ["projects_manage", "customers_manage"] });
    const row = await roleRow(fitter.id);
    expect(row).toMatchObject({ name: "Senior fitter", privileges: ["projects_manage", "customers_manage"] });

    // Nothing changes: no history entry.
    expect((await patch(org.cookie, fitter.id, { name: "Senior fitter" })).status).toBe(200);
    expect(await roleRow(fitter.id)).toEqual(row);
    expect((await patch(org.cookie, fitter.id, { status: "removed", sharing: { default: "full" } })).status).toBe(200);

    const entries = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "role", id: fitter.id } });
    expect(entries.status).toBe(200);
    expect(entries.body.items.map((entry: { action: string }) => entry.action)).toEqual(["updated", "updated", "created"]);
    expect(entries.body.items[1]).toMatchObject({
      member: { id: org.view.member.id, name: "Olga Owner" },
      changes: {
        name: ["Fitter", "Senior fitter"],
        privileges: [["projects_manage"], ["projects_manage", "customers_manage"]],
      },
    });
    expect(Object.keys(entries.body.items[1].changes).sort()).toEqual(["name", "privileges"]);
    expect(entries.body.items[0].changes).toEqual({
      status: ["active", "removed"],
      sharing: [
        { default: "none", locations: [] },
        { default: "edit", locations: [] },
      ],
    });
    expect(await historyOf(fitter.id)).toHaveLength(3);
  });

  it("validates the body (400) and answers 404 for unknown ids", async () => {
    const org = await signUpOrganization(mailbox);
    const fitter = await createRole(org.cookie, "Fitter");
    const before = await roleRow(fitter.id);
    const bad = await patch(org.cookie, fitter.id, { name: "", privileges: ["root"], status: "gone", colour: "red" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["", "name", "privileges.0", "status"]);
    expect(await roleRow(fitter.id)).toEqual(before);
    const unknown = crypto.randomUUID();
    const missing = await patch(org.cookie, unknown, { name: "Ghost" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(notFound("Role"));
  });
});

describe("privilege escalation", () => {
  async function arrange() {
    const org = await signUpOrganization(mailbox);
    const fitter = await createRole(org.cookie, "Fitter", ["projects_manage"]);
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"] });
    const cookie = await logInAs(manager.email);
    return { org, fitter, manager, cookie };
  }

  it("a member holding only members_manage cannot create a role with privileges it lacks (403, nothing stored)", async () => {
    const { org, cookie } = await arrange();
    const before = await rolesOf(org.organizationId);
    for (const privileges of [["projects_manage"], ["admin"], ["members_manage", "customers_manage"], ["members_manage", "admin"]]) {
      const res = await create(cookie, { name: "Escalator", privileges });
      expect(res.status, JSON.stringify(privileges)).toBe(403);
      expect(res.body.status).toBe(403);
      expect(res.body.message).toContain(privileges.filter((p) => p !== "members_manage").join(", "));
      expect(res.body.permission).toBe(privileges.find((p) => p !== "members_manage"));
      expect(res.body.id).toBeUndefined();
    }
    expect(await rolesOf(org.organizationId)).toEqual(before);
  });

  it("a member holding only members_manage cannot add or remove such a privilege on a role (403, row unchanged)", async () => {
    const { org, fitter, cookie } = await arrange();
    const office = await createRole(org.cookie, "Office", []);
    const before = await rolesOf(org.organizationId);
    const attempts: [string, Privilege[]][] = [
      [office.id, ["admin"]],
      [office.id, ["customers_manage"]],
      [office.id, ["members_manage", "projects_manage"]],
      [fitter.id, []],
      [fitter.id, ["members_manage"]],
      [fitter.id, ["projects_manage", "admin"]],
      [org.view.member.role, ["members_manage"]],
    ];
    for (const [id, privileges] of attempts) {
      const res = await patch(cookie, id, { name: "Renamed too", privileges });
      expect(res.status, JSON.stringify(privileges)).toBe(403);
      expect(res.body.status).toBe(403);
      expect(res.body.message).toMatch(/privileges you do not hold/);
    }
    expect(await rolesOf(org.organizationId)).toEqual(before);
    for (const id of [office.id, fitter.id]) expect(await historyOf(id)).toHaveLength(1);
  });

  it("with members_manage it can create and edit roles holding members_manage only", async () => {
    const { org, cookie, manager } = await arrange();
    const res = await create(cookie, { name: "Team lead", privileges: ["members_manage"] });
    expect(res.status).toBe(201);
    expect(await roleRow(res.body.id)).toMatchObject({ name: "Team lead", privileges: ["members_manage"], organizationId: org.organizationId });
    const plain = await create(cookie, { name: "Helper" });
    expect(plain.status).toBe(201);
    expect(plain.body.privileges).toEqual([]);
    const granted = await patch(cookie, plain.body.id, { privileges: ["members_manage"] });
    expect(granted.status).toBe(200);
    expect((await roleRow(plain.body.id)).privileges).toEqual(["members_manage"]);
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "role", id: plain.body.id } });
    expect(entries.body.items[0]).toMatchObject({
      member: { id: manager.member.id },
      changes: { privileges: [[], ["members_manage"]] },
    });
  });

  it("without members_manage: 403 with permission members_manage, nothing changes", async () => {
    const { org, fitter } = await arrange();
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage", "customers_manage"] });
    const cookie = await logInAs(staff.email);
    const before = await rolesOf(org.organizationId);
    const created = await create(cookie, { name: "Mine", privileges: [] });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(MEMBERS_MANAGE);
    const patched = await patch(cookie, fitter.id, { name: "Mine now" });
    expect(patched.status).toBe(403);
    expect(patched.body).toEqual(MEMBERS_MANAGE);
    // Even its own role.
    const own = await patch(cookie, staff.role.id, { privileges: ["projects_manage", "customers_manage", "admin"] });
    expect(own.body).toEqual(MEMBERS_MANAGE);
    expect(await rolesOf(org.organizationId)).toEqual(before);
    // Reading stays open.
    expect(names(await list(cookie, { sort: "name:asc" }))).toContain("Administrator");
  });
});

describe("last-admin protection on roles", () => {
  it("refuses to take admin from the only admin role (409 with details), role unchanged", async () => {
    const org = await signUpOrganization(mailbox);
    const adminRole = org.view.member.role as string;
    const before = await roleRow(adminRole);
    for (const privileges of [["members_manage"], [], ["members_manage", "projects_manage", "customers_manage"]]) {
      const res = await patch(org.cookie, adminRole, { privileges });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: 409, message: "Conflict", details: expect.stringMatching(/admin/) });
    }
    expect(await roleRow(adminRole)).toEqual(before);
    expect(await historyOf(adminRole)).toHaveLength(1);
  });

  it("still refuses when the other admins are only removed members, roles without members or members of the same role", async () => {
    const org = await signUpOrganization(mailbox);
    const adminRole = org.view.member.role as string;
    // An admin role nobody holds.
    await createRole(org.cookie, "Spare admins", ["admin"]);
    // A removed member of another admin role.
    const coAdmin = await createRole(org.cookie, "Co-admin", ["admin"]);
    const former = await memberWithRole(org, coAdmin.id, "Former Admin");
    expect((await call(patchMember, "PATCH", `/member/${former.id}`, { cookie: org.cookie, params: { id: former.id }, body: { status: "removed" } })).status).toBe(200);
    // A second active member of the very same role.
    await memberWithRole(org, adminRole, "Second Owner");
    const before = await roleRow(adminRole);
    const res = await patch(org.cookie, adminRole, { privileges: ["members_manage"] });
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual(expect.any(String));
    expect(await roleRow(adminRole)).toEqual(before);
  });

  it("allows it once another active member holds another admin role", async () => {
    const org = await signUpOrganization(mailbox);
    const adminRole = org.view.member.role as string;
    const coAdmin = await createRole(org.cookie, "Co-admin", ["admin"]);
    const other = await memberWithRole(org, coAdmin.id, "Other Admin");
    const res = await patch(org.cookie, adminRole, { privileges: ["members_manage"] });
    expect(res.status).toBe(200);
    expect(res.body.privileges).toEqual(["members_manage"]);
    expect((await roleRow(adminRole)).privileges).toEqual(["members_manage"]);
    // The founder lost admin at once; the other admin keeps it.
    expect((await call(getSession, "GET", "/session", { cookie: org.cookie })).body.privileges).toEqual(["members_manage"]);
    expect((await call(getSession, "GET", "/session", { cookie: other.cookie })).body.privileges).toEqual(["admin"]);
    // And now the other admin's role is the last one.
    const last = await patch(other.cookie, coAdmin.id, { privileges: [] });
    expect(last.status).toBe(409);
    expect((await roleRow(coAdmin.id)).privileges).toEqual(["admin"]);
  });
});

describe("removed roles", () => {
  it("keep working for their members but cannot be assigned (400 on path role)", async () => {
    const org = await signUpOrganization(mailbox);
    const fitter = await createRole(org.cookie, "Fitter", ["projects_manage"]);
    const holder = await memberWithRole(org, fitter.id, "Holly Holder");
    const removed = await patch(org.cookie, fitter.id, { status: "removed" });
    expect(removed.status).toBe(200);
    expect((await roleRow(fitter.id)).status).toBe("removed");

    // Its member still works, with the role's privileges.
    const session = await call(getSession, "GET", "/session", { cookie: holder.cookie });
    expect(session.status).toBe(200);
    expect(session.body.member).toMatchObject({ id: holder.id, role: fitter.id });
    expect(session.body.privileges).toEqual(["projects_manage"]);
    expect((await call(getMember, "GET", `/member/${holder.id}`, { cookie: org.cookie, params: { id: holder.id } })).body.role).toBe(fitter.id);
    // A fresh login works too.
    expect(await logInAs(holder.email)).toBeTruthy();

    // But nobody can be given it.
    const db = await getDb();
    const email = uniqueEmail("new");
    const createRes = await call(postMember, "POST", "/member", { cookie: org.cookie, body: { name: "New Hire", email, role: fitter.id } });
    expect(createRes.status).toBe(400);
    expect(createRes.body).toEqual({ status: 400, message: "Invalid input", errors: [{ path: "role", message: "This role has been removed" }] });
    expect(await db.select().from(member).where(and(eq(member.organizationId, org.organizationId), eq(member.email, email)))).toEqual([]);

    const other = await addMember(org.organizationId);
    const [otherBefore] = await db.select().from(member).where(eq(member.id, other.member.id));
    const moveRes = await call(patchMember, "PATCH", `/member/${other.member.id}`, {
      cookie: org.cookie,
      params: { id: other.member.id },
      body: { role: fitter.id },
    });
    expect(moveRes.status).toBe(400);
    expect(moveRes.body.errors).toEqual([{ path: "role", message: "This role has been removed" }]);
    const [otherAfter] = await db.select().from(member).where(eq(member.id, other.member.id));
    expect(otherAfter).toEqual(otherBefore);

    // Restored, it can be assigned again.
    expect((await patch(org.cookie, fitter.id, { status: "active" })).status).toBe(200);
    const again = await call(postMember, "POST", "/member", { cookie: org.cookie, body: { name: "New Hire", email, role: fitter.id } });
    expect(again.status).toBe(201);
    expect(again.body.role).toBe(fitter.id);
  });
});
