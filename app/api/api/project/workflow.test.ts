import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { member } from "@/db/schema/member";
import { project } from "@/db/schema/project";
import { GET as available } from "@/app/api/api/project/[id]/workflow/route";
import { POST as runRoute } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { BOILER, historyOf, makeProject, makeType, patchProjectAs } from "@/test/projects";

const mailbox = useSmtpCatcher();

const SERIAL = { id: 1, value: "AB1234" };

function workflows(managerRole: string, colleague: string, staffRole: string) {
  const wf = (id: number, title: string, rest: object) => ({ id, title, requirements: [], inputs: [], effects: [], ...rest });
  return [
    // Names the staff's role: they start jobs they could not otherwise edit.
    wf(1, "Start", {
      requirements: [{ type: "status_eq", value: [1] }, { type: "role_eq", value: [staffRole] }],
      inputs: [{ type: "comment", required: true }],
      effects: [{ type: "status_set", value: 2 }, { type: "owner_set", value: "self" }],
    }),
    wf(2, "Finish", {
      requirements: [{ type: "status_eq", value: [2] }, { type: "owner_eq", value: ["self"] }],
      inputs: [{ type: "field", fields: [{ id: 2, required: true }, { id: 1, required: false }] }],
      effects: [{ type: "status_set", value: 3 }, { type: "field_set", fields: [{ id: 1, value: "ZZ0000" }] }],
    }),
    wf(3, "Escalate", { requirements: [{ type: "role_eq", value: [managerRole] }], effects: [{ type: "owner_set", value: null }] }),
    wf(4, "Claim", { requirements: [{ type: "owner_eq", value: null }], effects: [{ type: "status_set", value: 0 }, { type: "owner_set", value: "self" }] }),
    wf(5, "Loft done", { requirements: [{ type: "field_eq", fields: [{ id: 2, value: "Loft" }] }], effects: [{ type: "status_set", value: 3 }] }),
    wf(6, "Hand over", {
      requirements: [{ type: "owner_eq", value: [colleague, "self"] }],
      effects: [{ type: "status_set", value: 3 }, { type: "field_set", fields: [{ id: 2, value: "Handed over" }] }, { type: "owner_set", value: colleague }],
    }),
  ];
}

async function arrange() {
  const org = await signUpOrganization(mailbox);
  const staff = await addMember(org.organizationId);
  const manager = await addMember(org.organizationId, { privileges: ["projects_manage"] });
  const colleague = await addMember(org.organizationId);
  const fields = [...BOILER.fields, { id: 3, title: "Colour" }];
  const type = await makeType(org.cookie, { ...BOILER, fields, workflows: workflows(manager.role.id, colleague.member.id, staff.role.id) });
  const made = await makeProject(org.cookie, { type: type.id, fields: [SERIAL] });
  return { org, type, made, staff, manager, colleague, staffCookie: await logInAs(staff.email), managerCookie: await logInAs(manager.email) };
}

const run = (cookie: string, id: string, workflowId: number | string, body: object = {}) =>
  call(runRoute, "POST", `/project/${id}/workflow/${workflowId}`, { cookie, params: { id, workflowId: String(workflowId) }, body });
const titlesFor = async (cookie: string, id: string) =>
  (await call(available, "GET", `/project/${id}/workflow`, { cookie, params: { id } })).body.items.map((w: { title: string }) => w.title);
const row = async (id: string) => (await (await getDb()).select().from(project).where(eq(project.id, id)))[0];
const entries = async (id: string) => (await (await getDb()).select().from(history).where(eq(history.entityId, id))).length;

