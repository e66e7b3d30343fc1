import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { member } from "@/db/schema/member";
import { GET } from "@/app/api/api/member/[id]/route";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { arrangeSeenFromNorth, expectSeenFromNorth, shared } from "@/test/sharing-access";

const mailbox = useSmtpCatcher();

const getMember = (id: string, cookie?: string) => call(GET, "GET", `/member/${id}`, { cookie, params: { id } });

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

describe("GET /member/{id}", () => {
  it("returns a member of the organization without its password", async () => {
    const org = await signUpOrganization(mailbox);
    const founderId = org.view.member.id as string;
    const res = await getMember(founderId, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: founderId,
      name: "Olga Owner",
      email: org.email,
      status: "active",
      image: null,
      location: null,
      organization: org.organizationId,
      notification_emails: "every",
      has_password: true,
    });
    expect(res.body.role).toBe(org.view.member.role);
    const keys = allKeys(res.body);
    expect(keys.filter((key) => /password/i.test(key))).toEqual(["has_password"]);
    const db = await getDb();
    const [row] = await db.select().from(member).where(eq(member.id, founderId));
    expect(JSON.stringify(res.body)).not.toContain(row.passwordHash!);
  });

  it("says has_password false for a member without one", async () => {
    const org = await signUpOrganization(mailbox);
    const invited = await addMember(org.organizationId, { password: null });
    const res = await getMember(invited.member.id, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invited.member.id, email: invited.email, role: invited.role.id, has_password: false });
    expect(allKeys(res.body).filter((key) => /password/i.test(key))).toEqual(["has_password"]);
  });

  it("answers 404 for a member of another organization", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await addMember(other.organizationId, { sharing: shared("view") });
    for (const id of [theirs.member.id, other.view.member.id as string]) {
      const res = await getMember(id, mine.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("Member"));
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const org = await signUpOrganization(mailbox);
    const unknown = await getMember(crypto.randomUUID(), org.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, resource: "Member" });
    const malformed = await getMember("abc", org.cookie);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(notFound("Member"));
  });

  it("answers 401 without a session", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await getMember(org.view.member.id, undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe("GET /member/{id}: access by location and sharing", () => {
  const arrange = () =>
    arrangeSeenFromNorth(mailbox, async (organizationId, locationId, sharing) => (await addMember(organizationId, { locationId, sharing })).member.id);

  it("lets a location-bound session see only what sharing allows (404 otherwise)", async () => {
    const { cookie, items } = await arrange();
    await expectSeenFromNorth(items, (id) => getMember(id, cookie), "Member");
  });

  it("lets an organization-level session see every member of its organization", async () => {
    const { org, items } = await arrange();
    for (const id of Object.values(items)) {
      const res = await getMember(id, org.cookie);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
    }
  });

  it("lets a location-bound member read its own record", async () => {
    const { staff, cookie } = await arrange();
    const res = await getMember(staff.member.id, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: staff.member.id, email: staff.email, has_password: true });
  });

  it("lets a member read its own record even where sharing would hide it", async () => {
    const { org, south, items } = await arrange();
    const founderId = org.view.member.id as string;
    const db = await getDb();
    await db.update(member).set({ sharing: shared("none") }).where(eq(member.id, founderId));
    const switched = await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: south.id } });
    expect(switched.status).toBe(200);
    expect(switched.body.location.id).toBe(south.id);

    const own = await getMember(founderId, org.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: founderId, email: org.email, sharing: { default: "none", locations: [] } });
    // The same sharing on someone else still hides them from this session.
    const hidden = await getMember(items.orgNone, org.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.resource).toBe("Member");
    // ...while the session's own location's members are visible.
    expect((await getMember(items.southNone, org.cookie)).status).toBe(200);
  });
});
