import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { location } from "@/db/schema/organization";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getOne, PATCH } from "@/app/api/api/customer/[id]/route";
import { GET as list, POST } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

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
    const res = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "+44 113 496 0000", name: "Oak Housing Ltd" } });
    expect(res.body).toMatchObject({ phone: "+441134960000", name: "Oak Housing Ltd" });
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "customer", id } });
    expect(entries.body.items[0].changes).toEqual({ phone: [null, "+441134960000"], name: ["Oak Housing", "Oak Housing Ltd"] });
    const found = await call(list, "GET", "/customer", { cookie, query: { search: "housing" } });
    expect(found.body.items.map((c: { name: string }) => c.name)).toEqual(["Oak Housing Ltd"]);
  });

  it("finds customers by what staff type: name, email, phone or city", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const made = async (body: object) => (await call(POST, "POST", "/customer", { cookie, body })).body.name as string;
    await made({ name: "Mia Miller", email: "mia@flatmail.test", phone: "+44 113 496 0101", city: "Leeds" });
    await made({ name: "Oak Housing", email: "office@oakhousing.test", city: "York" });
    await made({ name: "Tom Leeds" });
    const names = async (search: string) =>
      (await call(list, "GET", "/customer", { cookie, query: { search, sort: "name:asc" } })).body.items.map((c: { name: string }) => c.name);
    expect(await names("FLATMAIL")).toEqual(["Mia Miller"]);
    // Numbers are stored in E.164; a part is found by its digits, a whole number as staff write it.
    expect(await names("496 0101")).toEqual(["Mia Miller"]);
    expect(await names("+44 (0)113 496-0101")).toEqual(["Mia Miller"]);
    expect(await names("york")).toEqual(["Oak Housing"]);
    expect(await names("leeds")).toEqual(["Mia Miller", "Tom Leeds"]);
    expect(await names("nobody")).toEqual([]);
  });

  it("pages a location's view of shared and own customers in one order, by skip or page", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const db = await getDb();
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1, 0, i));
    // Interleaved: South's own, shared with everyone, shared with South by name, hidden from South, North-only.
    const sharings = [
      { locationId: south.id, sharing: { default: "none", locations: [] } },
      { locationId: north.id, sharing: { default: "view", locations: [] } },
      { locationId: north.id, sharing: { default: "none", locations: [{ id: south.id, level: "view" }] } },
      { locationId: north.id, sharing: { default: "edit", locations: [{ id: south.id, level: "none" }] } },
      { locationId: north.id, sharing: { default: "none", locations: [] } },
      { locationId: null, sharing: { default: "view", locations: [] } },
    ] as const;
    const rows = await db
      .insert(customer)
      .values(
        Array.from({ length: 18 }, (_, i) => ({
          organizationId,
          name: `Customer ${String(i).padStart(2, "0")}`,
          createdAt: at(i),
          ...sharings[i % sharings.length],
          sharing: { ...sharings[i % sharings.length].sharing, locations: [...sharings[i % sharings.length].sharing.locations] },
        })),
      )
      .returning();
    const visible = rows.filter((_, i) => ![3, 4].includes(i % sharings.length)).map((row) => row.name).reverse();
    const staff = await logInAs((await addMember(organizationId, { locationId: south.id })).email);
    const page = async (query: Record<string, string>) =>
      (await call(list, "GET", "/customer", { cookie: staff, query: { limit: "4", ...query } })).body as { items: { name: string }[]; more: boolean };
    const bySkip: string[] = [];
    for (let skip = 0; ; skip += 4) {
      const answer = await page({ skip: String(skip) });
      bySkip.push(...answer.items.map((item) => item.name));
      if (!answer.more) break;
    }
    expect(bySkip).toEqual(visible);
    expect((await page({ page: "2" })).items.map((item) => item.name)).toEqual(visible.slice(8, 12));
    expect((await page({ page: "1", sort: "name:asc" })).items.map((item) => item.name)).toEqual([...visible].sort().slice(4, 8));
    // Spec §7 spells the sharing filter `shared`: the same filter, not both at once.
    const ownOnly = await page({ sharing: "exclude", limit: "100" });
    expect((await page({ shared: "exclude", limit: "100" })).items).toEqual(ownOnly.items);
    expect(ownOnly.items.length).toBeGreaterThan(0);
    expect(ownOnly.items.length).toBeLessThan(visible.length);
    const both = await call(list, "GET", "/customer", { cookie: staff, query: { shared: "exclude", sharing: "include" } });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ path: "shared", message: "Give the sharing filter once, as sharing or as shared" }]);
    const wrong = await call(list, "GET", "/customer", { cookie: staff, query: { shared: "nobody" } });
    expect(wrong.body.errors.map((e: { path: string }) => e.path)).toEqual(["sharing"]);
    // At organization level every row shows, in the same order.
    const all = await call(list, "GET", "/customer", { cookie, query: { limit: "5", skip: "5" } });
    expect(all.body.items.map((item: { name: string }) => item.name)).toEqual(rows.map((row) => row.name).reverse().slice(5, 10));
  });

  it("pages by the next cursor through the same rows as by skip, ties and microseconds included", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const db = await getDb();
    // Pairs share a creation time to the microsecond, and names repeat: the id breaks the ties.
    await db.insert(customer).values(
      Array.from({ length: 11 }, (_, i) => ({
        organizationId,
        name: `Customer ${i % 4}`,
        createdAt: sql`'2030-01-01 00:00:00.000001+00'::timestamptz + make_interval(secs => ${Math.floor(i / 2)} * 0.000001)`,
      })),
    );
    const read = async (query: Record<string, string>) => {
      const res = await call(list, "GET", "/customer", { cookie, query: { limit: "3", ...query } });
      expect(res.status).toBe(200);
      return res.body as { items: { id: string }[]; more: boolean; next?: string };
    };
    for (const sort of ["created:desc", "created:asc", "name:asc", "name:desc"]) {
      const bySkip = (await read({ sort, limit: "100" })).items.map((item) => item.id);
      const byCursor: string[] = [];
      let after: string | undefined;
      for (;;) {
        const answer = await read(after ? { sort, after } : { sort });
        byCursor.push(...answer.items.map((item) => item.id));
        expect(answer.next === undefined).toBe(!answer.more);
        if (!answer.more) break;
        after = answer.next;
      }
      expect(byCursor).toEqual(bySkip);
    }

    const first = await read({});
    const refused = async (query: Record<string, string>) => {
      const res = await call(list, "GET", "/customer", { cookie, query });
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await refused({ after: first.next!, sort: "name:asc" })).toEqual([
      { path: "after", message: "After must be the next cursor of a page of this list, in the same sort order" },
    ]);
    expect(await refused({ after: first.next!, skip: "3" })).toEqual([{ path: "after", message: "After cannot be combined with skip or page" }]);
    expect(await refused({ after: "not a cursor" })).toHaveLength(1);
    // A cursor the server did not write is refused before any SQL, whatever it holds.
    const forged = Buffer.from(JSON.stringify(["created:desc", "not a time", first.items[2].id])).toString("base64url");
    expect(await refused({ after: `${forged}.${first.next!.split(".")[1]}` })).toHaveLength(1);
    expect(await refused({ after: forged })).toHaveLength(1);
  });

  it("lists a customer shared with hundreds of named locations by its sharing", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const db = await getDb();
    const places = await db
      .insert(location)
      .values(Array.from({ length: 200 }, (_, i) => ({ organizationId, name: `Branch ${i}` })))
      .returning();
    const [north, south, ...others] = places;
    const named = (level: "view" | "none") => [...others.map((place) => ({ id: place.id, level: "view" as const })), { id: south.id, level }];
    const make = async (name: string, sharing: { default: string; locations: object[] }) => {
      const made = await call(POST, "POST", "/customer", { cookie, body: { name } });
      const id = made.body.id;
      await db.update(customer).set({ locationId: north.id }).where(eq(customer.id, id));
      // A new default empties the named list, so the default goes first.
      for (const body of [{ sharing: { default: sharing.default } }, { sharing }]) {
        const res = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      return id;
    };
    await make("Named for South", { default: "none", locations: named("view") });
    await make("Hidden from South", { default: "view", locations: named("none") });
    const others_ = await make("Others only", { default: "none", locations: others.map((place) => ({ id: place.id, level: "edit" })) });
    await make("Everyone", { default: "view", locations: others.map((place) => ({ id: place.id, level: "view" })) });
    const [row] = await db.select({ audience: customer.audience }).from(customer).where(eq(customer.id, others_));
    expect(row.audience).toEqual([north.id, "?"]);
    const staff = await logInAs((await addMember(organizationId, { locationId: south.id })).email);
    const names = async (who: string, query: Record<string, string> = {}) =>
      (await call(list, "GET", "/customer", { cookie: who, query: { sort: "name:asc", ...query } })).body.items.map((c: { name: string }) => c.name);
    expect(await names(staff)).toEqual(["Everyone", "Named for South"]);
    expect(await names(staff, { sharing: "shared_only" })).toEqual(["Everyone", "Named for South"]);
    expect(await names(staff, { sharing: "exclude" })).toEqual([]);
    const northStaff = await logInAs((await addMember(organizationId, { locationId: north.id })).email);
    expect(await names(northStaff)).toEqual(["Everyone", "Hidden from South", "Named for South", "Others only"]);
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
