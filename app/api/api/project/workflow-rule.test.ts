import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { GET as available } from "@/app/api/api/project/[id]/workflow/route";
import { POST as runRoute } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { POST as postProject } from "@/app/api/api/project/route";
import { GET as getType } from "@/app/api/api/project_type/[id]/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { BOILER, historyOf, makeProject, makeType, patchProjectAs, patchProjectType, paths } from "@/test/projects";

const mailbox = useSmtpCatcher();

const SERIAL = { id: 1, value: "AB1234" };
const wf = (id: number, title: string, rest: object) => ({ id, title, requirements: [], inputs: [], effects: [], ...rest });

/**
 * A shop: technicians schedule and complete jobs without rights to edit them
 * ("Schedule" names their role, "Complete job" names the owner); "Cancel" names
 * nobody, so only those who may edit the project can run it.
 */
async function arrange(options: { statusesByWorkflow?: boolean } = {}) {
  const org = await signUpOrganization(mailbox);
  const tech = await addMember(org.organizationId);
  const clerk = await addMember(org.organizationId);
  const manager = await addMember(org.organizationId, { privileges: ["projects_manage"] });
  const type = await makeType(org.cookie, {
    ...BOILER,
    ...(options.statusesByWorkflow ? { statuses_by_workflow: true } : {}),
    workflows: [
      wf(1, "Schedule", {
        requirements: [{ type: "status_eq", value: [1] }, { type: "role_eq", value: [tech.role.id] }],
        inputs: [{ type: "comment", required: true }],
        effects: [{ type: "status_set", value: 2 }],
      }),
      wf(2, "Complete job", {
        requirements: [{ type: "status_eq", value: [2] }, { type: "owner_eq", value: ["self"] }],
        effects: [{ type: "status_set", value: 3 }],
      }),
      wf(3, "Cancel", { requirements: [{ type: "status_eq", value: [1, 2] }], effects: [{ type: "status_set", value: 3 }] }),
    ],
  });
  const made = await makeProject(org.cookie, { type: type.id, fields: [SERIAL] });
  return {
    org,
    type,
    made,
    tech,
    techCookie: await logInAs(tech.email),
    clerkCookie: await logInAs(clerk.email),
    managerCookie: await logInAs(manager.email),
  };
}

const run = (cookie: string, id: string, workflowId: number, body: object = {}) =>
  call(runRoute, "POST", `/project/${id}/workflow/${workflowId}`, { cookie, params: { id, workflowId: String(workflowId) }, body });
const offer = (cookie: string, id: string, query: Record<string, string> = {}) =>
  call(available, "GET", `/project/${id}/workflow`, { cookie, params: { id }, query });