describe("running a workflow", () => {
  it("re-checks, applies the effects and writes one history entry with the comment", async () => {
    const { made, staff, staffCookie } = await arrange();
    // "Claim" would hold too, but it does not name them and they may not edit the project.
    expect(await titlesFor(staffCookie, made.id)).toEqual(["Start"]);
    const res = await run(staffCookie, made.id, 1, { comment: "On my way" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, owner: staff.member.id, fields: [SERIAL] });
    expect(await row(made.id)).toMatchObject({ status: 2, ownerId: staff.member.id });
    const items = await historyOf(staffCookie, "project", made.id);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ action: "updated", member: { id: staff.member.id } });
    expect(items[0].changes).toEqual({
      status: [1, 2],
      owner: [null, staff.member.id],
      workflow: [null, "Start"],
      comment: [null, "On my way"],
    });
    expect(await titlesFor(staffCookie, made.id)).toEqual(["Finish", "Hand over"]);
  });

  it("answers 409 when a requirement stopped holding after the button was shown, and changes nothing", async () => {
    const { org, made, staffCookie } = await arrange();
    expect(await titlesFor(staffCookie, made.id)).toContain("Start");
    await patchProjectAs(org.cookie, made.id, { status: 3 });
    const before = await entries(made.id);
    const res = await run(staffCookie, made.id, 1, { comment: "Too late" });
    expect(res.status).toBe(409);
    expect(res.body.details).toBe('"Start" cannot run now: the status must be Requested');
    // The same refusal in the language the request asks for.
    const german = await call(runRoute, "POST", `/project/${made.id}/workflow/1`, {
      cookie: staffCookie,
      headers: { "accept-language": "de-DE" },
      params: { id: made.id, workflowId: "1" },
      body: {},
    });
    expect(german.body.details).toBe("„Start“ kann jetzt nicht ausgeführt werden: der Status muss Requested sein");
    expect(await row(made.id)).toMatchObject({ status: 3, ownerId: null });
    expect(await entries(made.id)).toBe(before);
  });

  it("checks each requirement kind: role, owner self, no owner, listed member, field value", async () => {
    const { made, staff, staffCookie, managerCookie, colleague } = await arrange();
    // Neither editing the project nor named by "Escalate": not theirs to run at all.
    expect((await run(staffCookie, made.id, 3)).status).toBe(403);
    expect((await run(managerCookie, made.id, 3)).status).toBe(200);
    expect((await run(staffCookie, made.id, 1, { comment: "Mine" })).body.owner).toBe(staff.member.id);
    // Owning it now, they may try; the role requirement is what refuses.
    expect((await run(staffCookie, made.id, 3)).body.details).toBe('"Escalate" cannot run now: your role is not one it allows');
    expect((await run(managerCookie, made.id, 2, { fields: [{ id: 2, value: "x" }] })).body.details).toBe(
      "\"Finish\" cannot run now: the project's owner is not one it allows",
    );
    expect((await run(staffCookie, made.id, 4)).status).toBe(409);
    expect((await run(staffCookie, made.id, 5)).body.details).toBe('"Loft done" cannot run now: Notes must be "Loft"');
    await patchProjectAs(staffCookie, made.id, { fields: [SERIAL, { id: 2, value: "Loft" }] });
    expect((await run(staffCookie, made.id, 5)).body.status).toBe(3);
    // "Hand over" needs the project owned by the runner ("self") or by the listed colleague.
    expect((await run(managerCookie, made.id, 6)).status).toBe(409);
    expect((await run(staffCookie, made.id, 6)).body.owner).toBe(colleague.member.id);
    expect((await run(managerCookie, made.id, 6)).status).toBe(200);
  });

  it("validates the inputs: required comment and fields, field rules, only asked fields", async () => {
    const { made, staffCookie } = await arrange();
    expect((await run(staffCookie, made.id, 1, { comment: "  " })).body.errors).toEqual([{ path: "comment", message: "Required" }]);
    await run(staffCookie, made.id, 1, { comment: "Go" });
    const finish = (fields: object[]) => run(staffCookie, made.id, 2, { fields });
    expect((await finish([])).body.errors).toEqual([{ path: "fields", message: "Notes is required" }]);
    expect((await finish([{ id: 2, value: "Done" }, { id: 1, value: "bad" }])).body.errors).toEqual([
      { path: "fields.1.value", message: "Serial number does not have the expected format" },
    ]);
    expect((await finish([{ id: 2, value: "Done" }, { id: 3, value: "Red" }])).body.errors).toEqual([
      { path: "fields.1.id", message: "Colour is not asked for here" },
    ]);
    expect((await finish([{ id: 2, value: "Done" }, { id: 9, value: "?" }])).body.errors[0].path).toBe("fields.1.id");
    expect(await row(made.id)).toMatchObject({ status: 2, fields: [SERIAL] });
    const done = await finish([{ id: 2, value: "Replaced pump" }, { id: 1, value: "CD5555" }]);
    // Typed values win over the field_set effect on the same field.
    expect(done.body).toMatchObject({ status: 3, fields: [{ id: 1, value: "CD5555" }, { id: 2, value: "Replaced pump" }] });
  });

  it("clears a field whose asked value comes back empty (the dialog showed the current one), over a field_set effect", async () => {
    const { made, staffCookie } = await arrange();
    await run(staffCookie, made.id, 1, { comment: "Go" });
    const done = await run(staffCookie, made.id, 2, { fields: [{ id: 2, value: "Replaced pump" }, { id: 1, value: null }] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 3, fields: [{ id: 2, value: "Replaced pump" }] });
    expect((await row(made.id)).fields).toEqual([{ id: 2, value: "Replaced pump" }]);
  });

  it("applies all effects or none", async () => {
    const { made, staff, staffCookie, colleague } = await arrange();
    await run(staffCookie, made.id, 1, { comment: "Mine" });
    // Its last effect hands the project to a member who has left since the workflow was written.
    await (await getDb()).update(member).set({ status: "removed" }).where(eq(member.id, colleague.member.id));
    const before = await entries(made.id);
    const res = await run(staffCookie, made.id, 6);
    expect(res.status).toBe(409);
    expect(res.body.details).toBe('"Hand over" assigns a member who is no longer active');
    expect(await row(made.id)).toMatchObject({ status: 2, fields: [SERIAL], ownerId: staff.member.id });
    expect(await entries(made.id)).toBe(before);
  });
});

describe("workflow access", () => {
  it("refuses view-only projects, unknown workflows and other organizations", async () => {
    const { org, made, type } = await arrange();
    const north = await addLocation(org.organizationId, "North");
    const atNorth = await logInAs((await addMember(org.organizationId, { privileges: ["admin"], locationId: north.id })).email);
    await patchProjectAs(org.cookie, made.id, { sharing: { default: "view", locations: [] } });
    expect(await titlesFor(atNorth, made.id)).toEqual([]);
    const viewOnly = await run(atNorth, made.id, 1, { comment: "x" });
    expect(viewOnly.status).toBe(403);
    expect(viewOnly.body.permission).toBeUndefined();
    expect((await run(org.cookie, made.id, 99)).body).toMatchObject({ status: 404, resource: "Workflow" });
    expect((await run(org.cookie, made.id, "1e0")).body.resource).toBe("Workflow");
    expect((await run(org.cookie, made.id, 1, { comment: "x", colour: "red" })).status).toBe(400);
    const other = await signUpOrganization(mailbox, "Other Co");
    expect((await run(other.cookie, made.id, 1, { comment: "x" })).body.resource).toBe("Project");
    expect((await call(available, "GET", "/x", { cookie: other.cookie, params: { id: made.id } })).status).toBe(404);
    expect(type.workflows).toHaveLength(6);
  });
});
