import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { session as sessionTable } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getMember, PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { GET as listMembers, POST as postMember } from "@/app/api/api/member/route";
import { PATCH as PATCH_ROLE } from "@/app/api/api/role/[id]/route";
import { POST as postRole } from "@/app/api/api/role/route";
import { GET as getSession, POST as login, PATCH as switchLocation } from "@/app/api/api/session/route";
import type { Privilege } from "@/lib/schemas/constants";
import { call, uniqueEmail } from "@/test/api";
import { permission } from "@/test/answers";
import { addLocation, addMember, logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Org = Awaited<ReturnType<typeof signUpOrganization>>;

const NEW_PASSWORD = "a brand new passphrase";
const MEMBERS_MANAGE = permission("members_manage");

const list = (cookie: string, query: Record<string, string | string[]> = {}) => call(listMembers, "GET", "/member", { cookie, query });
const create = (cookie: string, body: unknown) => call(postMember, "POST", "/member", { cookie, body });
const patch = (cookie: string, id: string, body: unknown) => call(patchMember, "PATCH", `/member/${id}`, { cookie, params: { id }, body });
const sessionOf = (cookie: string) => call(getSession, "GET", "/session", { cookie });
const tryLogin = (email: string, password: string) => call(login, "POST", "/session", { body: { email, password } });
const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((item) => item.name);

async function createRole(cookie: string, name: string, privileges: Privilege[] = []) {
  const res = await call(postRole, "POST", "/role", { cookie, body: { name, privileges } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function createMember(cookie: string, name: string, roleId: string, email = uniqueEmail("member")) {
  const res = await create(cookie, { name, email, role: roleId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, email };
}

/** A member made through the API, with a password, signed in. */
async function signedInMember(org: Org, name: string, roleId: string) {
  const made = await createMember(org.cookie, name, roleId);
  expect((await patch(org.cookie, made.id, { password: PASSWORD })).status).toBe(200);
  return { ...made, cookie: await logInAs(made.email) };
}

async function memberRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(member).where(eq(member.id, id));
  return row;
}

async function membersOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(member).where(eq(member.organizationId, organizationId)).orderBy(member.id);
}

async function sessionsOf(memberId: string) {
  const db = await getDb();
  return db.select().from(sessionTable).where(eq(sessionTable.memberId, memberId)).orderBy(sessionTable.id);
}

describe("GET /member", () => {
  it("filters by role (once or repeated) and status", async () => {
    const org = await signUpOrganization(mailbox);
    const fitters = await createRole(org.cookie, "Fitters");
    const office = await createRole(org.cookie, "Office");
    const anna = await createMember(org.cookie, "Anna Fitter", fitters);
    await createMember(org.cookie, "Bert Office", office);
    const carl = await createMember(org.cookie, "Carl Fitter", fitters);
    await createMember(org.cookie, "Dora Fitter", fitters);
    expect((await patch(org.cookie, carl.id, { status: "removed" })).status).toBe(200);

    const q = (query: Record<string, string | string[]>) => list(org.cookie, { sort: "name:asc", ...query });
    expect(names(await q({}))).toEqual(["Anna Fitter", "Bert Office", "Dora Fitter", "Olga Owner"]);
    expect(names(await q({ role: fitters }))).toEqual(["Anna Fitter", "Dora Fitter"]);
    expect(names(await q({ role: [fitters, office] }))).toEqual(["Anna Fitter", "Bert Office", "Dora Fitter"]);
    expect(names(await q({ "role[]": [office, org.view.member.role] }))).toEqual(["Bert Office", "Olga Owner"]);
    expect(names(await q({ role: fitters, status: "removed" }))).toEqual(["Carl Fitter"]);
    expect(names(await q({ role: fitters, status: ["active", "removed"] }))).toEqual(["Anna Fitter", "Carl Fitter", "Dora Fitter"]);
    expect(names(await q({ role: crypto.randomUUID() }))).toEqual([]);
    expect(names(await q({ role: fitters, search: "ann" }))).toEqual(["Anna Fitter"]);

    const item = (await q({ id: anna.id })).body.items[0];
    expect(item).toMatchObject({ id: anna.id, name: "Anna Fitter", email: anna.email, role: fitters, has_password: false });
    expect(Object.keys(item).filter((key) => /password/i.test(key))).toEqual(["has_password"]);

    const bad = await q({ role: "fitters" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "role.0", message: "Role must be a role id" }]);
  });

  it("lists only the session's organization", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const res = await list(mine.cookie, { status: ["active", "removed"], sharing: "ignore", id: [other.view.member.id, mine.view.member.id] });
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([mine.view.member.id]);
  });
});

describe("POST /member", () => {
  it("creates a member (201) without a password, email lower-cased, with history", async () => {
    const org = await signUpOrganization(mailbox);
    const fitters = await createRole(org.cookie, "Fitters");
    const email = uniqueEmail("Mixed.Case");
    const res = await create(org.cookie, { name: " Nina New ", email: `  ${email.toUpperCase()} `, role: fitters });
    expect(res.status).toBe(201);
    const row = await memberRow(res.body.id);
    expect(row).toMatchObject({
      organizationId: org.organizationId,
      name: "Nina New",
      email: email.toLowerCase(),
      roleId: fitters,
      status: "active",
      locationId: null,
      passwordHash: null,
    });
    expect(res.body).toEqual({
      id: row.id,
      name: "Nina New",
      email: email.toLowerCase(),
      status: "active",
      image: null,
      role: fitters,
      location: null,
      organization: org.organizationId,
      language: null,
      notification_emails: "every",
      sharing: { default: "none", locations: [] },
      has_password: false,
      invitation_expires: row.invitationExpiresAt!.toISOString(),
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
    });
    // No password, no login.
    expect((await tryLogin(email, PASSWORD)).status).toBe(401);

    const entries = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "member", id: row.id } });
    expect(entries.body.items).toHaveLength(1);
    expect(entries.body.items[0]).toMatchObject({
      action: "created",
      member: { id: org.view.member.id },
      changes: { name: [null, "Nina New"], email: [null, email.toLowerCase()], role: [null, fitters] },
    });
  });

  it("refuses an email already used by an active member of the organization (409); removed members' and other organizations' emails are free", async () => {
    const org = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const fitters = await createRole(org.cookie, "Fitters");
    const first = await createMember(org.cookie, "First", fitters);

    const before = await membersOf(org.organizationId);
    for (const email of [first.email, first.email.toUpperCase(), ` ${first.email}`, org.email]) {
      const res = await create(org.cookie, { name: "Copy", email, role: fitters });
      expect(res.status, email).toBe(409);
      expect(res.body).toEqual({ status: 409, message: "Conflict", details: "Another active member already uses this email" });
    }
    expect(await membersOf(org.organizationId)).toEqual(before);

    // Changing another member's email to a taken one is refused the same way.
    const second = await createMember(org.cookie, "Second", fitters);
    const secondRow = await memberRow(second.id);
    const clash = await patch(org.cookie, second.id, { email: first.email.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.details).toBe("Another active member already uses this email");
    expect(await memberRow(second.id)).toEqual(secondRow);

    // The same email in another organization is allowed.
    const otherRole = await createRole(other.cookie, "Their staff");
    const elsewhere = await create(other.cookie, { name: "Namesake", email: first.email, role: otherRole });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.organization).toBe(other.organizationId);

    // Once removed, the email can be reused...
    expect((await patch(org.cookie, first.id, { status: "removed" })).status).toBe(200);
    const reused = await create(org.cookie, { name: "Successor", email: first.email, role: fitters });
    expect(reused.status).toBe(201);
    const db = await getDb();
    const sameEmail = await db
      .select({ id: member.id, status: member.status })
      .from(member)
      .where(and(eq(member.organizationId, org.organizationId), eq(member.email, first.email)));
    expect(sameEmail.map((row) => row.status).sort()).toEqual(["active", "removed"]);
    // ...and the removed one cannot come back while the email is taken.
    const firstRow = await memberRow(first.id);
    const back = await patch(org.cookie, first.id, { status: "active" });
    expect(back.status).toBe(409);
    expect(await memberRow(first.id)).toEqual(firstRow);
  });

  it("validates the body (400), nothing stored", async () => {
    const org = await signUpOrganization(mailbox);
    const fitters = await createRole(org.cookie, "Fitters");
    const other = await signUpOrganization(mailbox, "Other Co");
    const before = await membersOf(org.organizationId);
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ name: "No At", email: "not-an-email", role: fitters }, [{ path: "email", message: "Enter a valid email address" }]],
      [{ name: "No Role", email: uniqueEmail() }, [{ path: "role", message: "Choose a role" }]],
      [{ name: "Bad Role", email: uniqueEmail(), role: "fitters" }, [{ path: "role", message: "Choose a role" }]],
      [{ email: uniqueEmail(), role: fitters }, [{ path: "name", message: "Required" }]],
      [{ name: "Extra", email: uniqueEmail(), role: fitters, password: PASSWORD }, [{ path: "", message: "Unknown field: password" }]],
      [{ name: "Ghost Role", email: uniqueEmail(), role: crypto.randomUUID() }, [{ path: "role", message: "This role does not exist" }]],
      [{ name: "Foreign Role", email: uniqueEmail(), role: other.view.member.role }, [{ path: "role", message: "This role does not exist" }]],
    ];
    for (const [body, errors] of cases) {
      const res = await create(org.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 400, message: "Invalid input", errors });
    }
    expect(await membersOf(org.organizationId)).toEqual(before);
  });

  it("refuses a role holding privileges the creator lacks (403), allows one it holds", async () => {
    const org = await signUpOrganization(mailbox);
    const fitters = await createRole(org.cookie, "Fitters", ["projects_manage"]);
    const leads = await createRole(org.cookie, "Leads", ["members_manage"]);
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"] });
    const cookie = await logInAs(manager.email);
    const before = await membersOf(org.organizationId);
    for (const roleId of [fitters, org.view.member.role as string]) {
      const res = await create(cookie, { name: "Promoted", email: uniqueEmail(), role: roleId });
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(403);
      expect(res.body.message).toMatch(/privileges you do not hold/);
    }
    expect(await membersOf(org.organizationId)).toEqual(before);
    const ok = await create(cookie, { name: "Lead", email: uniqueEmail(), role: leads });
    expect(ok.status).toBe(201);
    expect((await memberRow(ok.body.id)).roleId).toBe(leads);

    // Without members_manage there is no creating at all.
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage", "customers_manage"] });
    const staffCookie = await logInAs(staff.email);
    const refused = await create(staffCookie, { name: "Nope", email: uniqueEmail(), role: fitters });
    expect(refused.body).toEqual(MEMBERS_MANAGE);
    expect(await membersOf(org.organizationId)).toHaveLength(before.length + 2);
  });
});

