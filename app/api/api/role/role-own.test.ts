import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { role } from "@/db/schema/member";
import { GET as getRole, PATCH as patchRole } from "@/app/api/api/role/[id]/route";
import { GET as listRoles, POST as postRole } from "@/app/api/api/role/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

describe("the role a member holds", () => {
  it("is readable by its member where roles are not shared with their location, but neither listed nor changeable there", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const manager = await addMember(org.organizationId, { privileges: ["members_manage"], locationId: north.id });
    // The role lives at organization level and is shared with no location.
    const db = await getDb();
    await db.update(role).set({ locationId: null, sharing: { default: "none", locations: [] } }).where(eq(role.id, manager.role.id));
    const other = await call(postRole, "POST", "/role", { cookie: org.cookie, body: { name: "Office" } });
    const cookie = await logInAs(manager.email);

    const own = await call(getRole, "GET", `/role/${manager.role.id}`, { cookie, params: { id: manager.role.id } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: manager.role.id, name: "Staff" });

    const hidden = await call(getRole, "GET", `/role/${other.body.id}`, { cookie, params: { id: other.body.id } });
    expect(hidden.status).toBe(404);

    const listed = await call(listRoles, "GET", "/role", { cookie });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(manager.role.id);

    const renamed = await call(patchRole, "PATCH", `/role/${manager.role.id}`, { cookie, params: { id: manager.role.id }, body: { name: "Boss" } });
    expect(renamed.status).toBe(403);
    const [stored] = await db.select().from(role).where(eq(role.id, manager.role.id));
    expect(stored.name).toBe("Staff");
  });
});
