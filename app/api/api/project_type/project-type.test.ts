import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { projectType } from "@/db/schema/project";
import { GET as getOne } from "@/app/api/api/project_type/[id]/route";
import { GET as list, POST } from "@/app/api/api/project_type/route";
import { PALETTE } from "@/lib/schemas/project-type";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { BOILER, historyOf, makeProject, makeType, patchProjectType, paths } from "@/test/projects";

const mailbox = useSmtpCatcher();

const START = { id: 1, title: "Start", requirements: [{ type: "status_eq", value: [1] }], effects: [{ type: "status_set", value: 2 }] };

describe("POST and GET /project_type", () => {
  it("creates a type with one status, Open, and records it", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/project_type", { cookie, body: { name: " Boiler service ", icon: "flame" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Boiler service",
      icon: "flame",
      color: "#0090FF",
      status: "active",
      statuses: [{ id: 1, title: "Open", description: "", needs_scheduling: false }],
      fields: [],
      workflows: [],
    });
    const got = await call(getOne, "GET", `/project_type/${res.body.id}`, { cookie, params: { id: res.body.id } });
    expect(got.body.statuses).toHaveLength(1);
    const [created] = await historyOf(cookie, "project_type", res.body.id);
    expect(created.changes.name).toEqual([null, "Boiler service"]);
  });

  it("accepts only palette colours (any case) and known icons", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const tomato = await call(POST, "POST", "/project_type", { cookie, body: { name: "Repairs", icon: "wrench", color: "#e54d2e" } });
    expect(tomato.body.color).toBe("#E54D2E");
    expect(PALETTE).toHaveLength(26);
    const bad = await call(POST, "POST", "/project_type", { cookie, body: { name: "", icon: "rocket", color: "#123456" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: "name", message: "Required" },
      { path: "icon", message: expect.stringContaining("Icon must be one of goal, wrench") },
      { path: "color", message: "Choose a color from the palette" },
    ]);
    const id = tomato.body.id;
    expect(paths(await patchProjectType(cookie, id, { color: "red" }))).toEqual(["color"]);
    expect((await patchProjectType(cookie, id, { color: "#46a758", icon: "truck" })).body).toMatchObject({ color: "#46A758", icon: "truck" });
  });

  it("lists with search, status and name sort", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const a = await makeType(cookie, {}, "boiler service");
    await makeType(cookie, {}, "Alarm install");
    await makeType(cookie, {}, "Gutter cleaning");
    await patchProjectType(cookie, a.id, { status: "removed" });
    const names = async (query: Record<string, string>) =>
      (await call(list, "GET", "/project_type", { cookie, query })).body.items.map((t: { name: string }) => t.name);
    expect(await names({ sort: "name:asc" })).toEqual(["Alarm install", "Gutter cleaning"]);
    expect(await names({ status: "removed" })).toEqual(["boiler service"]);
    expect(await names({ search: "CLEAN" })).toEqual(["Gutter cleaning"]);
  });
});