describe("PATCH /member/{id}: who may change what", () => {
  it("lets a member edit its own profile without members_manage", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const self = await signedInMember(org, "Sally Self", plain);
    const newEmail = uniqueEmail("Sally.New");
    const res = await patch(self.cookie, self.id, {
      name: "Sally Selfridge",
      email: newEmail.toUpperCase(),
      notification_emails: "day",
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Sally Selfridge", email: newEmail.toLowerCase(), notification_emails: "day", has_password: true });
    expect(await memberRow(self.id)).toMatchObject({ name: "Sally Selfridge", email: newEmail.toLowerCase(), notificationEmails: "day" });
    // The new email and password work; the old ones do not.
    expect((await tryLogin(newEmail, NEW_PASSWORD)).status).toBe(200);
    expect((await tryLogin(newEmail, PASSWORD)).status).toBe(401);
    expect((await tryLogin(self.email, NEW_PASSWORD)).status).toBe(401);
    // The session that made the change stays.
    expect((await sessionOf(self.cookie)).status).toBe(200);
  });

  it("needs members_manage for role, status, sharing and location on oneself (403), row unchanged", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const plain = await createRole(org.cookie, "Plain");
    const other = await createRole(org.cookie, "Other");
    const self = await signedInMember(org, "Sally Self", plain);
    const before = await memberRow(self.id);
    const bodies = [
      { role: other },
      { status: "removed" },
      { sharing: { default: "edit" } },
      { location: north.id },
      { location: null },
      { name: "Sneaky", role: other },
    ];
    for (const body of bodies) {
      const res = await patch(self.cookie, self.id, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body).toEqual(MEMBERS_MANAGE);
    }
    expect(await memberRow(self.id)).toEqual(before);
    const db = await getDb();
    expect(await db.select().from(history).where(eq(history.entityId, self.id))).toHaveLength(2);
  });

  it("needs members_manage to edit another member, even its profile fields", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const editor = await signedInMember(org, "Eddie Editor", plain);
    const target = await createMember(org.cookie, "Tina Target", plain);
    const before = await memberRow(target.id);
    for (const body of [{ name: "Renamed" }, { email: uniqueEmail() }, { password: NEW_PASSWORD }, { notification_emails: "never" }]) {
      const res = await patch(editor.cookie, target.id, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(MEMBERS_MANAGE);
    }
    // The founder too.
    const founderBefore = await memberRow(org.view.member.id);
    expect((await patch(editor.cookie, org.view.member.id, { password: NEW_PASSWORD })).body).toEqual(MEMBERS_MANAGE);
    expect(await memberRow(target.id)).toEqual(before);
    expect(await memberRow(org.view.member.id)).toEqual(founderBefore);

    // With members_manage it works.
    const managers = await createRole(org.cookie, "Managers", ["members_manage"]);
    const manager = await signedInMember(org, "Mona Manager", managers);
    const res = await patch(manager.cookie, target.id, { name: "Tina Renamed", role: managers, sharing: { default: "view" } });
    expect(res.status).toBe(200);
    expect(await memberRow(target.id)).toMatchObject({ name: "Tina Renamed", roleId: managers, sharing: { default: "view", locations: [] } });
  });

  it("refuses a manager editing a member whose role holds privileges the manager lacks", async () => {
    const org = await signUpOrganization(mailbox);
    const fitters = await createRole(org.cookie, "Fitters", ["projects_manage"]);
    const plain = await createRole(org.cookie, "Plain");
    const managers = await createRole(org.cookie, "Managers", ["members_manage"]);
    const manager = await signedInMember(org, "Mona Manager", managers);
    const fitter = await createMember(org.cookie, "Finn Fitter", fitters);
    const rows = [await memberRow(fitter.id), await memberRow(org.view.member.id)];
    for (const id of [fitter.id, org.view.member.id]) {
      for (const body of [{ password: NEW_PASSWORD }, { email: uniqueEmail() }, { role: plain }, { status: "removed" }]) {
        const res = await patch(manager.cookie, id, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.message).toMatch(/privileges you do not hold/);
      }
    }
    expect([await memberRow(fitter.id), await memberRow(org.view.member.id)]).toEqual(rows);
    // Nor give itself a role with more.
    const own = await patch(manager.cookie, manager.id, { role: fitters });
    expect(own.status).toBe(403);
    expect((await memberRow(manager.id)).roleId).toBe(managers);
  });

  it("refuses it too when the target's role is one the manager's location cannot see", async () => {
    const org = await signUpOrganization(mailbox);
    const south = await addLocation(org.organizationId, "South");
    // An admin role of organization level, hidden from South.
    const owners = await createRole(org.cookie, "Owners", ["admin"]);
    const db = await getDb();
    expect((await db.select().from(role).where(eq(role.id, owners)))[0].sharing).toEqual({ default: "none", locations: [] });
    // An admin working at South, and a members manager at South.
    const southAdmin = await addMember(org.organizationId, { locationId: south.id });
    await db.update(member).set({ roleId: owners }).where(eq(member.id, southAdmin.member.id));
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"], locationId: south.id });
    const cookie = await logInAs(manager.email);
    // The manager sees the admin (same location) but not the admin's role.
    expect((await call(getMember, "GET", `/member/${southAdmin.member.id}`, { cookie, params: { id: southAdmin.member.id } })).status).toBe(200);

    const before = await memberRow(southAdmin.member.id);
    for (const body of [{ password: NEW_PASSWORD }, { email: uniqueEmail() }, { role: manager.role.id }, { status: "removed" }]) {
      const res = await patch(cookie, southAdmin.member.id, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    expect(await memberRow(southAdmin.member.id)).toEqual(before);
    expect((await tryLogin(southAdmin.email, NEW_PASSWORD)).status).toBe(401);
  });
});

describe("passwords", () => {
  it("accepts 12 to 256 characters (400 outside), row unchanged on refusal", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const target = await createMember(org.cookie, "Pat Password", plain);
    const before = await memberRow(target.id);
    const short = await patch(org.cookie, target.id, { password: "x".repeat(11) });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ status: 400, message: "Invalid input", errors: [{ path: "password", message: "At least 12 characters" }] });
    const long = await patch(org.cookie, target.id, { password: "x".repeat(257) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ path: "password", message: "At most 256 characters" }]);
    expect((await patch(org.cookie, target.id, { password: 123456789012 })).status).toBe(400);
    expect(await memberRow(target.id)).toEqual(before);

    expect((await patch(org.cookie, target.id, { password: "y".repeat(12) })).body.has_password).toBe(true);
    expect((await tryLogin(target.email, "y".repeat(12))).status).toBe(200);
    expect((await patch(org.cookie, target.id, { password: "z".repeat(256) })).body.has_password).toBe(true);
    expect((await tryLogin(target.email, "z".repeat(256))).status).toBe(200);
    expect((await tryLogin(target.email, "y".repeat(12))).status).toBe(401);
  });

  it("null clears the password: has_password false and login fails", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const target = await signedInMember(org, "Clara Clear", plain);
    const res = await patch(org.cookie, target.id, { password: null });
    expect(res.status).toBe(200);
    expect(res.body.has_password).toBe(false);
    expect((await memberRow(target.id)).passwordHash).toBeNull();
    const refused = await tryLogin(target.email, PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.cookie).toBeUndefined();
    // Clearing also ends its sessions.
    expect((await sessionOf(target.cookie)).status).toBe(401);
  });

  it("setting a password lets the member log in and ends its other sessions, not the admin's", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const target = await signedInMember(org, "Sid Sessions", plain);
    const secondCookie = await logInAs(target.email);
    expect(await sessionsOf(target.id)).toHaveLength(2);
    const adminSecond = await logInAs(org.email);

    const res = await patch(org.cookie, target.id, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.has_password).toBe(true);
    expect(await sessionsOf(target.id)).toEqual([]);
    for (const cookie of [target.cookie, secondCookie]) {
      const gone = await sessionOf(cookie);
      expect(gone.status).toBe(401);
      expect(gone.body).toEqual({ status: 401, message: "Unauthorized" });
    }
    expect((await sessionOf(org.cookie)).body.member.id).toBe(org.view.member.id);
    expect((await sessionOf(adminSecond)).status).toBe(200);

    expect((await tryLogin(target.email, PASSWORD)).status).toBe(401);
    const fresh = await tryLogin(target.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(fresh.body.member.id).toBe(target.id);
    expect((await sessionOf(fresh.cookie!)).status).toBe(200);
  });

  it("changing one's own password ends one's other sessions but keeps the current one", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const self = await signedInMember(org, "Ola Own", plain);
    const other = await logInAs(self.email);
    expect((await patch(self.cookie, self.id, { password: NEW_PASSWORD, current_password: PASSWORD })).status).toBe(200);
    expect((await sessionOf(self.cookie)).status).toBe(200);
    expect((await sessionOf(other)).status).toBe(401);
    expect(await sessionsOf(self.id)).toHaveLength(1);
  });

  it("history never contains password hashes, only set / not set", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const target = await createMember(org.cookie, "Hugo History", plain);
    await patch(org.cookie, target.id, { password: PASSWORD });
    await patch(org.cookie, target.id, { password: NEW_PASSWORD });
    await patch(org.cookie, target.id, { password: null });
    // Own password change too.
    const self = await signedInMember(org, "Sue Self", plain);
    await patch(self.cookie, self.id, { password: NEW_PASSWORD, current_password: PASSWORD });

    const entries = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "member", id: target.id } });
    expect(entries.status).toBe(200);
    const updates = entries.body.items.filter((entry: { action: string }) => entry.action === "updated");
    expect(updates.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { password: ["set", "not set"] },
      { password: ["set", "set"] },
      { password: ["not set", "set"] },
    ]);
    const selfEntries = await call(getHistory, "GET", "/history", { cookie: self.cookie, query: { type: "member", id: self.id } });
    expect(selfEntries.body.items[0].changes).toEqual({ password: ["set", "set"] });

    const db = await getDb();
    const stored = await db.select().from(history).where(eq(history.organizationId, org.organizationId));
    const text = JSON.stringify(stored) + JSON.stringify(entries.body) + JSON.stringify(selfEntries.body);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(NEW_PASSWORD);
    for (const entry of stored) {
      const password = (entry.changes as Record<string, unknown[]>).password;
      if (password) for (const value of password) expect(["set", "not set"]).toContain(value);
    }
  });
});

