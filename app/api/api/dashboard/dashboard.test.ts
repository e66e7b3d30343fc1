import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { project } from "@/db/schema/project";
import { GET as listConversations } from "@/app/api/api/conversation/route";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { GET as getDashboard } from "@/app/api/api/dashboard/route";
import { GET as listProjects } from "@/app/api/api/project/route";
import { call } from "@/test/api";
import { makeCustomer, receive, startWithNote } from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { pointEnv } from "@/test/env";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType } from "@/test/projects";
import { reachKinds } from "@/test/reach-kinds";

const mailbox = useSmtpCatcher();
const SERIAL = [{ id: 1, value: "AB1234" }];
const dashboard = (cookie: string, query: Record<string, string> = {}) => call(getDashboard, "GET", "/dashboard", { cookie, query });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id).sort();

describe("GET /dashboard", () => {
  it("counts open projects by type and status, mine, unread conversations and what is new, each as its list filters it", async () => {
    const { cookie, view, organizationId } = await signUpOrganization(mailbox);
    const me = view.member.id;
    const type = await makeType(cookie);
    const scheduled = await makeProject(cookie, { type: type.id, fields: SERIAL, status: 2, owner: me });
    await makeProject(cookie, { type: type.id, fields: SERIAL, status: 2 });
    await makeProject(cookie, { type: type.id, fields: SERIAL, status: 1, owner: me });
    await makeProject(cookie, { type: type.id, fields: SERIAL, status: 3, owner: me });
    const old = await makeProject(cookie, { type: type.id, fields: SERIAL });
    const fresh = await makeCustomer(cookie, { name: "Nina New" });
    const older = await makeCustomer(cookie, { name: "Otto Old" });
    const db = await getDb();
    const lastMonth = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await db.update(customer).set({ createdAt: lastMonth }).where(eq(customer.id, older.id));
    await db.update(project).set({ createdAt: lastMonth }).where(eq(project.id, old.id));
    const talk = await startWithNote(cookie, fresh.id);
    await receive(talk);
    await startWithNote(cookie, older.id);

    const res = await dashboard(cookie);
    expect(res.status).toBe(200);
    expect(res.body.open_projects).toEqual([
      {
        type: type.id,
        name: "Boiler service",
        color: expect.any(String),
        icon: "flame",
        statuses: [
          { id: 1, title: "Requested", count: 2 },
          { id: 2, title: "Scheduled", count: 2 },
        ],
      },
    ]);
    expect(res.body).toMatchObject({ my_open_projects: 2, unread_conversations: 1, new_customers: 1, new_projects: 4 });
    // No mailbox provider is configured here: the step is not offered.
    expect(res.body.first_steps).toEqual({ location: false, member: false, project_type: true, customers: true });

    // The lists the figures link to hold exactly those rows.
    const listed = (query: Record<string, string | string[]>) => call(listProjects, "GET", "/project", { cookie, query });
    expect((await listed({ type: type.id, status: "2", open: "true" })).body.items).toHaveLength(2);
    const mine = await listed({ owner: me, open: "true" });
    expect(mine.body.items.map((item: { id: string }) => item.id)).toContain(scheduled.id);
    expect(mine.body.items).toHaveLength(2);
    expect((await listed({ created_since: res.body.created_since })).body.items).toHaveLength(4);
    const customers = await call(listCustomers, "GET", "/customer", { cookie, query: { created_since: res.body.created_since } });
    expect(ids(customers)).toEqual([fresh.id]);
    const unread = await call(listConversations, "GET", "/conversation", { cookie, query: { unread: "true" } });
    expect(ids(unread)).toEqual([talk]);

    // "This week" as the member's calendar has it.
    const later = await dashboard(cookie, { created_since: new Date(Date.now() + 60_000).toISOString() });
    expect(later.body).toMatchObject({ new_customers: 0, new_projects: 0 });
    const bad = await dashboard(cookie, { created_since: "last tuesday" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "created_since", message: "Created since must be an ISO 8601 date or date and time" }]);

    await addLocation(organizationId);
    await addMember(organizationId);
    expect((await dashboard(cookie)).body.first_steps).toMatchObject({ location: true, member: true });
  });

  it("offers connecting a mailbox only when a mailbox provider is configured on the server", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    expect((await dashboard(cookie)).body.first_steps).not.toHaveProperty("mailbox");
    for (const provider of ["GOOGLE", "MICROSOFT"]) {
      const restore = pointEnv({ [`${provider}_CLIENT_ID`]: "a-client", [`${provider}_CLIENT_SECRET`]: "a-secret" });
      try {
        expect((await dashboard(cookie)).body.first_steps, provider).toMatchObject({ mailbox: false });
      } finally {
        restore();
      }
    }
  });

  it("counts at a location only what its lists show", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const type = await makeType(cookie);
    await makeProject(cookie, { type: type.id, fields: SERIAL });
    await makeCustomer(cookie, { name: "Everyone's", sharing: { default: "none", locations: [] } });
    const { email } = await addMember(organizationId, { locationId: north.id });
    const staff = await logInAs(email);
    const res = await dashboard(staff);
    expect(res.status).toBe(200);
    const customers = await call(listCustomers, "GET", "/customer", { cookie: staff });
    expect(res.body.new_customers).toBe(customers.body.items.length);
    expect(res.body.new_customers).toBe(0);
    const projects = await call(listProjects, "GET", "/project", { cookie: staff, query: { open: "true" } });
    const counted = res.body.open_projects.flatMap((entry: { statuses: { count: number }[] }) => entry.statuses.map((s) => s.count));
    expect(counted.reduce((a: number, b: number) => a + b, 0)).toBe(projects.body.items.length);
    expect(res.body.my_open_projects).toBe(0);
  });
  it("counts for each location exactly the open projects its lists show, for every kind of sharing", async () => {
    const { cookie, organizationId, view } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const closing = type.statuses.at(-1)!.id;
    const db = await getDb();
    const { north, south, others, kinds } = await reachKinds(organizationId);
    const members = {
      north: await addMember(organizationId, { locationId: north.id }),
      south: await addMember(organizationId, { locationId: south.id }),
      other: await addMember(organizationId, { locationId: others[1].id }),
    };
    const owners = [members.north.member.id, members.south.member.id, members.other.member.id, view.member.id, null];
    const statuses = [...type.statuses.map((status) => status.id), 99];
    await db.insert(project).values(
      kinds.flatMap(([locationId, sharing], kind) =>
        statuses.map((status, n) => ({
          organizationId,
          typeId: type.id,
          status,
          title: `Boiler ${kind}.${n}`,
          locationId,
          sharing,
          ownerId: owners[(kind + n) % owners.length],
        })),
      ),
    );

    const sessions = {
      north: { cookie: await logInAs(members.north.email), me: members.north.member.id },
      south: { cookie: await logInAs(members.south.email), me: members.south.member.id },
      other: { cookie: await logInAs(members.other.email), me: members.other.member.id },
      organization: { cookie, me: view.member.id },
    };
    for (const [name, { cookie: session, me }] of Object.entries(sessions)) {
      const listed = async (query: Record<string, string>) =>
        (await call(listProjects, "GET", "/project", { cookie: session, query: { ...query, limit: "100" } })).body.items.length as number;
      const res = await dashboard(session);
      expect(res.status, name).toBe(200);
      const counted = res.body.open_projects as { type: string; statuses: { id: number; count: number }[] }[];
      expect(counted.map((entry) => entry.type), name).toEqual([type.id]);
      const shown = Object.fromEntries(counted[0].statuses.map((status) => [status.id, status.count]));
      for (const status of type.statuses) {
        const expected = status.id === closing ? 0 : await listed({ type: type.id, status: String(status.id), open: "true" });
        expect(shown[status.id] ?? 0, `${name}, status ${status.id}`).toBe(expected);
      }
      expect(Object.values(shown).reduce((a, b) => a + b, 0), name).toBeGreaterThan(0);
      expect(res.body.my_open_projects, name).toBe(await listed({ owner: me, open: "true" }));
      expect(res.body.my_open_projects, name).toBeGreaterThan(0);
    }
  });
});
