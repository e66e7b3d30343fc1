import { describe, expect, it } from "vitest";
import { GET as getFile } from "@/app/api/api/file/[id]/route";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { POST as postVisit } from "@/app/api/api/visit/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { pngForm } from "@/test/isolation/world";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { GET as listFiles, POST as addFile } from "./route";

const mailbox = useSmtpCatcher();

const upload = async (cookie: string, name: string) => {
  const res = await call(uploadFile, "POST", "/file", { cookie, body: pngForm(name) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const keep = (cookie: string, project: string, body: Record<string, unknown>) =>
  call(addFile, "POST", `/project/${project}/file`, { cookie, params: { id: project }, body });
const listed = async (cookie: string, project: string) => {
  const res = await call(listFiles, "GET", `/project/${project}/file`, { cookie, params: { id: project } });
  expect(res.status).toBe(200);
  return res.body.items as { id: string; name: string; visit: string | null; added_by: string }[];
};

async function world() {
  const org = await signUpOrganization(mailbox);
  const type = await makeType(org.cookie);
  const project = await makeProject(org.cookie, { type: type.id, fields: [{ id: 1, value: "AB1234" }] });
  const other = await makeProject(org.cookie, { title: "Another job", type: type.id, fields: [{ id: 1, value: "AB1234" }] });
  const tech = await addMember(org.organizationId);
  const colleague = await addMember(org.organizationId);
  const visit = await call(postVisit, "POST", "/visit", {
    cookie: org.cookie,
    body: { project: project.id, start: "2027-03-28T08:00:00Z", end: "2027-03-28T09:00:00Z", members: [tech.member.id] },
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  const otherVisit = await call(postVisit, "POST", "/visit", { cookie: org.cookie, body: { project: other.id, members: [tech.member.id] } });
  expect(otherVisit.status, JSON.stringify(otherVisit.body)).toBe(201);
  return {
    org,
    project: project.id,
    other: other.id,
    visit: visit.body.id as string,
    otherVisit: otherVisit.body.id as string,
    tech: { id: tech.member.id, cookie: await logInAs(tech.email) },
    colleague: { id: colleague.member.id, cookie: await logInAs(colleague.email) },
  };
}

describe("a project's files", () => {
  it("keeps a photo a member assigned to a visit took, once, and shows it to whoever sees the project", async () => {
    const w = await world();
    const photo = await upload(w.tech.cookie, "valve.png");
    // Before it is kept with the project, the upload is its uploader's own.
    expect((await call(getFile, "GET", `/file/${photo}`, { cookie: w.colleague.cookie, params: { id: photo } })).status).toBe(404);

    const kept = await keep(w.tech.cookie, w.project, { file: photo, visit: w.visit });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body).toMatchObject({ id: photo, name: "valve.png", mimetype: "image/png", visit: w.visit, added_by: w.tech.id });
    expect((await keep(w.tech.cookie, w.project, { file: photo, visit: w.visit })).status).toBe(201);
    expect(await listed(w.org.cookie, w.project)).toEqual([expect.objectContaining({ id: photo, visit: w.visit })]);
    expect(await listed(w.org.cookie, w.other)).toEqual([]);
    // Now the colleague, who sees the project, sees the file too.
    const seen = await call(getFile, "GET", `/file/${photo}`, { cookie: w.colleague.cookie, params: { id: photo } });
    expect(seen.status).toBe(200);
  });

  it("refuses members who neither edit the project nor go to one of its visits, visits of other projects and others' uploads", async () => {
    const w = await world();
    const mine = await upload(w.colleague.cookie, "mine.png");
    const refused = await keep(w.colleague.cookie, w.project, { file: mine });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ permission: "projects_manage" });

    const photo = await upload(w.tech.cookie, "valve.png");
    const wrongVisit = await keep(w.tech.cookie, w.project, { file: photo, visit: w.otherVisit });
    expect(wrongVisit.status).toBe(400);
    expect(wrongVisit.body.errors).toEqual([{ path: "visit", message: "Choose a visit of this project you are assigned to." }]);
    // Someone else's upload that the technician cannot see.
    const notTheirs = await keep(w.tech.cookie, w.project, { file: mine, visit: w.visit });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.errors).toEqual([{ path: "file", message: "Upload the file first; this one was not found." }]);
    expect(await listed(w.org.cookie, w.project)).toEqual([]);

    // The project's owner (the founder, with every privilege) may keep any upload they see.
    expect((await keep(w.org.cookie, w.project, { file: mine })).status).toBe(201);
    expect((await listed(w.tech.cookie, w.project)).map((file) => file.name)).toEqual(["mine.png"]);
  });
});