describe("removing members", () => {
  it("ends its sessions at once and it cannot log in", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const target = await signedInMember(org, "Rex Removed", plain);
    expect((await sessionOf(target.cookie)).status).toBe(200);
    const res = await patch(org.cookie, target.id, { status: "removed" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("removed");
    expect((await memberRow(target.id)).status).toBe("removed");
    expect(await sessionsOf(target.id)).toEqual([]);
    const gone = await sessionOf(target.cookie);
    expect(gone.status).toBe(401);
    const again = await tryLogin(target.email, PASSWORD);
    expect(again.status).toBe(401);
    expect(await sessionsOf(target.id)).toEqual([]);
    // The admin's own session is untouched.
    expect((await sessionOf(org.cookie)).status).toBe(200);
    // A removed member stays readable, and listed among removed ones.
    expect(names(await list(org.cookie, { status: "removed" }))).toEqual(["Rex Removed"]);
  });
});

describe("last-admin protection on members", () => {
  it("the only admin cannot be removed nor moved to a non-admin role (409 with details)", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const founderId = org.view.member.id as string;
    const before = await memberRow(founderId);
    for (const body of [{ status: "removed" }, { role: plain }, { role: plain, status: "removed" }]) {
      const res = await patch(org.cookie, founderId, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body).toEqual({ status: 409, message: "Conflict", details: expect.stringMatching(/admin/) });
    }
    expect(await memberRow(founderId)).toEqual(before);
    expect((await sessionOf(org.cookie)).status).toBe(200);

    // A removed admin does not count.
    const former = await signedInMember(org, "Former Admin", org.view.member.role);
    expect((await patch(org.cookie, former.id, { status: "removed" })).status).toBe(200);
    expect((await patch(org.cookie, founderId, { role: plain })).status).toBe(409);
    expect(await memberRow(founderId)).toEqual(before);
  });

  it("can be once another active admin exists", async () => {
    const org = await signUpOrganization(mailbox);
    const plain = await createRole(org.cookie, "Plain");
    const founderId = org.view.member.id as string;
    const second = await signedInMember(org, "Second Admin", org.view.member.role);
    const moved = await patch(org.cookie, founderId, { role: plain });
    expect(moved.status).toBe(200);
    expect((await memberRow(founderId)).roleId).toBe(plain);
    expect((await sessionOf(org.cookie)).body.privileges).toEqual([]);
    // Now the second admin is the last one and cannot be removed by anybody.
    expect((await patch(second.cookie, second.id, { status: "removed" })).status).toBe(409);
    // But it can remove the former founder.
    const removed = await patch(second.cookie, founderId, { status: "removed" });
    expect(removed.status).toBe(200);
    expect((await memberRow(founderId)).status).toBe("removed");
    expect((await sessionOf(org.cookie)).status).toBe(401);
  });
});

