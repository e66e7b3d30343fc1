import { describe, expect, it } from "vitest";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as runWorkflow } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const UNAUTHORIZED = { status: 401, message: "Unauthorized" };

describe("route kernel edges", () => {
  it("answers a signed-out caller 401 before reading its query or path", async () => {
    const badQuery = await call(listCustomers, "GET", "/customer", { query: { limit: "-1" } });
    expect(badQuery.status).toBe(401);
    expect(badQuery.body).toEqual(UNAUTHORIZED);
    const badId = await call(getCustomer, "GET", "/customer/not-a-uuid", { params: { id: "not-a-uuid" } });
    expect(badId.status).toBe(401);
    expect(badId.body).toEqual(UNAUTHORIZED);
    const badPatch = await call(patchCustomer, "PATCH", "/customer/not-a-uuid", { params: { id: "not-a-uuid" }, body: { name: "x" } });
    expect(badPatch.body).toEqual(UNAUTHORIZED);
    const badWorkflow = await call(runWorkflow, "POST", "/project/x/workflow/0", {
      params: { id: "not-a-uuid", workflowId: "0" },
      body: {},
    });
    expect(badWorkflow.body).toEqual(UNAUTHORIZED);
  });

  it("answers a signed-in caller 400 for a bad query and the resource's 404 for a path that cannot name one", async () => {
    const org = await signUpOrganization(mailbox);
    const badQuery = await call(listCustomers, "GET", "/customer", { cookie: org.cookie, query: { limit: "-1" } });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors.map((error: { path: string }) => error.path)).toEqual(["limit"]);
    const badId = await call(getCustomer, "GET", "/customer/not-a-uuid", { cookie: org.cookie, params: { id: "not-a-uuid" } });
    expect(badId.body).toMatchObject({ status: 404, resource: "Customer" });
    const run = (id: string, workflowId: string) =>
      call(runWorkflow, "POST", `/project/${id}/workflow/${workflowId}`, { cookie: org.cookie, params: { id, workflowId }, body: {} });
    expect((await run("not-a-uuid", "1")).body).toMatchObject({ status: 404, resource: "Project" });
    const project = crypto.randomUUID();
    for (const workflowId of ["0", "-1", "01", "1.5", "2147483648", "99999999999", "x"]) {
      expect((await run(project, workflowId)).body, workflowId).toMatchObject({ status: 404, resource: "Workflow" });
    }
    // A well-formed workflow id reaches the service: here the project itself is unknown.
    expect((await run(project, "2147483647")).body).toMatchObject({ status: 404, resource: "Project" });
  });
});
