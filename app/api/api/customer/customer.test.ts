import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getOne, PATCH } from "@/app/api/api/customer/[id]/route";
import { GET as list, POST } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useMailbox } from "@/test/mailbox";

const mailbox = useMailbox();

describe("customers", () => {
  it("creates an individual by default, with empty optional fields as none", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/customer", {
      cookie,
      body: { name: "Mia Miller", phone: "", email: " MIA@Example.test ", city: "Leeds" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "individual", name: "Mia Miller", phone: null, email: "mia@example.test", city: "Leeds" });
    const got = await call(getOne, "GET", `/customer/${res.body.id}`, { cookie, params: { id: res.body.id } });
    expect(got.body.email).toBe("mia@example.test");
  });

  it("validates type, name and email", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(POST, "POST", "/customer", { cookie, body: { type: "company", email: "nope" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["email", "name", "type"]);
  });

  it("updates with history and finds by search", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const made = await call(POST, "POST", "/customer", { cookie, body: { type: "organization", name: "Oak Housing" } });
    const id = made.body.id;
    const res = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "0113 496 0000", name: "Oak Housing Ltd" } });
    expect(res.body).toMatchObject({ phone: "0113 496 0000", name: "Oak Housing Ltd" });
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "customer", id } });
    expect(entries.body.items[0].changes).toEqual({ phone: [null, "0113 496 0000"], name: ["Oak Housing", "Oak Housing Ltd"] });
    const found = await call(list, "GET", "/customer", { cookie, query: { search: "housing" } });
    expect(found.body.items.map((c: { name: string }) => c.name)).toEqual(["Oak Housing Ltd"]);
  });

  it("finds customers by what staff type: name, email, phone or city", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const made = async (body: object) => (await call(POST, "POST", "/customer", { cookie, body })).body.name as string;
    await made({ name: "Mia Miller", email: "mia@flatmail.test", phone: "0113 496 0101", city: "Leeds" });
    await made({ name: "Oak Housing", email: "office@oakhousing.test", city: "York" });
    await made({ name: "Tom Leeds" });
    const names = async (search: string) =>
      (await call(list, "GET", "/customer", { cookie, query: { search, sort: "name:asc" } })).body.items.map((c: { name: string }) => c.name);
    expect(await names("FLATMAIL")).toEqual(["Mia Miller"]);
    expect(await names("496 0101")).toEqual(["Mia Miller"]);
    expect(await names("york")).toEqual(["Oak Housing"]);
    expect(await names("leeds")).toEqual(["Mia Miller", "Tom Leeds"]);
    expect(await names("nobody")).toEqual([]);
  });

  it("needs customers_manage to create or edit; everyone reads", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const made = await call(POST, "POST", "/customer", { cookie, body: { name: "Kept" } });
    const staff = await addMember(organizationId, { privileges: ["projects_manage"] });
    const staffCookie = await logInAs(staff.email);
    const denied = await call(POST, "POST", "/customer", { cookie: staffCookie, body: { name: "Nope" } });
    expect(denied.body).toEqual({ status: 403, message: "Permission required", permission: "customers_manage" });
    const id = made.body.id;
    expect((await call(PATCH, "PATCH", `/customer/${id}`, { cookie: staffCookie, params: { id }, body: { name: "Changed" } })).status).toBe(403);
    const db = await getDb();
    const rows = await db.select().from(customer).where(eq(customer.organizationId, organizationId));
    expect(rows.map((r) => r.name)).toEqual(["Kept"]);
    expect((await call(getOne, "GET", `/customer/${id}`, { cookie: staffCookie, params: { id } })).status).toBe(200);
  });

  it("hides another organization's customers", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await call(POST, "POST", "/customer", { cookie: other.cookie, body: { name: "Secret" } });
    const id = theirs.body.id;
    expect((await call(getOne, "GET", `/customer/${id}`, { cookie: mine.cookie, params: { id } })).status).toBe(404);
    expect((await call(PATCH, "PATCH", `/customer/${id}`, { cookie: mine.cookie, params: { id }, body: { name: "x" } })).status).toBe(404);
    expect((await call(list, "GET", "/customer", { cookie: mine.cookie })).body.items).toEqual([]);
  });
});
