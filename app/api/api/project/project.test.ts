import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as getOne } from "@/app/api/api/project/[id]/route";
import { GET as list, POST } from "@/app/api/api/project/route";
import { call } from "@/test/api";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { historyOf, makeProject, makeType, patchProjectAs, patchProjectType, paths } from "@/test/projects";

const mailbox = useSmtpCatcher();

const SERIAL = { id: 1, value: "AB1234" };
const stored = async (id: string) => (await (await getDb()).select().from(project).where(eq(project.id, id)))[0];

describe("POST /project", () => {
  it("creates a project at the type's first status, dropping empty values, with history", async () => {
    const { cookie, view } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const customer = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Mia Miller" } });
    const res = await call(POST, "POST", "/project", {
      cookie,
      body: { title: " Boiler at No. 7 ", type: type.id, fields: [SERIAL, { id: 2, value: "  " }], owner: view.member.id, customer: customer.body.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Boiler at No. 7", description: "", type: type.id, status: 1, fields: [SERIAL] });
    expect(res.body).toMatchObject({ owner: view.member.id, customer: customer.body.id, location: null });
    const [created] = await historyOf(cookie, "project", res.body.id);
    expect(created.changes).toMatchObject({ title: [null, "Boiler at No. 7"], status: [null, 1], type: [null, type.id] });
  });

  it("validates custom fields against the type: required, pattern, unknown id", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const create = (body: object) => call(POST, "POST", "/project", { cookie, body: { title: "T", type: type.id, ...body } });
    const missing = await create({ fields: [{ id: 1, value: "" }] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "fields", message: "Serial number is required" }]);
    const wrong = await create({ fields: [{ id: 2, value: "ok" }, { id: 1, value: "ab1234" }] });
    expect(wrong.body.errors).toEqual([{ path: "fields.1.value", message: "Serial number does not have the expected format" }]);
    const unknown = await create({ fields: [SERIAL, { id: 9, value: "x" }] });
    expect(unknown.body.errors).toEqual([{ path: "fields.1.id", message: "This project type has no field 9" }]);
    expect(paths(await create({ fields: [SERIAL], status: 7 }))).toEqual(["status"]);
    const db = await getDb();
    expect(await db.select().from(project).where(eq(project.organizationId, organizationId))).toEqual([]);
  });

  it("refuses removed or foreign types, inactive owners and foreign customers", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const type = await makeType(cookie);
    const removed = await makeType(cookie, {}, "Old");
    await patchProjectType(cookie, removed.id, { status: "removed" });
    const foreignType = await makeType(other.cookie);
    const foreignCustomer = await call(postCustomer, "POST", "/customer", { cookie: other.cookie, body: { name: "Theirs" } });
    const gone = await addMember(organizationId, { status: "removed" });
    const create = (body: object) => call(POST, "POST", "/project", { cookie, body: { title: "T", fields: [SERIAL], ...body } });
    expect((await create({ type: removed.id })).body.errors).toEqual([{ path: "type", message: "This project type has been removed" }]);
    expect((await create({ type: foreignType.id })).body.errors).toEqual([{ path: "type", message: "This project type does not exist" }]);
    expect(paths(await create({ type: type.id, owner: gone.member.id }))).toEqual(["owner"]);
    expect(paths(await create({ type: type.id, customer: foreignCustomer.body.id }))).toEqual(["customer"]);
    expect(paths(await create({ type: "nope", colour: "red" })).sort()).toEqual(["", "type"]);
  });
});

