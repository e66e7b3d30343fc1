import { afterAll, describe, expect, it } from "vitest";
import { GET as activityRoute } from "@/app/api/api/customer/[id]/activity/route";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as postMessageRoute } from "@/app/api/api/message/route";
import { POST as runWorkflow } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { call } from "@/test/api";
import { notFound as notFoundAnswer } from "@/test/answers";
import { makeCustomer, patchConversation, postMessage, receive, startWithNote } from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType, patchProjectAs, patchProjectType } from "@/test/projects";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";

const mailbox = useSmtpCatcher();
const CUSTOMER_NOT_FOUND = notFoundAnswer("Customer");
afterAll(() => deliveriesSettled());

const activity = (cookie: string | undefined, id: string) => call(activityRoute, "GET", `/customer/${id}/activity`, { cookie, params: { id } });

type Item = { kind: string; id: string; date: string; link: string; [key: string]: unknown };

describe("GET /customer/{id}/activity", () => {
  it("interleaves messages, project changes and the customer's history, newest first, with the files messages carried", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie, { name: "Dora Dunn" });
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "Requested" }, { id: 2, title: "Scheduled" }] }, "Repair");
    const conversationId = await startWithNote(org.cookie, customer.id, "Called about the boiler");
    const project = await makeProject(org.cookie, { title: "Boiler repair", type: type.id, customer: customer.id });
    expect((await patchProjectAs(org.cookie, project.id, { status: 2 })).status).toBe(200);
    const form = new FormData();
    form.append("conversation", conversationId);
    form.append("type", JSON.stringify({ id: "note", content: "Photo of the boiler" }));
    form.append("files", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "quote.pdf"));
    const withFile = await call(postMessageRoute, "POST", "/message", { cookie: org.cookie, body: form });
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
    await receive(conversationId, { source: customer.email, title: "Re: boiler", content: "Thursday works for me.", date: new Date(Date.now() + 60_000) });
    // Another customer's conversation and project stay out.
    const other = await makeCustomer(org.cookie, { name: "Other" });
    await startWithNote(org.cookie, other.id, "Not Dora's");
    await makeProject(org.cookie, { title: "Not Dora's project", type: type.id, customer: other.id });

    const res = await activity(org.cookie, customer.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.items as Item[];
    const dates = items.map((item) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({
      kind: "message",
      link: `/conversation/${conversationId}`,
      conversation: { id: conversationId, reference: expect.stringMatching(/^C-\d+$/) },
      message: { type: "email", direction: "incomming", title: "Re: boiler", excerpt: "Thursday works for me." },
      author: null,
    });
    const messages = items.filter((item) => item.kind === "message");
    expect(messages.map((item) => (item.message as { excerpt: string }).excerpt)).toEqual([
      "Thursday works for me.",
      "Photo of the boiler",
      "Called about the boiler",
    ]);
    expect(messages[1]).toMatchObject({ author: { name: "Olga Owner" }, message: { files: 1 } });
    const projectEntries = items.filter((item) => item.kind === "history" && (item.entity as { type: string }).type === "project");
    expect(projectEntries).toHaveLength(2);
    expect(projectEntries[0]).toMatchObject({
      link: `/project/${project.id}`,
      entity: { id: project.id, title: "Boiler repair" },
      action: "updated",
      changes: [{ field: "status", before: "Requested", after: "Scheduled" }],
    });
    expect(projectEntries[1]).toMatchObject({ action: "created", member: { name: "Olga Owner" } });
    expect(items.filter((item) => item.kind === "history" && (item.entity as { type: string }).type === "customer")).toEqual([
      expect.objectContaining({ action: "created", link: `/customer/${customer.id}` }),
    ]);
    expect(JSON.stringify(items)).not.toContain("Not Dora");
    expect(res.body.files).toEqual([
      {
        id: expect.any(String),
        name: "quote.pdf",
        mimetype: "application/pdf",
        size: 15,
        uploader: expect.any(String),
        created: expect.any(String),
        updated: expect.any(String),
      },
    ]);
  });

  it("tells an owner change with the new owner's name, and keeps removed conversations out", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "Open" }] }, "Job");
    const project = await makeProject(org.cookie, { title: "Fence", type: type.id, customer: customer.id });
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage"] });
    expect((await patchProjectAs(org.cookie, project.id, { owner: staff.member.id })).status).toBe(200);
    const removed = await startWithNote(org.cookie, customer.id, "Removed later");
    expect((await patchConversation(org.cookie, removed, { status: "removed" })).status).toBe(200);

    const items = (await activity(org.cookie, customer.id)).body.items as Item[];
    expect(items[0]).toMatchObject({ kind: "history", changes: [{ field: "owner", before: null, after: "Sam Staff" }] });
    expect(items.filter((item) => item.kind === "message")).toEqual([]);
  });

  it("tells a workflow run by its name, its comment and the status it set", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const type = await makeType(
      org.cookie,
      {
        statuses: [{ id: 1, title: "Booked" }, { id: 2, title: "Done" }],
        workflows: [{ id: 1, title: "Finish", inputs: [{ type: "comment", required: true }], effects: [{ type: "status_set", value: 2 }] }],
      },
      "Visit",
    );
    const project = await makeProject(org.cookie, { title: "Gutters", type: type.id, customer: customer.id });
    const run = await call(runWorkflow, "POST", `/project/${project.id}/workflow/1`, {
      cookie: org.cookie,
      params: { id: project.id, workflowId: "1" },
      body: { comment: "All clear" },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const items = (await activity(org.cookie, customer.id)).body.items as Item[];
    expect(items[0]).toMatchObject({
      kind: "history",
      entity: { type: "project", title: "Gutters" },
      changes: [
        { field: "workflow", before: null, after: "Finish" },
        { field: "comment", before: null, after: "All clear" },
        { field: "status", before: "Booked", after: "Done" },
      ],
    });
  });

  it("is the customer's 404 for another organization, and for a location that cannot see the customer", async () => {
    const org = await signUpOrganization(mailbox);
    const customer = await makeCustomer(org.cookie);
    const outsider = await signUpOrganization(mailbox, "Other shop");
    const notFound = CUSTOMER_NOT_FOUND;
    expect((await activity(outsider.cookie, customer.id)).body).toEqual(notFound);
    expect((await activity(undefined, customer.id)).status).toBe(401);

    const north = await addLocation(org.organizationId, "North");
    const south = await addLocation(org.organizationId, "South");
    const northStaff = await addMember(org.organizationId, { privileges: ["customers_manage", "projects_manage"], locationId: north.id });
    const southStaff = await addMember(org.organizationId, { privileges: ["customers_manage"], locationId: south.id });
    const northCookie = await logInAs(northStaff.email);
    const southCookie = await logInAs(southStaff.email);
    const hidden = await makeCustomer(northCookie, { name: "North only" });
    expect((await activity(southCookie, hidden.id)).body).toEqual(notFound);
    expect((await activity(northCookie, hidden.id)).status).toBe(200);
  });

  it("leaves out the projects of a visible customer that the location cannot see; its conversations are seen as the customer is", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const south = await addLocation(org.organizationId, "South");
    const northCookie = await logInAs((await addMember(org.organizationId, { privileges: ["customers_manage", "projects_manage"], locationId: north.id })).email);
    const southCookie = await logInAs((await addMember(org.organizationId, { privileges: ["customers_manage"], locationId: south.id })).email);
    const customer = await makeCustomer(org.cookie, { name: "Everyone's", sharing: { default: "edit" } });
    const type = await makeType(org.cookie, { statuses: [{ id: 1, title: "Open" }] }, "Shared type");
    expect((await call(patchCustomer, "PATCH", `/customer/${customer.id}`, { cookie: org.cookie, params: { id: customer.id }, body: { phone: "+44 113 496 0000" } })).status).toBe(200);
    // Made at North, not shared: South must not learn of them.
    const typeShared = await patchProjectType(org.cookie, type.id, { sharing: { default: "view" } });
    expect(typeShared.status, JSON.stringify(typeShared.body)).toBe(200);
    const secretProject = await makeProject(northCookie, { title: "North secret project", type: type.id, customer: customer.id });
    // A conversation lives where its customer does, so North's, like South's own, is everyone's.
    const northConversation = await startWithNote(northCookie, customer.id, "North's note");
    await receive(northConversation, { content: "North's reply", files: [] });
    const own = await postMessage(southCookie, { customer: customer.id, type: { id: "note", content: "South's own note" } });
    expect(own.status).toBe(201);

    const southView = await activity(southCookie, customer.id);
    expect(southView.status).toBe(200);
    const text = JSON.stringify(southView.body);
    expect(text).toContain("South's own note");
    expect(text).toContain("North's reply");
    expect(text).not.toContain("North secret");
    expect(text).not.toContain(secretProject.id);
    expect(southView.body.items.filter((item: Item) => item.kind === "history").map((item: { entity: { type: string } }) => item.entity.type)).toEqual([
      "customer",
      "customer",
      "customer",
    ]);

    const northView = JSON.stringify((await activity(northCookie, customer.id)).body);
    expect(northView).toContain("North's reply");
    expect(northView).toContain("North secret project");
    expect(northView).toContain("South's own note");
  });
});
