import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { role } from "@/db/schema/member";
import type { Privilege } from "@/lib/schemas/constants";
import { GET } from "@/app/api/api/role/[id]/route";
import type { Sharing } from "@/lib/schemas/sharing";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { addLocation, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { arrangeSeenFromNorth, expectSeenFromNorth, shared } from "@/test/sharing-access";

const mailbox = useSmtpCatcher();

const getRole = (id: string, cookie?: string) => call(GET, "GET", `/role/${id}`, { cookie, params: { id } });

async function addRole(
  organizationId: string,
  values: { name?: string; locationId?: string | null; sharing?: Sharing; privileges?: Privilege[]; status?: "active" | "removed" } = {},
) {
  const db = await getDb();
  const [row] = await db
    .insert(role)
    .values({
      organizationId,
      name: values.name ?? "Fitter",
      locationId: values.locationId ?? null,
      sharing: values.sharing,
      privileges: values.privileges ?? [],
      status: values.status,
    })
    .returning();
  return row;
}

describe("GET /role/{id}", () => {
  it("returns the founder's own Administrator role", async () => {
    const org = await signUpOrganization(mailbox);
    const roleId = org.view.member.role as string;
    const res = await getRole(roleId, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: roleId,
      name: "Administrator",
      status: "active",
      privileges: ["admin"],
      location: null,
      organization: org.organizationId,
      sharing: { default: "view", locations: [] },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("returns a role with its privileges, location and sharing", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const fitter = await addRole(org.organizationId, {
      name: "Senior fitter",
      locationId: north.id,
      privileges: ["projects_manage", "customers_manage"],
      sharing: shared("none", [{ id: north.id, level: "edit" }]),
      status: "removed",
    });
    const res = await getRole(fitter.id, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: fitter.id,
      name: "Senior fitter",
      status: "removed",
      privileges: ["projects_manage", "customers_manage"],
      location: north.id,
      organization: org.organizationId,
      sharing: { default: "none", locations: [{ id: north.id, level: "edit" }] },
      created: fitter.createdAt.toISOString(),
      updated: fitter.updatedAt.toISOString(),
    });
  });

  it("answers 404 for a role of another organization", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await addRole(other.organizationId, { sharing: shared("view") });
    for (const id of [theirs.id, other.view.member.role as string]) {
      const res = await getRole(id, mine.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("Role"));
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const org = await signUpOrganization(mailbox);
    const unknown = await getRole(crypto.randomUUID(), org.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, resource: "Role" });
    const malformed = await getRole("abc", org.cookie);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(notFound("Role"));
  });

  it("answers 401 without a session", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await getRole(org.view.member.role, undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe("GET /role/{id}: access by location and sharing", () => {
  const arrange = () =>
    arrangeSeenFromNorth(mailbox, async (organizationId, locationId, sharing) => (await addRole(organizationId, { locationId, sharing })).id);

  it("lets a location-bound session see only what sharing allows (404 otherwise)", async () => {
    const { cookie, items } = await arrange();
    await expectSeenFromNorth(items, (id) => getRole(id, cookie), "Role");
  });

  it("lets a location-bound member read its own role of its location", async () => {
    const { staff, north, cookie } = await arrange();
    const res = await getRole(staff.role.id, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: staff.role.id, location: north.id, sharing: { default: "none", locations: [] } });
  });

  it("lets an organization-level session see every role of its organization", async () => {
    const { org, items } = await arrange();
    for (const id of Object.values(items)) {
      const res = await getRole(id, org.cookie);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
    }
  });
});