describe("member location", () => {
  it("new members take the creator's session location and only roles it can see", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    // A role of organization level that is not shared cannot be given at North.
    const hidden = await createRole(org.cookie, "Head office only");
    await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: north.id } });
    const before = await membersOf(org.organizationId);
    const refused = await create(org.cookie, { name: "Hidden Role", email: uniqueEmail(), role: hidden });
    expect(refused.body.errors).toEqual([{ path: "role", message: "This role does not exist" }]);
    expect(await membersOf(org.organizationId)).toEqual(before);
    const plain = await createRole(org.cookie, "Plain");
    const made = await createMember(org.cookie, "Nora North", plain);
    expect((await memberRow(made.id)).locationId).toBe(north.id);
    const removedLocation = await addLocation(org.organizationId, "Closed", "removed");
    // Locations of members are changed at organization level only.
    const atLocation = await patch(org.cookie, made.id, { location: null });
    expect(atLocation.status).toBe(403);
    expect((await memberRow(made.id)).locationId).toBe(north.id);
    await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: null } });
    const bad = await patch(org.cookie, made.id, { location: removedLocation.id });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "location", message: "This location does not exist" }]);
    expect((await memberRow(made.id)).locationId).toBe(north.id);
  });
});

describe("location boundaries", () => {
  it("keeps a location-bound manager from untying itself, and moves sessions with a moved member", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const south = await addLocation(org.organizationId, "South");
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"], locationId: north.id });
    const managerCookie = await logInAs(manager.email);
    const escape = await call(patchMember, "PATCH", `/member/${manager.member.id}`, {
      cookie: managerCookie,
      params: { id: manager.member.id },
      body: { location: null },
    });
    expect(escape.status).toBe(403);
    expect((await memberRow(manager.member.id)).locationId).toBe(north.id);

    const moved = await call(patchMember, "PATCH", `/member/${manager.member.id}`, {
      cookie: org.cookie,
      params: { id: manager.member.id },
      body: { location: south.id },
    });
    expect(moved.status).toBe(200);
    const view = await call(getSession, "GET", "/session", { cookie: managerCookie });
    expect(view.body.location).toEqual({ id: south.id, name: "South" });
  });

  it("keeps roles holding privileges the editor lacks out of its reach", async () => {
    const org = await signUpOrganization(mailbox);
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"] });
    const managerCookie = await logInAs(manager.email);
    const adminRole = org.view.member.role as string;
    const res = await call(PATCH_ROLE, "PATCH", `/role/${adminRole}`, {
      cookie: managerCookie,
      params: { id: adminRole },
      body: { status: "removed" },
    });
    expect(res.status).toBe(403);
    const db = await getDb();
    const [row] = await db.select().from(role).where(eq(role.id, adminRole));
    expect(row.status).toBe("active");
  });
});
