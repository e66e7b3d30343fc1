import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getOne } from "@/app/api/api/project/[id]/route";
import { GET as list, POST } from "@/app/api/api/project/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType, patchProjectAs, patchProjectType } from "@/test/projects";

const mailbox = useSmtpCatcher();

const SERIAL = { id: 1, value: "AB1234" };
const titleOf = async (id: string) => (await (await getDb()).select().from(project).where(eq(project.id, id)))[0].title;

describe("who may edit a project", () => {
  it("lets every member create, owners edit their own, and projects_manage edit any", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const staff = await addMember(organizationId);
    const staffCookie = await logInAs(staff.email);
    const own = await makeProject(staffCookie, { type: type.id, fields: [SERIAL], owner: staff.member.id });
    const unowned = await makeProject(staffCookie, { type: type.id, fields: [SERIAL] });

    expect((await patchProjectAs(staffCookie, own.id, { title: "Mine, renamed" })).body.title).toBe("Mine, renamed");
    const denied = await patchProjectAs(staffCookie, unowned.id, { title: "Taken over", owner: staff.member.id });
    expect(denied.body).toEqual({ status: 403, message: "Permission required", permission: "projects_manage" });
    expect(await titleOf(unowned.id)).toBe("Service at No. 7");
    // Even a change that changes nothing is refused to a non-owner.
    expect((await patchProjectAs(staffCookie, unowned.id, {})).status).toBe(403);

    const manager = await logInAs((await addMember(organizationId, { privileges: ["projects_manage"] })).email);
    expect((await patchProjectAs(manager, own.id, { status: 2 })).body.status).toBe(2);
    expect((await patchProjectAs(manager, unowned.id, { owner: staff.member.id })).body.owner).toBe(staff.member.id);
    expect((await patchProjectAs(staffCookie, unowned.id, { title: "Now mine" })).status).toBe(200);
  });

  it("creates projects at the session's location, only with a type the session can see", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const type = await makeType(cookie);
    const atNorth = await logInAs((await addMember(organizationId, { locationId: north.id })).email);
    const hidden = await call(list, "GET", "/project", { cookie: atNorth });
    expect(hidden.body.items).toEqual([]);
    const refused = await call(POST, "POST", "/project", {
      cookie: atNorth,
      body: { title: "T", type: type.id, fields: [SERIAL] },
    });
    expect(refused.body.errors).toEqual([{ path: "type", message: "This project type does not exist" }]);
    await patchProjectType(cookie, type.id, { sharing: { default: "view", locations: [] } });
    const made = await makeProject(atNorth, { type: type.id, fields: [SERIAL] });
    expect(made).toMatchObject({ location: north.id });
  });
});

describe("project sharing between locations", () => {
  async function arrange() {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const type = await makeType(org.cookie);
    await patchProjectType(org.cookie, type.id, { sharing: { default: "view", locations: [] } });
    const viewable = await makeProject(org.cookie, { title: "Viewable", type: type.id, fields: [SERIAL] });
    const hidden = await makeProject(org.cookie, { title: "Hidden", type: type.id, fields: [SERIAL] });
    const editable = await makeProject(org.cookie, { title: "Editable", type: type.id, fields: [SERIAL] });
    await patchProjectAs(org.cookie, viewable.id, { sharing: { default: "view", locations: [] } });
    await patchProjectAs(org.cookie, editable.id, { sharing: { default: "none", locations: [{ id: north.id, level: "edit" }] } });
    const manager = await addMember(org.organizationId, { privileges: ["projects_manage"], locationId: north.id });
    return { org, viewable, hidden, editable, cookie: await logInAs(manager.email) };
  }

  it("hides unshared projects, refuses writes to view-only ones, allows edit-shared ones", async () => {
    const { viewable, hidden, editable, cookie } = await arrange();
    const titles = (await call(list, "GET", "/project", { cookie, query: { sort: "title:asc" } })).body.items.map((p: { title: string }) => p.title);
    expect(titles).toEqual(["Editable", "Viewable"]);
    expect((await call(getOne, "GET", `/project/${hidden.id}`, { cookie, params: { id: hidden.id } })).status).toBe(404);
    expect((await patchProjectAs(cookie, hidden.id, { title: "x" })).status).toBe(404);
    expect((await call(getHistory, "GET", "/history", { cookie, query: { type: "project", id: hidden.id } })).status).toBe(404);
    const viewOnly = await patchProjectAs(cookie, viewable.id, { status: 2 });
    expect(viewOnly.status).toBe(403);
    expect(viewOnly.body.permission).toBeUndefined();
    expect((await patchProjectAs(cookie, editable.id, { title: "Edited at North" })).body.title).toBe("Edited at North");
  });

  it("hides another organization's projects", async () => {
    const { org } = await arrange();
    const other = await signUpOrganization(mailbox, "Other Co");
    const id = (await call(list, "GET", "/project", { cookie: org.cookie })).body.items[0].id;
    const res = await call(getOne, "GET", `/project/${id}`, { cookie: other.cookie, params: { id } });
    expect(res.body).toMatchObject({ status: 404, resource: "Project" });
    expect((await patchProjectAs(other.cookie, id, { title: "Mine" })).status).toBe(404);
    expect((await call(list, "GET", "/project", { cookie: other.cookie })).body.items).toEqual([]);
  });
});
