import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { GET as getOrganization, PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { PATCH } from "@/app/api/api/customer/[id]/route";
import { GET as list, POST } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function organizationIn(country: string | null) {
  const org = await signUpOrganization(mailbox);
  const id = org.organizationId;
  const res = await call(patchOrganization, "PATCH", `/organization/${id}`, { cookie: org.cookie, params: { id }, body: { country } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

const create = (cookie: string, body: object) => call(POST, "POST", "/customer", { cookie, body: { name: "Ida Example", ...body } });

describe("customer phone numbers", () => {
  it("refuses what is not a phone number at phone, on create and on update", async () => {
    const { cookie, organizationId } = await organizationIn("DE");
    const refused = await create(cookie, { phone: "call me maybe" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
    expect(await create(cookie, { phone: "123" }).then((res) => res.body.errors)).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
    expect((await create(cookie, { phone: "+49".padEnd(51, "1") })).body.errors).toEqual([{ path: "phone", message: "At most 50 characters" }]);

    const made = await create(cookie, { phone: "030 123456" });
    const id = made.body.id;
    const patched = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "call me maybe" } });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
    const db = await getDb();
    const rows = await db.select({ phone: customer.phone }).from(customer).where(eq(customer.organizationId, organizationId));
    expect(rows).toEqual([{ phone: "+4930123456" }]);
  });

  it("stores E.164, reading a number without a country code as one of the organization's country", async () => {
    const { cookie, organizationId } = await organizationIn("DE");
    const org = await call(getOrganization, "GET", `/organization/${organizationId}`, { cookie, params: { id: organizationId } });
    expect(org.body.country).toBe("DE");
    expect((await create(cookie, { phone: " 030 123456 " })).body.phone).toBe("+4930123456");
    expect((await create(cookie, { phone: "0049 (30) 123-456" })).body.phone).toBe("+4930123456");
    expect((await create(cookie, { phone: "+44 20 7946 0000" })).body.phone).toBe("+442079460000");
    const made = await create(cookie, {});
    const id = made.body.id;
    const patched = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "0176 12345678" } });
    expect(patched.body.phone).toBe("+4917612345678");
    // The same number written another way is no change.
    const again = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "+49 176 1234 5678" } });
    expect(again.body.updated).toBe(patched.body.updated);
  });

  it("takes every number that can be one of the country's, as a mobile not yet in the library or a drama number", async () => {
    const { cookie, organizationId } = await organizationIn("GB");
    // Possible for the UK (right length, right prefix) though the library lists neither range as assigned.
    const mobile = await create(cookie, { name: "Mobile", phone: "07911 444555" });
    expect(mobile.status, JSON.stringify(mobile.body)).toBe(201);
    expect(mobile.body.phone).toBe("+447911444555");
    expect((await create(cookie, { name: "Drama", phone: "07700 900123" })).body.phone).toBe("+447700900123");
    expect((await create(cookie, { name: "Drama abroad", phone: "+44 7700 900456" })).body.phone).toBe("+447700900456");
    const id = mobile.body.id;
    const patched = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { phone: "07700 900999" } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.phone).toBe("+447700900999");
    // What cannot be a number of the country still is refused: too short (also where the library would keep the trunk 0), too long, letters.
    for (const phone of ["0791", "0113 496", "07911 444555 444", "call me maybe"]) {
      const refused = await create(cookie, { name: "Nobody", phone });
      expect(refused.status, phone).toBe(400);
      expect(refused.body.errors).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
    }
    const db = await getDb();
    const rows = await db.select({ name: customer.name, phone: customer.phone }).from(customer).where(eq(customer.organizationId, organizationId));
    expect(rows.map((row) => row.phone).sort()).toEqual(["+447700900123", "+447700900456", "+447700900999"]);
  });

  it("without a country, takes only numbers with a country code", async () => {
    const { cookie, organizationId } = await organizationIn(null);
    const refused = await create(cookie, { phone: "030 123456" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "phone", message: "Add the country code, like +49 30 1234567, or set the organization's country in organization settings" },
    ]);
    expect((await create(cookie, { phone: "call me maybe" })).body.errors).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
    expect((await create(cookie, { phone: "+49 30 123456" })).body.phone).toBe("+4930123456");
    // Setting the country afterwards reads such numbers from then on.
    const id = organizationId;
    await call(patchOrganization, "PATCH", `/organization/${id}`, { cookie, params: { id }, body: { country: "GB" } });
    expect((await create(cookie, { phone: "0113 496 0000" })).body.phone).toBe("+441134960000");
  });

  it("takes only known countries for the organization, and none", async () => {
    const { cookie, organizationId: id } = await organizationIn("GB");
    const patch = (country: unknown) => call(patchOrganization, "PATCH", `/organization/${id}`, { cookie, params: { id }, body: { country } });
    for (const country of ["ZZ", "gb", "GBR", "", 49]) {
      const res = await patch(country);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: "country", message: "Choose a country from the list" }]);
    }
    expect((await patch(null)).body.country).toBeNull();
  });
});

