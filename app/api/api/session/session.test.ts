import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { session as sessionTable } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { location } from "@/db/schema/organization";
import { GET as getCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as createCustomer } from "@/app/api/api/customer/route";
import { DELETE, GET, PATCH, POST } from "@/app/api/api/session/route";
import { purgeExpiredNow } from "@/lib/server/purge";
import { call, randomIp, uniqueEmail } from "@/test/api";
import { addLocation, addMember, logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

describe("sessions", () => {
  it("answers 401 without a session or with a forged cookie", async () => {
    expect((await call(GET, "GET", "/session")).status).toBe(401);
    const forged = await call(GET, "GET", "/session", { cookie: "craftdesk_session=Fe26.2**forged" });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ status: 401, message: "Unauthorized" });
  });

  it("logs in with email and password, with a new session id each time", async () => {
    const { email, organizationId } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/session", { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.organization.id).toBe(organizationId);
    const second = await logInAs(email);
    expect(second).not.toBe(res.cookie);
    const db = await getDb();
    const founder = res.body.member.id;
    expect(await db.select().from(sessionTable).where(eq(sessionTable.memberId, founder))).toHaveLength(3);
    expect((await call(GET, "GET", "/session", { cookie: res.cookie })).status).toBe(200);
  });

  it("refuses a wrong password and an unknown email alike (401)", async () => {
    const { email } = await signUpOrganization(mailbox);
    const wrong = await call(POST, "POST", "/session", { body: { email, password: "wrong password here" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Email or password is incorrect");
    expect(wrong.cookie).toBeUndefined();
    const unknown = await call(POST, "POST", "/session", { body: { email: uniqueEmail(), password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Email or password is incorrect");
  });

  it("validates the login body", async () => {
    const res = await call(POST, "POST", "/session", { body: { email: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "email", message: "Enter a valid email address" },
      { path: "password", message: "Required" },
    ]);
  });

  it("counts failures, not attempts: failing from other addresses cannot lock the owner out", async () => {
    const { email } = await signUpOrganization(mailbox);
    // The attack: failures from rotating addresses.
    for (let i = 0; i < 12; i++) {
      expect((await call(POST, "POST", "/session", { body: { email, password: "wrong password here" } })).status).toBe(401);
    }
    expect((await call(POST, "POST", "/session", { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it("limits failures per account and address, and an address that has not failed still signs in", async () => {
    const { email } = await signUpOrganization(mailbox);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await call(POST, "POST", "/session", { ip, body: { email, password: "wrong password here" } })).status).toBe(401);
    }
    const limited = await call(POST, "POST", "/session", { ip, body: { email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(POST, "POST", "/session", { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it("limits failures per client address, and successful logins do not count", async () => {
    const { email } = await signUpOrganization(mailbox);
    const ip = randomIp();
    for (let i = 0; i < 40; i++) expect((await call(POST, "POST", "/session", { ip, body: { email, password: PASSWORD } })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call(POST, "POST", "/session", { ip, body: { email: uniqueEmail(), password: "x" } })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("takes the client address from the connection, not from a header the client sent", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const headers = { "x-forwarded-for": randomIp(), "x-real-ip": randomIp() };
      statuses.push((await call(POST, "POST", "/session", { ip, headers, body: { email: uniqueEmail(), password: "x" } })).status);
    }
    expect(statuses[30]).toBe(429);
  });

  it("keeps removed members out and ends their sessions at once", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const staff = await addMember(organizationId);
    const cookie = await logInAs(staff.email);
    expect((await call(GET, "GET", "/session", { cookie })).status).toBe(200);

    // Written straight to the database, as another instance would: this one hears of it (lib/server/session-cache.ts).
    const db = await getDb();
    await db.update(member).set({ status: "removed" }).where(eq(member.id, staff.member.id));
    await expect.poll(async () => (await call(GET, "GET", "/session", { cookie })).status).toBe(401);
    const again = await call(POST, "POST", "/session", { body: { email: staff.email, password: PASSWORD } });
    expect(again.status).toBe(401);
  });

  it("refuses login for a member without a password", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const staff = await addMember(organizationId, { password: null });
    const res = await call(POST, "POST", "/session", { body: { email: staff.email, password: PASSWORD } });
    expect(res.status).toBe(401);
  });

  it("logs out: the cookie is cleared and the session row is gone", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(DELETE, "DELETE", "/session", { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(GET, "GET", "/session", { cookie })).status).toBe(401);
  });

  describe("behind a trusted https proxy", () => {
    beforeAll(() => {
      process.env.TRUST_PROXY = "1";
    });
    afterAll(() => {
      delete process.env.TRUST_PROXY;
    });
    const https = { origin: "https://craftdesk.example", headers: { "x-forwarded-proto": "https", "x-forwarded-host": "craftdesk.example" } };

    it("marks the cookie Secure with a __Host- name, and accepts only that name", async () => {
      const { email } = await signUpOrganization(mailbox);
      const res = await call(POST, "POST", "/session", { ...https, body: { email, password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/^__Host-craftdesk_session=.*; Secure/);
      expect((await call(GET, "GET", "/session", { ...https, cookie: res.cookie })).status).toBe(200);
      const plain = res.cookie!.replace("__Host-", "");
      expect((await call(GET, "GET", "/session", { ...https, cookie: plain })).status).toBe(401);
    });
  });

  it("ignores forwarded protocol and host when no proxy is trusted", async () => {
    const { email } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/session", {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "craftdesk.example" },
      body: { email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^craftdesk_session=/);
    const forged = await call(POST, "POST", "/session", {
      origin: "https://craftdesk.example",
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "craftdesk.example" },
      body: { email, password: PASSWORD },
    });
    expect(forged.status).toBe(403);
  });

  it("answers 401 and clears a malformed cookie", async () => {
    for (const cookie of ["craftdesk_session=%E0%A4%A", "craftdesk_session=Fe26.2**x*y*z", "craftdesk_session="]) {
      const res = await call(GET, "GET", "/session", { cookie });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, message: "Unauthorized" });
      if (cookie !== "craftdesk_session=") expect(res.headers.get("set-cookie")).toMatch(/^craftdesk_session=; .*Max-Age=0/);
    }
  });

  it("ends a session unused for 14 days, and records use at most every few minutes", async () => {
    const { email, view } = await signUpOrganization(mailbox);
    const cookie = await logInAs(email);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(sessionTable)
      .where(eq(sessionTable.memberId, view.member.id))
      .orderBy(desc(sessionTable.createdAt))
      .limit(1);
    const lastSeen = async () => (await db.select().from(sessionTable).where(eq(sessionTable.id, row.id)))[0].lastSeenAt.getTime();
    await db.update(sessionTable).set({ lastSeenAt: new Date(Date.now() - 10 * 60 * 1000) }).where(eq(sessionTable.id, row.id));
    await expect
      .poll(async () => {
        expect((await call(GET, "GET", "/session", { cookie })).status).toBe(200);
        return Date.now() - (await lastSeen());
      })
      .toBeLessThan(60 * 1000);
    const touched = await lastSeen();
    expect((await call(GET, "GET", "/session", { cookie })).status).toBe(200);
    expect(await lastSeen()).toBe(touched);

    await db.update(sessionTable).set({ lastSeenAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) }).where(eq(sessionTable.id, row.id));
    await expect.poll(async () => (await call(GET, "GET", "/session", { cookie })).status).toBe(401);
    await purgeExpiredNow(db, 14 * 24 * 3600);
    expect(await db.select().from(sessionTable).where(eq(sessionTable.id, row.id))).toHaveLength(0);
  });
});

describe("PATCH /session (switch location)", () => {
  it("switches an organization-level member to a location and back", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const res = await call(PATCH, "PATCH", "/session", { cookie, body: { location: north.id } });
    expect(res.status).toBe(200);
    expect(res.body.location).toEqual({ id: north.id, name: "North" });
    expect((await call(GET, "GET", "/session", { cookie })).body.location.id).toBe(north.id);
    const back = await call(PATCH, "PATCH", "/session", { cookie, body: { location: null } });
    expect(back.body.location).toBeNull();
  });

  it("answers 404 for another organization's location or a removed one", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await addLocation(other.organizationId, "Theirs");
    const foreign = await call(PATCH, "PATCH", "/session", { cookie: mine.cookie, body: { location: theirs.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 404, resource: "Location" });
    const removed = await addLocation(mine.organizationId, "Closed", "removed");
    expect((await call(PATCH, "PATCH", "/session", { cookie: mine.cookie, body: { location: removed.id } })).status).toBe(404);
  });

  it("keeps a member tied to a location there unless they are an admin", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const staff = await addMember(organizationId, { locationId: north.id });
    const cookie = await logInAs(staff.email);
    expect((await call(GET, "GET", "/session", { cookie })).body.location.id).toBe(north.id);
    expect((await call(PATCH, "PATCH", "/session", { cookie, body: { location: south.id } })).status).toBe(403);
    expect((await call(PATCH, "PATCH", "/session", { cookie, body: { location: null } })).status).toBe(403);

    const admin = await addMember(organizationId, { locationId: north.id, privileges: ["admin"] });
    const adminCookie = await logInAs(admin.email);
    expect((await call(PATCH, "PATCH", "/session", { cookie: adminCookie, body: { location: south.id } })).status).toBe(200);
  });

  it("puts a member back at their own location when they lose the right to work elsewhere", async () => {
    const owner = await signUpOrganization(mailbox);
    const north = await addLocation(owner.organizationId, "North");
    const hidden = await call(createCustomer, "POST", "/customer", { cookie: owner.cookie, body: { name: "Org-level only" } });
    expect(hidden.status).toBe(201);
    const admin = await addMember(owner.organizationId, { locationId: north.id, privileges: ["admin"] });
    const cookie = await logInAs(admin.email);
    expect((await call(PATCH, "PATCH", "/session", { cookie, body: { location: null } })).status).toBe(200);
    expect((await call(getCustomer, "GET", `/customer/${hidden.body.id}`, { cookie, params: { id: hidden.body.id } })).status).toBe(200);

    const db = await getDb();
    await db.update(role).set({ privileges: [] }).where(eq(role.id, admin.role.id));
    await expect
      .poll(async () => (await call(getCustomer, "GET", `/customer/${hidden.body.id}`, { cookie, params: { id: hidden.body.id } })).status)
      .toBe(404);
    expect((await call(GET, "GET", "/session", { cookie })).body.location).toEqual({ id: north.id, name: "North" });
  });

  it("puts a member back at their own location when the one they switched to is removed", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    await call(PATCH, "PATCH", "/session", { cookie, body: { location: north.id } });
    const db = await getDb();
    await db.update(location).set({ status: "removed" }).where(eq(location.id, north.id));
    await expect.poll(async () => (await call(GET, "GET", "/session", { cookie })).body.location).toBeNull();
  });

  it("lists the locations the member may switch to", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    await addLocation(organizationId, "south");
    await addLocation(organizationId, "Closed", "removed");
    const view = await call(GET, "GET", "/session", { cookie });
    expect(view.body.locations.map((l: { name: string }) => l.name)).toEqual(["North", "south"]);
    // From a location, every other location stays reachable for a member who may switch.
    await call(PATCH, "PATCH", "/session", { cookie, body: { location: north.id } });
    expect((await call(GET, "GET", "/session", { cookie })).body.locations).toHaveLength(2);

    const tied = await addMember(organizationId, { locationId: north.id });
    const tiedView = await call(GET, "GET", "/session", { cookie: await logInAs(tied.email) });
    expect(tiedView.body.locations).toEqual([{ id: north.id, name: "North" }]);
  });

  it("validates the body", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(PATCH, "PATCH", "/session", { cookie, body: { location: "north" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "location", message: "Must be a location id" }]);
    expect((await call(PATCH, "PATCH", "/session", { cookie, body: {} })).status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await call(PATCH, "PATCH", "/session", { body: { location: null } })).status).toBe(401);
  });
});