const titles = async (cookie: string, id: string, query: Record<string, string> = {}) => {
  const res = await offer(cookie, id, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((workflow: { title: string }) => workflow.title);
};
const statusOf = async (id: string) => (await (await getDb()).select().from(project).where(eq(project.id, id)))[0].status;

describe("who may run a workflow", () => {
  it("refuses a member who may neither edit the project nor is named (403), and says why when the requirements fail (409)", async () => {
    const { made, clerkCookie, techCookie } = await arrange();
    expect(await offer(clerkCookie, made.id)).toMatchObject({ status: 200, body: { items: [], editable: false } });
    const refused = await run(clerkCookie, made.id, 3);
    expect(refused.body).toEqual({ status: 403, message: "You lack access rights to do this action" });
    expect((await run(clerkCookie, made.id, 1, { comment: "Tomorrow" })).status).toBe(403);
    // "Complete job" names the owner ("self"): on a job that is not theirs the technician is not named.
    expect((await run(techCookie, made.id, 2)).status).toBe(403);
    // Named by role, the technician may run "Schedule", which asks for a comment first.
    expect((await run(techCookie, made.id, 1, {})).status).toBe(400);
    expect(await statusOf(made.id)).toBe(1);
  });

  it("names only the owner through owner_eq, even when the list allows others as owners", async () => {
    const { org, tech, techCookie, clerkCookie } = await arrange();
    const strict = await makeType(org.cookie, {
      ...BOILER,
      workflows: [
        wf(1, "Close", {
          requirements: [{ type: "owner_eq", value: ["self", tech.member.id] }],
          effects: [{ type: "status_set", value: 3 }],
        }),
      ],
    });
    const techJob = await makeProject(org.cookie, { type: strict.id, fields: [SERIAL], owner: tech.member.id });
    // The clerk is neither the owner nor may edit the project: "self" does not name them.
    expect((await run(clerkCookie, techJob.id, 1)).status).toBe(403);
    expect(await titles(clerkCookie, techJob.id)).toEqual([]);
    expect((await run(techCookie, techJob.id, 1)).body.status).toBe(3);
  });

  it("lets a member named by role run it without rights to edit the project", async () => {
    const { made, techCookie } = await arrange();
    expect(await offer(techCookie, made.id)).toMatchObject({ body: { editable: false } });
    expect(await titles(techCookie, made.id)).toEqual(["Schedule"]);
    expect((await patchProjectAs(techCookie, made.id, { title: "Mine now" })).status).toBe(403);
    expect((await run(techCookie, made.id, 3)).status).toBe(403);
    const ran = await run(techCookie, made.id, 1, { comment: "Tuesday 9am" });
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body.status).toBe(2);
    expect((await historyOf(techCookie, "project", made.id))[0].changes).toMatchObject({ workflow: [null, "Schedule"], status: [1, 2] });
  });

  it("lets the owner run what holds, and an owner_eq self workflow even where they may only view the project", async () => {
    const { org, type, tech, techCookie } = await arrange();
    // Owned by the technician, so "Cancel" (naming nobody) is theirs to run as the owner.
    const own = await makeProject(org.cookie, { type: type.id, fields: [SERIAL], owner: tech.member.id, status: 2 });
    expect(await offer(techCookie, own.id)).toMatchObject({ body: { editable: true } });
    expect(await titles(techCookie, own.id)).toEqual(["Complete job", "Cancel"]);
    expect((await run(techCookie, own.id, 3)).body.status).toBe(3);

    // A North technician owns a job of the organization level that North may only view.
    const north = await addLocation(org.organizationId, "North");
    const away = await addMember(org.organizationId, { locationId: north.id });
    const awayCookie = await logInAs(away.email);
    const job = await makeProject(org.cookie, { type: type.id, fields: [SERIAL], owner: away.member.id, status: 2 });
    await patchProjectAs(org.cookie, job.id, { sharing: { default: "view", locations: [] } });
    expect((await patchProjectAs(awayCookie, job.id, { title: "x" })).status).toBe(403);
    expect(await offer(awayCookie, job.id)).toMatchObject({ body: { items: [{ title: "Complete job" }], editable: false } });
    expect((await run(awayCookie, job.id, 3)).status).toBe(403);
    expect((await run(awayCookie, job.id, 2)).body).toMatchObject({ status: 3, owner: away.member.id });

    // Hidden from North altogether: still a 404, whatever the workflow says.
    const hidden = await makeProject(org.cookie, { type: type.id, fields: [SERIAL], owner: away.member.id, status: 2 });
    await patchProjectAs(org.cookie, hidden.id, { sharing: { default: "none", locations: [] } });
    expect((await offer(awayCookie, hidden.id)).body).toMatchObject({ status: 404, resource: "Project" });
    expect((await run(awayCookie, hidden.id, 2)).body).toMatchObject({ status: 404, resource: "Project" });
  });

  it("lets projects_manage run any workflow whose requirements hold", async () => {
    const { made, managerCookie } = await arrange();
    expect(await offer(managerCookie, made.id)).toMatchObject({ body: { editable: true } });
    expect(await titles(managerCookie, made.id)).toEqual(["Cancel"]);
    expect((await run(managerCookie, made.id, 1, { comment: "x" })).body.details).toBe(
      '"Schedule" cannot run now: your role is not one it allows',
    );
    expect((await run(managerCookie, made.id, 3)).body.status).toBe(3);
  });
});

describe("a board drop", () => {
  it("finds the workflows that move the project to the target status for this member", async () => {
    const { made, techCookie, managerCookie } = await arrange();
    expect(await titles(techCookie, made.id, { status: "2" })).toEqual(["Schedule"]);
    expect(await titles(techCookie, made.id, { status: "3" })).toEqual([]);
    expect(await titles(managerCookie, made.id, { status: "3" })).toEqual(["Cancel"]);
    expect(await titles(managerCookie, made.id, { status: "2" })).toEqual([]);
    expect(paths(await offer(managerCookie, made.id, { status: "zero" }))).toEqual(["status"]);
    expect(paths(await offer(managerCookie, made.id, { colour: "red" }))).toEqual([""]);
    // With no workflow there, the board falls back to a plain status change, which the server decides.
    expect((await patchProjectAs(techCookie, made.id, { status: 3 })).body).toMatchObject({ status: 403, permission: "projects_manage" });
    expect((await patchProjectAs(managerCookie, made.id, { status: 2 })).body.status).toBe(2);
  });
});