describe("PATCH /project_type definitions", () => {
  it("saves statuses, fields and workflows with history", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie, { ...BOILER, workflows: [START] });
    expect(type.workflows).toEqual([{ ...START, description: "", inputs: [] }]);
    const [updated] = await historyOf(cookie, "project_type", type.id);
    expect(Object.keys(updated.changes).sort()).toEqual(["fields", "statuses", "workflows"]);
  });

  it.each([
    [{ fields: [{ id: 1, title: "Serial", validation: "[A-Z" }] }, "fields.0.validation", /^Not a valid regular expression/],
    [{ fields: [{ id: 1, title: "Serial", validation: "a)|(b" }] }, "fields.0.validation", /^Not a valid regular expression/],
    [{ statuses: [] }, "statuses", /^A project type needs at least one status$/],
    [{ statuses: [{ id: 1, title: "A" }, { id: 1, title: "B" }] }, "statuses.1.id", /^Status 1 is listed twice$/],
    [{ statuses: [{ id: 0, title: "A" }] }, "statuses.0.id", /positive/],
    [{ statuses: [{ id: 1, title: " " }] }, "statuses.0.title", /^Required$/],
    [{ fields: [{ id: 2, title: "A" }, { id: 2, title: "B" }] }, "fields.1.id", /^Field 2 is listed twice$/],
    [{ workflows: [START, START] }, "workflows.1.id", /^Workflow 1 is listed twice$/],
    [{ workflows: [{ ...START, requirements: [{ type: "weather_eq" }] }] }, "workflows.0.requirements.0.type", /^Requirement type must be one of/],
    [{ workflows: [{ ...START, requirements: [{ type: "role_eq", value: ["boss"] }] }] }, "workflows.0.requirements.0.value.0", /role id/],
    [{ workflows: [{ ...START, inputs: [{ type: "comment", required: "yes" }] }] }, "workflows.0.inputs.0.required", /true or false/],
    [{ workflows: [{ ...START, effects: [{ type: "owner_set", value: "boss" }] }] }, "workflows.0.effects.0.value", /member id, self or null/],
  ])("refuses %j at %s", async (body, path, message) => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie, {});
    const res = await patchProjectType(cookie, type.id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message: expect.stringMatching(message) });
    const db = await getDb();
    const [row] = await db.select().from(projectType).where(eq(projectType.id, type.id));
    expect(row.statuses).toEqual([{ id: 1, title: "Open", description: "", needs_scheduling: false }]);
  });

  it("refuses workflows that name statuses or fields the type does not have", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const workflow = {
      id: 1,
      title: "Close",
      requirements: [{ type: "status_eq", value: [1, 7] }, { type: "field_eq", fields: [{ id: 9, value: "x" }] }],
      inputs: [{ type: "field", fields: [{ id: 8, required: true }] }],
      effects: [{ type: "status_set", value: 5 }, { type: "field_set", fields: [{ id: 1, value: "lowercase" }] }],
    };
    const res = await patchProjectType(cookie, type.id, { workflows: [workflow] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "workflows.0.requirements.0.value.1", message: 'Workflow "Close" refers to status 7, which does not exist' },
      { path: "workflows.0.requirements.1.fields.0.id", message: 'Workflow "Close" refers to field 9, which does not exist' },
      { path: "workflows.0.inputs.0.fields.0.id", message: 'Workflow "Close" refers to field 8, which does not exist' },
      { path: "workflows.0.effects.0.value", message: 'Workflow "Close" refers to status 5, which does not exist' },
      { path: "workflows.0.effects.1.fields.0.value", message: 'Workflow "Close" sets Serial number to a value its validation refuses' },
    ]);
    // Status 0 means "no status change"; owner_eq null means "no owner".
    const ok = { id: 1, title: "Take", requirements: [{ type: "owner_eq", value: null }], effects: [{ type: "status_set", value: 0 }, { type: "owner_set", value: "self" }] };
    const saved = await patchProjectType(cookie, type.id, { workflows: [ok] });
    expect(saved.body.workflows[0].requirements).toEqual([{ type: "owner_eq", value: [null] }]);
    // Removing a status a stored workflow still uses is refused as well.
    await patchProjectType(cookie, type.id, { workflows: [START] });
    const dropped = await patchProjectType(cookie, type.id, { statuses: [{ id: 1, title: "Requested" }] });
    expect(dropped.body.errors).toEqual([
      { path: "workflows.0.effects.0.value", message: 'Workflow "Start" refers to status 2, which does not exist' },
    ]);
  });

  it("answers 409 when a removed status or field is still used by projects", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    await makeProject(cookie, { type: type.id, status: 2, fields: [{ id: 1, value: "AB1234" }] });
    const status = await patchProjectType(cookie, type.id, { statuses: [BOILER.statuses[0], BOILER.statuses[2]] });
    expect(status.status).toBe(409);
    expect(status.body.details).toBe('Status "Scheduled" is still used by 1 project. Move those projects first.');
    const field = await patchProjectType(cookie, type.id, { fields: [{ id: 1, title: "Serial number" }] });
    expect(field.status).toBe(200);
    const gone = await patchProjectType(cookie, type.id, { fields: [BOILER.fields[1]] });
    expect(gone.status).toBe(409);
    expect(gone.body.details).toContain('Field "Serial number" still has values in 1 project');
    // Statuses nobody uses can go, and may be reordered (the first is the default).
    const reordered = await patchProjectType(cookie, type.id, { statuses: [BOILER.statuses[1], BOILER.statuses[0]] });
    expect(reordered.body.statuses.map((s: { id: number }) => s.id)).toEqual([2, 1]);
  });
});

describe("project type access", () => {
  it("needs projects_manage to create or edit; everyone reads", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const staff = await addMember(organizationId, { privileges: ["customers_manage"] });
    const staffCookie = await logInAs(staff.email);
    const denied = await call(POST, "POST", "/project_type", { cookie: staffCookie, body: { name: "Mine", icon: "key" } });
    expect(denied.body).toEqual({ status: 403, message: "Permission required", permission: "projects_manage" });
    expect((await patchProjectType(staffCookie, type.id, { name: "Renamed" })).body.permission).toBe("projects_manage");
    expect((await call(getOne, "GET", `/project_type/${type.id}`, { cookie: staffCookie, params: { id: type.id } })).body.name).toBe(
      "Boiler service",
    );
    const manager = await logInAs((await addMember(organizationId, { privileges: ["projects_manage"] })).email);
    expect((await patchProjectType(manager, type.id, { name: "Boiler care" })).body.name).toBe("Boiler care");
  });

  it("hides another organization's types", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await makeType(other.cookie);
    const res = await call(getOne, "GET", `/project_type/${theirs.id}`, { cookie: mine.cookie, params: { id: theirs.id } });
    expect(res.body).toMatchObject({ status: 404, resource: "Project type" });
    expect((await patchProjectType(mine.cookie, theirs.id, { name: "x" })).status).toBe(404);
    expect((await call(list, "GET", "/project_type", { cookie: mine.cookie })).body.items).toEqual([]);
  });
});