describe("PATCH /project", () => {
  it("changes the status the way the board does, only to a status of the type", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const made = await makeProject(cookie, { type: type.id, fields: [SERIAL] });
    const moved = await patchProjectAs(cookie, made.id, { status: 3 });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe(3);
    expect((await stored(made.id)).status).toBe(3);
    const bad = await patchProjectAs(cookie, made.id, { status: 4 });
    expect(bad.body.errors).toEqual([{ path: "status", message: "Status 4 is not a status of Boiler service" }]);
    const [entry] = await historyOf(cookie, "project", made.id);
    expect(entry.changes).toEqual({ status: [1, 3] });
  });

  it("resets status and field values when the type changes, unless values for the new type come along", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const boiler = await makeType(cookie);
    const gutters = await makeType(cookie, { statuses: [{ id: 4, title: "Booked" }, { id: 5, title: "Cleaned" }], fields: [{ id: 1, title: "Length" }] }, "Gutters");
    const made = await makeProject(cookie, { type: boiler.id, status: 2, fields: [SERIAL, { id: 2, value: "Loft" }] });
    const changed = await patchProjectAs(cookie, made.id, { type: gutters.id });
    expect(changed.body).toMatchObject({ type: gutters.id, status: 4, fields: [] });
    const [entry] = await historyOf(cookie, "project", made.id);
    expect(entry.changes).toEqual({ type: [boiler.id, gutters.id], status: [2, 4], fields: [[SERIAL, { id: 2, value: "Loft" }], []] });

    const back = await patchProjectAs(cookie, made.id, { type: boiler.id, status: 3 });
    expect(back.body.errors).toEqual([{ path: "fields", message: "Serial number is required" }]);
    expect((await stored(made.id)).typeId).toBe(gutters.id);
    const withValues = await patchProjectAs(cookie, made.id, { type: boiler.id, status: 3, fields: [{ id: 1, value: "CD9876" }] });
    expect(withValues.body).toMatchObject({ type: boiler.id, status: 3, fields: [{ id: 1, value: "CD9876" }] });
    expect(paths(await patchProjectAs(cookie, made.id, { fields: [{ id: 1, value: "bad" }] }))).toEqual(["fields.0.value"]);
  });
});

describe("GET /project", () => {
  it("filters by status numbers, type, owner and customer; sorts by title; searches", async () => {
    const { cookie, organizationId, view } = await signUpOrganization(mailbox);
    const boiler = await makeType(cookie);
    const gutters = await makeType(cookie, { statuses: [{ id: 1, title: "Booked" }] }, "Gutters");
    const customer = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Mia" } });
    const other = await addMember(organizationId);
    await makeProject(cookie, { title: "beta boiler", type: boiler.id, status: 2, fields: [SERIAL], owner: view.member.id });
    await makeProject(cookie, { title: "Alpha boiler", type: boiler.id, fields: [SERIAL], customer: customer.body.id });
    await makeProject(cookie, { title: "Gamma gutters", type: gutters.id, owner: other.member.id });
    const titles = async (query: Record<string, string | string[]>) =>
      (await call(list, "GET", "/project", { cookie, query: { sort: "title:asc", ...query } })).body.items.map((p: { title: string }) => p.title);
    expect(await titles({})).toEqual(["Alpha boiler", "beta boiler", "Gamma gutters"]);
    expect(await titles({ sort: "title:desc" })).toEqual(["Gamma gutters", "beta boiler", "Alpha boiler"]);
    expect(await titles({ status: "2" })).toEqual(["beta boiler"]);
    expect(await titles({ "status[]": ["1", "2"], type: boiler.id })).toEqual(["Alpha boiler", "beta boiler"]);
    expect(await titles({ owner: [view.member.id, other.member.id] })).toEqual(["beta boiler", "Gamma gutters"]);
    expect(await titles({ customer: customer.body.id })).toEqual(["Alpha boiler"]);
    expect(await titles({ search: "BOILER" })).toEqual(["Alpha boiler", "beta boiler"]);
    // Open until the type's last status; a type with one status never closes.
    await makeProject(cookie, { title: "Delta boiler", type: boiler.id, status: boiler.statuses.at(-1)!.id, fields: [SERIAL] });
    expect(await titles({ open: "true" })).toEqual(["Alpha boiler", "beta boiler", "Gamma gutters"]);
    expect(await titles({ open: "false" })).toEqual(["Delta boiler"]);
    const bad = await call(list, "GET", "/project", { cookie, query: { status: "open", type: "x", open: "yes" } });
    expect(bad.body.errors).toEqual([
      { path: "status.0", message: "Status must be a number" },
      { path: "type.0", message: "Type must be an id" },
      { path: "open", message: "Open is true or false" },
    ]);
    const one = await call(list, "GET", "/project", { cookie, query: { limit: "1" } });
    expect(one.body).toMatchObject({ items: [{ title: "Delta boiler" }], more: true });
    const id = one.body.items[0].id;
    expect((await call(getOne, "GET", `/project/${id}`, { cookie, params: { id } })).body.owner).toBe(null);
  });
});
