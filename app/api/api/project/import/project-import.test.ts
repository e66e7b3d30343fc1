import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { project } from "@/db/schema/project";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as importProjects } from "@/app/api/api/project/import/route";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeType, patchProjectType } from "@/test/projects";

const mailbox = useSmtpCatcher();

const HEADER = ["Title", "Type", "Status", "Owner", "Customer", "Description", "Fields"];
const MAPPINGS = { title: 0, type: 1, status: 2, owner: 3, customer: 4, description: 5, fields: 6 };

function send(cookie: string, rows: (string | null)[][], options: Record<string, unknown> = {}, query: Record<string, string> = {}) {
  const body = importForm({ name: "projects.csv", content: csvText([HEADER, ...rows]) }, { mappings: MAPPINGS, ...options });
  return call(importProjects, "POST", "/project/import", { cookie, body, query });
}

async function projectsOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(project).where(eq(project.organizationId, organizationId)).orderBy(project.title);
}

async function world() {
  const org = await signUpOrganization(mailbox);
  const type = await makeType(org.cookie);
  const customer = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Mia Miller", email: "mia@example.test" } });
  return { org, type, customerId: customer.body.id as string };
}

describe("project import", () => {
  it("creates projects from names, titles, emails and exported ids, with history", async () => {
    const { org, type, customerId } = await world();
    const res = await send(org.cookie, [
      ["Boiler at No. 7", "boiler SERVICE", "Scheduled", org.email.toUpperCase(), "mia@example.test", "Annual check", "1=AB1234; 2=Key under the mat; back door"],
      ["Boiler at No. 9", type.id, "3", org.view.member.id, customerId, null, "1=CD5678"],
      ["Boiler at No. 11", "Boiler service", null, null, null, null, "1=EF9012"],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ dryRun: false, rows: 3, created: 3, updated: 0, unchanged: 0, skipped: [] });
    const rows = await projectsOf(org.organizationId);
    expect(rows.map(({ title, typeId, status, ownerId, customerId: c, description, fields }) => ({ title, typeId, status, ownerId, customerId: c, description, fields }))).toEqual([
      { title: "Boiler at No. 11", typeId: type.id, status: 1, ownerId: null, customerId: null, description: "", fields: [{ id: 1, value: "EF9012" }] },
      {
        title: "Boiler at No. 7",
        typeId: type.id,
        status: 2,
        ownerId: org.view.member.id,
        customerId,
        description: "Annual check",
        fields: [{ id: 1, value: "AB1234" }, { id: 2, value: "Key under the mat; back door" }],
      },
      { title: "Boiler at No. 9", typeId: type.id, status: 3, ownerId: org.view.member.id, customerId, description: "", fields: [{ id: 1, value: "CD5678" }] },
    ]);
    const db = await getDb();
    const entries = await db.select().from(history).where(eq(history.entityId, rows[1].id));
    expect(entries).toMatchObject([{ action: "created", entityType: "project", changes: { title: [null, "Boiler at No. 7"], status: [null, 2] } }]);
  });

  it("checks each row against its type's statuses and field rules; one bad row imports nothing", async () => {
    const { org } = await world();
    const rows = [
      ["Fine", "Boiler service", null, null, null, null, "1=AB1234"],
      ["No serial", "Boiler service", null, null, null, null, null],
      ["Bad serial", "Boiler service", "Open", null, null, null, "1=ab12; 9=x"],
      [null, "Roofing", null, "nobody@example.test", "ghost@example.test", null, "serial AB1234"],
    ];
    const res = await send(org.cookie, rows);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 422,
      message: "Import failed",
      dryRun: false,
      rows: 4,
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: [
        { row: 3, errors: [{ column: "Fields", value: null, error: "invalid", message: "Serial number is required" }] },
        {
          row: 4,
          errors: [
            { column: "Status", value: "Open", error: "invalid", message: "Status Open is not a status of Boiler service" },
            { column: "Fields", value: "1=ab12; 9=x", error: "invalid", message: "Serial number does not have the expected format" },
            { column: "Fields", value: "1=ab12; 9=x", error: "invalid", message: "This project type has no field 9" },
          ],
        },
        {
          row: 5,
          errors: [
            { column: "Type", value: "Roofing", error: "invalid", message: "This project type does not exist" },
            { column: "Owner", value: "nobody@example.test", error: "invalid", message: "Choose an active member of the organization" },
            { column: "Customer", value: "ghost@example.test", error: "invalid", message: "This customer does not exist" },
            { column: "Fields", value: "serial AB1234", error: "invalid", message: "Write custom field values as id=value; id=value" },
            { column: "Title", value: null, error: "required", message: "Required" },
          ],
        },
      ],
    });
    expect(await projectsOf(org.organizationId)).toEqual([]);
    const skipping = await send(org.cookie, rows, { skipInvalid: true });
    expect(skipping.body).toMatchObject({ created: 1, skipped: [{ row: 3 }, { row: 4 }, { row: 5 }] });
    expect((await projectsOf(org.organizationId)).map((row) => row.title)).toEqual(["Fine"]);
  });

  it("refuses removed types and names that match several types", async () => {
    const { org, type } = await world();
    await makeType(org.cookie, { statuses: [{ id: 1, title: "Open" }] }, "Roofing");
    await makeType(org.cookie, { statuses: [{ id: 1, title: "Open" }] }, "roofing");
    await patchProjectType(org.cookie, type.id, { status: "removed" });
    const res = await send(org.cookie, [["A", "Boiler service", null, null, null, null, "1=AB1234"], ["B", "Roofing", null, null, null, null, null]]);
    expect(res.body.skipped).toEqual([
      { row: 2, errors: [{ column: "Type", value: "Boiler service", error: "invalid", message: "This project type has been removed" }] },
      { row: 3, errors: [{ column: "Type", value: "Roofing", error: "invalid", message: "2 project types match; use the id" }] },
    ]);
  });

  it("lets every member import projects, at the member's location", async () => {
    const { org, type } = await world();
    const north = await addLocation(org.organizationId);
    await patchProjectType(org.cookie, type.id, { sharing: { default: "view" } });
    const staff = await addMember(org.organizationId, { privileges: [], locationId: north.id });
    const cookie = await logInAs(staff.email);
    const res = await send(cookie, [["By staff", type.id, null, staff.email, null, null, "1=AB1234"]]);
    expect(res.body).toMatchObject({ created: 1, skipped: [] });
    expect((await projectsOf(org.organizationId)).map((row) => [row.title, row.locationId, row.ownerId])).toEqual([["By staff", north.id, staff.member.id]]);
    expect((await send("", [["x", type.id]])).status).toBe(401);
  });

  it("cannot refer to another organization's types, members or customers, nor to what the location cannot see", async () => {
    const { org, type, customerId } = await world();
    const other = await signUpOrganization(mailbox, "Other Co");
    const res = await send(other.cookie, [["Intruder", type.id, null, org.view.member.id, customerId, null, "1=AB1234"]]);
    expect(res.body.skipped[0].errors.map((error: { message: string }) => error.message)).toEqual([
      "This project type does not exist",
      "Choose an active member of the organization",
      "This customer does not exist",
    ]);
    const south = await addLocation(org.organizationId, "South");
    expect((await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: south.id } })).status).toBe(200);
    const hidden = await send(org.cookie, [["Hidden refs", type.id, null, null, "mia@example.test", null, "1=AB1234"]]);
    expect(hidden.body.skipped[0].errors.map((error: { message: string }) => error.message)).toEqual([
      "This project type does not exist",
      "This customer does not exist",
    ]);
    expect(await projectsOf(org.organizationId)).toEqual([]);
    expect(await projectsOf(other.organizationId)).toEqual([]);
  });

  it("checks without writing in a dry run, and offers no matching", async () => {
    const { org } = await world();
    const rows = [["Fine", "Boiler service", null, null, null, null, "1=AB1234"]];
    expect((await send(org.cookie, rows, {}, { dryRun: "true" })).body).toEqual({ dryRun: true, rows: 1, created: 1, updated: 0, unchanged: 0, skipped: [] });
    expect(await projectsOf(org.organizationId)).toEqual([]);
    const matching = await send(org.cookie, rows, { matchBy: "email" });
    expect(matching.body).toEqual({ status: 400, message: "Invalid input", errors: [{ path: "", message: "Unknown field: matchBy" }] });
    const malformed = await send(org.cookie, rows, { mappings: { title: 0 } });
    expect(malformed.body.errors).toEqual([{ path: "mappings.type", message: "Type must be mapped to a column" }]);
  });
});
