import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { role } from "@/db/schema/member";
import { PATCH as patchRole } from "@/app/api/api/role/[id]/route";
import { POST as postRole } from "@/app/api/api/role/route";
import { call } from "@/test/api";
import { addLocation, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const patch = (cookie: string, id: string, body: unknown) => call(patchRole, "PATCH", `/role/${id}`, { cookie, params: { id }, body });

async function arrange() {
  const org = await signUpOrganization(mailbox);
  const north = await addLocation(org.organizationId, "North");
  const made = await call(postRole, "POST", "/role", { cookie: org.cookie, body: { name: "Fitters" } });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  const db = await getDb();
  const stored = async () => (await db.select().from(role).where(eq(role.id, id)))[0].sharing;
  return { org, north, id, before: await stored(), stored };
}

describe("sharing.locations", () => {
  it("refuses 100,000 copies of one location and stores nothing", async () => {
    const { org, north, id, before, stored } = await arrange();
    const locations = Array.from({ length: 100_000 }, () => ({ id: north.id, level: "view" }));
    const res = await patch(org.cookie, id, { sharing: { default: "none", locations } });
    // The schema caps the list (400); a body this size may already stop at the JSON size limit (413).
    expect([400, 413]).toContain(res.status);
    expect(await stored()).toEqual(before);
  });

  it("has at most 1000 entries (400 on sharing.locations)", async () => {
    const { org, id, before, stored } = await arrange();
    const locations = Array.from({ length: 1001 }, () => ({ id: crypto.randomUUID(), level: "view" }));
    const res = await patch(org.cookie, id, { sharing: { default: "none", locations } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "sharing.locations", message: "At most 1000 locations" }]);
    expect(await stored()).toEqual(before);
  });

  it("names each location once (400 naming the repeat's path), on update", async () => {
    const { org, north, id, before, stored } = await arrange();
    const south = await addLocation(org.organizationId, "South");
    const locations = [
      { id: north.id, level: "view" },
      { id: south.id, level: "edit" },
      { id: north.id, level: "none" },
    ];
    const res = await patch(org.cookie, id, { sharing: { default: "none", locations } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "sharing.locations.2.id", message: "This location is listed twice" }]);
    expect(await stored()).toEqual(before);
  });

  it("names only locations of the organization (400), once each is fine", async () => {
    const { org, north, id, before, stored } = await arrange();
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await addLocation(other.organizationId, "Theirs");
    for (const foreign of [theirs.id, crypto.randomUUID()]) {
      const res = await patch(org.cookie, id, { sharing: { default: "none", locations: [{ id: foreign, level: "view" }] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "sharing.locations", message: "Sharing names a location that does not exist" }]);
    }
    expect(await stored()).toEqual(before);

    const ok = await patch(org.cookie, id, { sharing: { default: "none", locations: [{ id: north.id, level: "view" }] } });
    expect(ok.status).toBe(200);
    expect(await stored()).toEqual({ default: "none", locations: [{ id: north.id, level: "view" }] });
  });
});