describe("statuses only through workflows", () => {
  it("refuses a status change by PATCH (409) while other edits and workflows go through", async () => {
    const { org, type, made, techCookie, managerCookie } = await arrange({ statusesByWorkflow: true });
    expect((await call(getType, "GET", `/project_type/${type.id}`, { cookie: org.cookie, params: { id: type.id } })).body).toMatchObject({
      statuses_by_workflow: true,
    });
    const refused = await patchProjectAs(managerCookie, made.id, { status: 3 });
    expect(refused.body).toEqual({
      status: 409,
      message: "Conflict",
      details: '"Boiler service" projects change status only through workflows: run "Cancel" to move it to "Done"',
    });
    const none = await patchProjectAs(org.cookie, made.id, { status: 2, title: "Renamed" });
    expect(none.body.details).toBe('"Boiler service" projects change status only through workflows, and none you can run now moves this one to "Scheduled"');
    expect(await statusOf(made.id)).toBe(1);
    // The same status, and everything else, may still be edited.
    const edited = await patchProjectAs(managerCookie, made.id, { status: 1, title: "Renamed", fields: [SERIAL, { id: 2, value: "Gate code 1234" }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.title).toBe("Renamed");
    expect((await run(techCookie, made.id, 1, { comment: "Friday" })).body.status).toBe(2);
    expect((await run(managerCookie, made.id, 3)).body.status).toBe(3);
  });

  it("creates projects at the first status only, and tracks the setting in history", async () => {
    const { org, type } = await arrange({ statusesByWorkflow: true });
    const later = await call(postProject, "POST", "/project", {
      cookie: org.cookie,
      body: { title: "Late", type: type.id, status: 2, fields: [SERIAL] },
    });
    expect(later.body).toEqual({
      status: 409,
      message: "Conflict",
      details: '"Boiler service" projects start at "Requested" and change status only through workflows',
    });
    expect((await makeProject(org.cookie, { type: type.id, status: 1, fields: [SERIAL] })).status).toBe(1);
    expect((await makeProject(org.cookie, { type: type.id, fields: [SERIAL] })).status).toBe(1);

    const off = await patchProjectType(org.cookie, type.id, { statuses_by_workflow: false });
    expect(off.body.statuses_by_workflow).toBe(false);
    expect((await historyOf(org.cookie, "project_type", type.id))[0].changes).toEqual({ statuses_by_workflow: [true, false] });
    expect(paths(await patchProjectType(org.cookie, type.id, { statuses_by_workflow: "yes" }))).toEqual(["statuses_by_workflow"]);
    const plain = await makeType(org.cookie, BOILER, "Gutter cleaning");
    expect((await call(getType, "GET", `/project_type/${plain.id}`, { cookie: org.cookie, params: { id: plain.id } })).body.statuses_by_workflow).toBe(false);
  });

  it("moves a project onto such a type at its first status only", async () => {
    const { org, type } = await arrange({ statusesByWorkflow: true });
    const plain = await makeType(org.cookie, BOILER, "Gutter cleaning");
    const moving = await makeProject(org.cookie, { type: plain.id, status: 3, fields: [SERIAL] });
    expect((await patchProjectAs(org.cookie, moving.id, { type: type.id, status: 2, fields: [SERIAL] })).status).toBe(409);
    expect((await patchProjectAs(org.cookie, moving.id, { type: type.id, status: 1, fields: [SERIAL] })).body).toMatchObject({ status: 1 });
  });
});

describe("who a workflow may name", () => {
  it("refuses roles and members of another organization, or none at all, naming the path", async () => {
    const { org, type, tech } = await arrange();
    const other = await signUpOrganization(mailbox, "Other Co");
    const stranger = await addMember(other.organizationId);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await patchProjectType(org.cookie, type.id, {
      workflows: [
        wf(1, "Schedule", { requirements: [{ type: "role_eq", value: [tech.role.id, stranger.role.id] }] }),
        wf(2, "Hand over", {
          requirements: [{ type: "owner_eq", value: ["self", null, unknown] }],
          effects: [{ type: "owner_set", value: stranger.member.id }],
        }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "workflows.0.requirements.0.value.1", message: 'Workflow "Schedule" refers to a role that is not one of this organization\'s' },
      { path: "workflows.1.requirements.0.value.2", message: 'Workflow "Hand over" refers to a member who is not one of this organization\'s' },
      { path: "workflows.1.effects.0.value", message: 'Workflow "Hand over" refers to a member who is not one of this organization\'s' },
    ]);
    expect((await call(getType, "GET", `/project_type/${type.id}`, { cookie: org.cookie, params: { id: type.id } })).body.workflows).toHaveLength(3);
    const own = await patchProjectType(org.cookie, type.id, {
      workflows: [wf(1, "Hand over", { requirements: [{ type: "role_eq", value: [tech.role.id] }], effects: [{ type: "owner_set", value: tech.member.id }] })],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
