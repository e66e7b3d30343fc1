import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiToken } from "@/db/schema/auth";
import { GET as listCustomers, POST as createCustomer } from "@/app/api/api/customer/route";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { DELETE as logOut, GET as getSession, PATCH as switchLocation } from "@/app/api/api/session/route";
import { DELETE as revokeToken } from "@/app/api/api/token/[id]/route";
import { GET as listTokens, POST as createToken } from "@/app/api/api/token/route";
import { expiryInDays } from "@/lib/schemas/api-token";
import { hashToken } from "@/lib/server/api-token";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function makeToken(cookie: string, body: Record<string, unknown> = {}) {
  const res = await call(createToken, "POST", "/token", { cookie, body: { name: "Zapier", expires_at: expiryInDays(30), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string; prefix: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A request as a script sends it: the token, no cookie and no Origin header. */
const asScript = (token: string, body?: unknown) => ({ headers: bearer(token), origin: null, body });
const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((item) => item.name).sort();

describe("API tokens", () => {
  afterEach(() => {
    delete process.env.API_TOKEN_RATE_LIMIT;
  });

  it("shows the secret once and stores only its hash", async () => {
    const { cookie, view } = await signUpOrganization(mailbox);
    const created = await makeToken(cookie, { read_only: true });
    expect(created.token).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(apiToken).where(eq(apiToken.id, created.id));
    expect(row).toMatchObject({ memberId: view.member.id, tokenHash: hashToken(created.token), readOnly: true, lastUsedAt: null });
    expect(JSON.stringify(row)).not.toContain(created.token);
    const listed = await call(listTokens, "GET", "/token", { cookie });
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: created.id, name: "Zapier", prefix: created.prefix, read_only: true, last_used: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
  });

  it("refuses an expiry in the past or missing", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const past = await call(createToken, "POST", "/token", { cookie, body: { name: "Old", expires_at: "2020-01-01" } });
    expect(past.status).toBe(400);
    expect((await call(createToken, "POST", "/token", { cookie, body: { name: "Forever" } })).status).toBe(400);
  });

  it("acts as its member with the member's location rules, and notes its last use", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const northStaff = await addMember(organizationId, { privileges: ["customers_manage"], locationId: north.id });
    const southStaff = await addMember(organizationId, { privileges: ["customers_manage"], locationId: south.id });
    for (const [staff, name] of [[northStaff, "North customer"], [southStaff, "South customer"]] as const) {
      const res = await call(createCustomer, "POST", "/customer", { cookie: await logInAs(staff.email), body: { name } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const { token, id } = await makeToken(await logInAs(southStaff.email));
    const listed = await call(listCustomers, "GET", "/customer", { headers: bearer(token) });
    expect(listed.status).toBe(200);
    expect(names(listed)).toEqual(["South customer"]);
    const session = await call(getSession, "GET", "/session", { headers: bearer(token) });
    expect(session.body.member.id).toBe(southStaff.member.id);
    expect(session.body.location).toEqual({ id: south.id, name: "South" });
    // The founder's own token sees the organization level.
    const founders = await makeToken(cookie);
    expect(names(await call(listCustomers, "GET", "/customer", { headers: bearer(founders.token) }))).toEqual(["North customer", "South customer"]);
    const db = await getDb();
    const lastUsed = async () => (await db.select().from(apiToken).where(eq(apiToken.id, id)))[0]!.lastUsedAt;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // Noted at most once a minute, not on every request.
    await call(listCustomers, "GET", "/customer", { headers: bearer(token) });
    expect(await lastUsed()).toEqual(first);
  });

  it("lets a full token write without an Origin header, and refuses a read-only one", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const readOnly = await makeToken(cookie, { read_only: true });
    const refused = await call(createCustomer, "POST", "/customer", asScript(readOnly.token, { name: "Refused" }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 403, message: "This token is read-only" });
    const full = await makeToken(cookie);
    const created = await call(createCustomer, "POST", "/customer", asScript(full.token, { name: "Written by a script" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(names(await call(listCustomers, "GET", "/customer", { cookie }))).toEqual(["Written by a script"]);
    // A cookie still needs the Origin.
    expect((await call(createCustomer, "POST", "/customer", { cookie, origin: null, body: { name: "No origin" } })).status).toBe(403);
  });

  it("answers 401 to an unknown, expired or revoked token, without falling back to the cookie", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const unknown = await call(listCustomers, "GET", "/customer", { cookie, headers: bearer("cdk_unknown") });
    expect(unknown.status).toBe(401);
    expect((await call(listCustomers, "GET", "/customer", { cookie, headers: { authorization: "Basic abc" } })).status).toBe(401);
    const expiring = await makeToken(cookie);
    const db = await getDb();
    await db.update(apiToken).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiToken.id, expiring.id));
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(expiring.token) })).status).toBe(401);
    const revoked = await makeToken(cookie);
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(revoked.token) })).status).toBe(200);
    expect((await call(revokeToken, "DELETE", `/token/${revoked.id}`, { cookie, params: { id: revoked.id } })).status).toBe(204);
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(revoked.token) })).status).toBe(401);
  });

  it("ends at once when its member is removed", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const staff = await addMember(organizationId);
    const { token } = await makeToken(await logInAs(staff.email));
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(token) })).status).toBe(200);
    const removed = await call(patchMember, "PATCH", `/member/${staff.member.id}`, { cookie, params: { id: staff.member.id }, body: { status: "removed" } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(token) })).status).toBe(401);
  });

  it("cannot manage tokens, switch location or log out", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const { token, id } = await makeToken(cookie);
    const refusal = { status: 403, message: "API tokens cannot do this; sign in to the app" };
    const attempts = [
      call(createToken, "POST", "/token", asScript(token, { name: "Minted", expires_at: expiryInDays(30) })),
      call(listTokens, "GET", "/token", { headers: bearer(token) }),
      call(revokeToken, "DELETE", `/token/${id}`, { headers: bearer(token), origin: null, params: { id } }),
      call(switchLocation, "PATCH", "/session", asScript(token, { location: null })),
      call(logOut, "DELETE", "/session", { headers: bearer(token), origin: null }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.body).toEqual(refusal);
    expect((await call(listTokens, "GET", "/token", { cookie })).body.items).toHaveLength(1);
  });

  it("is rate limited per token (429)", async () => {
    process.env.API_TOKEN_RATE_LIMIT = "3";
    const { cookie } = await signUpOrganization(mailbox);
    const first = await makeToken(cookie);
    const second = await makeToken(cookie);
    for (let i = 0; i < 3; i++) expect((await call(listCustomers, "GET", "/customer", { headers: bearer(first.token) })).status).toBe(200);
    const limited = await call(listCustomers, "GET", "/customer", { headers: bearer(first.token) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, message: "Too many requests, try again later" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(second.token) })).status).toBe(200);
  });

  it("lists and revokes only the caller's own tokens", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const admin = await addMember(organizationId, { privileges: ["admin"] });
    const adminCookie = await logInAs(admin.email);
    const founders = await makeToken(cookie);
    await makeToken(adminCookie, { name: "Admin's" });
    expect(names(await call(listTokens, "GET", "/token", { cookie: adminCookie }))).toEqual(["Admin's"]);
    const res = await call(revokeToken, "DELETE", `/token/${founders.id}`, { cookie: adminCookie, params: { id: founders.id } });
    expect(res.body).toEqual({ status: 404, message: "API token not found", resource: "API token" });
    expect((await call(listCustomers, "GET", "/customer", { headers: bearer(founders.token) })).status).toBe(200);
  });
});
