import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { project } from "@/db/schema/project";
import { GET as getCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as listCustomers, POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as listMembers, POST as postMember } from "@/app/api/api/member/route";
import { GET as listProjects, POST as postProject } from "@/app/api/api/project/route";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import { call, uniqueEmail } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeType } from "@/test/projects";

const mailbox = useSmtpCatcher();

/** An organization with York and South, its owner (an admin at organization level) and a York technician tied to York. */
async function shop() {
  const org = await signUpOrganization(mailbox);
  const york = await addLocation(org.organizationId, "York");
  const south = await addLocation(org.organizationId, "South");
  const technician = await addMember(org.organizationId, { locationId: york.id });
  return { ...org, york: york.id, south: south.id, technician: await logInAs(technician.email) };
}

const createCustomer = (cookie: string, body: Record<string, unknown>) => call(postCustomer, "POST", "/customer", { cookie, body });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);

async function locationOf(table: typeof customer | typeof project | typeof member, id: string) {
  const db = await getDb();
  const [row] = await db.select({ locationId: table.locationId }).from(table).where(eq(table.id, id));
  return row.locationId;
}

async function customerCount(organizationId: string) {
  const db = await getDb();
  return (await db.select({ id: customer.id }).from(customer).where(eq(customer.organizationId, organizationId))).length;
}

describe("the location of a new customer, project or member", () => {
  it("lets an admin at organization level create a customer at a branch, which the branch's staff then see", async () => {
    const { cookie, york, technician } = await shop();
    const atYork = await createCustomer(cookie, { name: "Mia Miller", location: york });
    expect(atYork.status, JSON.stringify(atYork.body)).toBe(201);
    expect(atYork.body.location).toBe(york);
    expect(await locationOf(customer, atYork.body.id)).toBe(york);
    // Without a location it stays where the session is: the organization level, hidden from York.
    const atOrganization = await createCustomer(cookie, { name: "Head office client" });
    expect(atOrganization.body.location).toBeNull();

    expect(ids(await call(listCustomers, "GET", "/customer", { cookie: technician }))).toEqual([atYork.body.id]);
    const seen = await call(getCustomer, "GET", `/customer/${atYork.body.id}`, { cookie: technician, params: { id: atYork.body.id } });
    expect(seen.body).toMatchObject({ name: "Mia Miller", location: york });
    const hidden = await call(getCustomer, "GET", `/customer/${atOrganization.body.id}`, { cookie: technician, params: { id: atOrganization.body.id } });
    expect(hidden.body).toEqual(notFound("Customer"));
  });

  it("places projects and members too; a member placed at a branch works there only", async () => {
    const { cookie, york, view, technician } = await shop();
    const type = await makeType(cookie, { statuses: [{ id: 1, title: "Open" }] });
    const made = await call(postProject, "POST", "/project", { cookie, body: { title: "Boiler at No. 7", type: type.id, location: york } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await locationOf(project, made.body.id)).toBe(york);
    expect(ids(await call(listProjects, "GET", "/project", { cookie: technician }))).toEqual([made.body.id]);

    const body = { name: "Yara York", email: uniqueEmail("yara"), role: view.member.role, location: york };
    const hired = await call(postMember, "POST", "/member", { cookie, body });
    expect(hired.status, JSON.stringify(hired.body)).toBe(201);
    expect(hired.body.location).toBe(york);
    expect(await locationOf(member, hired.body.id)).toBe(york);
    expect(ids(await call(listMembers, "GET", "/member", { cookie: technician }))).toContain(hired.body.id);
  });

  it("takes the session's location when none is given, and the organization level when asked from a branch", async () => {
    const { cookie, york } = await shop();
    const moved = await call(switchLocation, "PATCH", "/session", { cookie, body: { location: york } });
    expect(moved.status).toBe(200);
    expect((await createCustomer(cookie, { name: "Walk-in at York" })).body.location).toBe(york);
    const upward = await createCustomer(cookie, { name: "Key account", location: null });
    expect(upward.status).toBe(201);
    expect(await locationOf(customer, upward.body.id)).toBeNull();
  });

  it("refuses a member tied to a location anywhere else, and takes their own location", async () => {
    const org = await signUpOrganization(mailbox);
    const york = await addLocation(org.organizationId, "York");
    const south = await addLocation(org.organizationId, "South");
    const manager = await addMember(org.organizationId, { locationId: york.id, privileges: ["customers_manage", "members_manage"] });
    const cookie = await logInAs(manager.email);
    const before = await customerCount(org.organizationId);
    const refusal = { status: 403, message: "You can only create items at your own location" };
    for (const location of [south.id, null, crypto.randomUUID()]) {
      const res = await createCustomer(cookie, { name: "Elsewhere", location });
      expect({ status: res.status, body: res.body }, String(location)).toEqual({ status: 403, body: refusal });
    }
    const member = await call(postMember, "POST", "/member", {
      cookie,
      body: { name: "Free agent", email: uniqueEmail("free"), role: manager.role.id, location: null },
    });
    expect(member.body).toEqual(refusal);
    expect(await customerCount(org.organizationId)).toBe(before);
    const own = await createCustomer(cookie, { name: "At home", location: york.id });
    expect(own.status).toBe(201);
    expect(own.body.location).toBe(york.id);
  });

  it("refuses a removed location, another organization's, and what is not a location id", async () => {
    const { cookie, organizationId } = await shop();
    const closed = await addLocation(organizationId, "Closed branch", "removed");
    const other = await signUpOrganization(mailbox);
    const theirs = await addLocation(other.organizationId, "Their branch");
    const before = await customerCount(organizationId);
    const cases: [unknown, object][] = [
      [closed.id, invalid("location", "This location has been removed")],
      [theirs.id, invalid("location", "This location does not exist")],
      [crypto.randomUUID(), invalid("location", "This location does not exist")],
      ["York", invalid("location", "Location must be a location id")],
    ];
    for (const [location, expected] of cases) {
      const res = await createCustomer(cookie, { name: "Nowhere", location });
      expect({ status: res.status, body: res.body }, String(location)).toEqual({ status: 400, body: expected });
    }
    const type = await makeType(cookie, { statuses: [{ id: 1, title: "Open" }] });
    const project = await call(postProject, "POST", "/project", { cookie, body: { title: "Nowhere", type: type.id, location: theirs.id } });
    expect(project.body).toEqual(invalid("location", "This location does not exist"));
    expect(await customerCount(organizationId)).toBe(before);
    expect(await customerCount(other.organizationId)).toBe(0);
  });
});