describe("GET /customer by exact email or phone", () => {
  it("finds the active customers with that email or number, however the number is written", async () => {
    const { cookie } = await organizationIn("DE");
    const ida = (await create(cookie, { name: "Ida Example", email: "ida@example.test", phone: "030 123456" })).body;
    await create(cookie, { name: "Ida's neighbour", email: "ida.n@example.test", phone: "030 1234567" });
    const gone = (await create(cookie, { name: "Former Ida", email: "ida@example.test" })).body;
    await call(PATCH, "PATCH", `/customer/${gone.id}`, { cookie, params: { id: gone.id }, body: { status: "removed" } });
    const names = async (query: Record<string, string>) => {
      const res = await call(list, "GET", "/customer", { cookie, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((item: { name: string }) => item.name);
    };
    expect(await names({ email: " IDA@Example.test" })).toEqual(["Ida Example"]);
    expect(await names({ email: "ida@example.test", status: "removed" })).toEqual(["Former Ida"]);
    expect(await names({ phone: "+49 30 123456" })).toEqual(["Ida Example"]);
    expect(await names({ phone: "030/123456" })).toEqual(["Ida Example"]);
    expect(await names({ phone: "030 123456", id: ida.id })).toEqual(["Ida Example"]);
    expect(await names({ phone: "030 7654321" })).toEqual([]);
    expect(await names({ email: "ida@example.test", phone: "030 1234567" })).toEqual([]);

    const bad = await call(list, "GET", "/customer", { cookie, query: { email: "ida", phone: "call me maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "email", message: "Enter a valid email address" }]);
    const badPhone = await call(list, "GET", "/customer", { cookie, query: { phone: "call me maybe" } });
    expect(badPhone.body.errors).toEqual([{ path: "phone", message: "Enter a valid phone number" }]);
  });

  it("keeps organization, location and sharing rules", async () => {
    const org = await organizationIn("DE");
    const north = await addLocation(org.organizationId, "North");
    const south = await addLocation(org.organizationId, "South");
    const made = (await create(org.cookie, { name: "Ida Example", email: "ida@example.test", phone: "030 123456" })).body;
    const db = await getDb();
    await db.update(customer).set({ locationId: north.id }).where(eq(customer.id, made.id));
    const other = await organizationIn("DE");
    await create(other.cookie, { name: "Other Ida", email: "ida@example.test", phone: "030 123456" });

    const names = async (cookie: string, query: Record<string, string>) =>
      (await call(list, "GET", "/customer", { cookie, query })).body.items.map((item: { name: string }) => item.name);
    const southStaff = await logInAs((await addMember(org.organizationId, { locationId: south.id })).email);
    const northStaff = await logInAs((await addMember(org.organizationId, { locationId: north.id })).email);
    for (const query of [{ email: "ida@example.test" }, { phone: "030 123456" }] as Record<string, string>[]) {
      expect(await names(org.cookie, query)).toEqual(["Ida Example"]);
      expect(await names(northStaff, query)).toEqual(["Ida Example"]);
      expect(await names(southStaff, query)).toEqual([]);
    }
    await call(PATCH, "PATCH", `/customer/${made.id}`, { cookie: org.cookie, params: { id: made.id }, body: { sharing: { default: "view" } } });
    expect(await names(southStaff, { phone: "+4930123456" })).toEqual(["Ida Example"]);
  });
});
