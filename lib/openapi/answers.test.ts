/**
 * The main endpoints answer as the API document says, errors included. (test/api.ts
 * `call` checks every answer of every API test the same way; here the check is spelled out.)
 */
import { describe, expect, it } from "vitest";
import { GET as getConversation } from "@/app/api/api/conversation/[id]/route";
import { GET as listConversations } from "@/app/api/api/conversation/route";
import { GET as getCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as listCustomers, POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as listFiles } from "@/app/api/api/file/route";
import { POST as postLocation } from "@/app/api/api/location/route";
import { GET as getLocation } from "@/app/api/api/location/[id]/route";
import { GET as getMember } from "@/app/api/api/member/[id]/route";
import { GET as listMembers } from "@/app/api/api/member/route";
import { GET as getProject } from "@/app/api/api/project/[id]/route";
import { GET as listProjects } from "@/app/api/api/project/route";
import { GET as getRole } from "@/app/api/api/role/[id]/route";
import { GET as listRoles } from "@/app/api/api/role/route";
import { GET as getSession } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { startWithNote } from "@/test/conversations";
import { expectDocumented, undocumented } from "@/test/documented";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType } from "@/test/projects";

const mailbox = useSmtpCatcher();
const MISSING = "00000000-0000-4000-8000-000000000000";

describe("answers as documented", () => {
  it("flags a body or a status the document does not describe", () => {
    const headers = new Headers({ "content-type": "application/json" });
    expect(undocumented("GET /customer/[id]", { status: 200, body: { id: 1 }, headers })).not.toEqual([]);
    expect(undocumented("GET /customer/[id]", { status: 418, body: { status: 418, message: "Teapot" }, headers })).not.toEqual([]);
    expect(undocumented("GET /customer/[id]", { status: 404, body: { message: "no status" }, headers })).not.toEqual([]);
    expect(undocumented("GET /customer/[id]", { status: 404, body: { status: 404, message: "Customer not found", resource: "Customer" }, headers })).toEqual([]);
  });

  it("session, customers, projects, members, roles, locations, conversations and files", async () => {
    const org = await signUpOrganization(mailbox);
    const { cookie } = org;
    const session = await call(getSession, "GET", "/session", { cookie });
    expectDocumented(session, "GET /session");

    const created = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Mia Miller", email: "mia@example.test" } });
    expect(created.status).toBe(201);
    expectDocumented(created, "POST /customer");
    const id = created.body.id as string;
    expectDocumented(await call(getCustomer, "GET", `/customer/${id}`, { cookie, params: { id } }), "GET /customer/[id]");
    const list = await call(listCustomers, "GET", "/customer", { cookie, query: { shared: "include", limit: "1" } });
    expect(list.body.items).toHaveLength(1);
    expectDocumented(list, "GET /customer");

    const type = await makeType(cookie);
    const project = await makeProject(cookie, { type: type.id, customer: id, fields: [{ id: 1, value: "AB1234" }] });
    expectDocumented(await call(getProject, "GET", `/project/${project.id}`, { cookie, params: { id: project.id } }), "GET /project/[id]");
    expectDocumented(await call(listProjects, "GET", "/project", { cookie }), "GET /project");

    const members = await call(listMembers, "GET", "/member", { cookie });
    expectDocumented(members, "GET /member");
    const member = members.body.items[0];
    expectDocumented(await call(getMember, "GET", `/member/${member.id}`, { cookie, params: { id: member.id } }), "GET /member/[id]");
    expectDocumented(await call(listRoles, "GET", "/role", { cookie }), "GET /role");
    expectDocumented(await call(getRole, "GET", `/role/${member.role}`, { cookie, params: { id: member.role } }), "GET /role/[id]");

    const location = await call(postLocation, "POST", "/location", { cookie, body: { name: "North" } });
    expectDocumented(location, "POST /location");
    expectDocumented(await call(getLocation, "GET", `/location/${location.body.id}`, { cookie, params: { id: location.body.id } }), "GET /location/[id]");

    const conversation = await startWithNote(cookie, id);
    expectDocumented(await call(listConversations, "GET", "/conversation", { cookie }), "GET /conversation");
    expectDocumented(await call(getConversation, "GET", `/conversation/${conversation}`, { cookie, params: { id: conversation } }), "GET /conversation/[id]");
    expectDocumented(await call(listFiles, "GET", "/file", { cookie }), "GET /file");
  });

  it("errors: 400 with its list, 401 without a session, 404 naming the resource", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const invalid = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "", unknown: 1 } });
    expect(invalid.status).toBe(400);
    expectDocumented(invalid, "POST /customer");
    const signedOut = await call(listCustomers, "GET", "/customer");
    expect(signedOut.status).toBe(401);
    expectDocumented(signedOut, "GET /customer");
    const missing = await call(getCustomer, "GET", `/customer/${MISSING}`, { cookie, params: { id: MISSING } });
    expect(missing.status).toBe(404);
    expectDocumented(missing, "GET /customer/[id]");
  });
});
