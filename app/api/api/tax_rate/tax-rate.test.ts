import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { taxRate } from "@/db/schema/price-book";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getOne, PATCH } from "@/app/api/api/tax_rate/[id]/route";
import { GET as list, POST } from "@/app/api/api/tax_rate/route";
import { call } from "@/test/api";
import { invalid, permission } from "@/test/answers";
import { addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Rate = { id: string; name: string; percent: number; category: string; default: boolean; status: string; vat_code: string; exemption_reason: string | null };

async function rates(cookie: string, query: Record<string, string> = {}): Promise<Rate[]> {
  const res = await call(list, "GET", "/tax_rate", { cookie, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

async function organizationIn(country: string | null) {
  const org = await signUpOrganization(mailbox);
  await setOrganizationCountry(org.organizationId, country);
  return org;
}

describe("tax rates", () => {
  it("gives a new organization its country's rates on first read, once, the standard one the default", async () => {
    const gb = await organizationIn("GB");
    const first = await rates(gb.cookie);
    expect(first.map((rate) => [rate.name, rate.percent, rate.category, rate.vat_code, rate.default])).toEqual([
      ["Standard rate", 20, "standard", "S", true],
      ["Reduced rate", 5, "reduced", "S", false],
      ["Zero rate", 0, "zero", "Z", false],
    ]);
    expect((await rates(gb.cookie)).map((rate) => rate.id)).toEqual(first.map((rate) => rate.id));

    const fr = await organizationIn("FR");
    expect((await rates(fr.cookie)).map((rate) => rate.percent)).toEqual([20, 10, 5.5]);
    const de = await organizationIn("DE");
    expect((await rates(de.cookie)).map((rate) => rate.percent)).toEqual([19, 7]);
    const us = await organizationIn("US");
    expect((await rates(us.cookie)).map((rate) => [rate.name, rate.percent, rate.default])).toEqual([["No tax", 0, true]]);

    const entries = await call(getHistory, "GET", "/history", { cookie: gb.cookie, query: { type: "tax_rate", id: first[0].id } });
    expect(entries.body.items).toEqual([expect.objectContaining({ action: "created", member: null, changes: expect.objectContaining({ percent: [null, 20] }) })]);
  });

  it("keeps percentages exact and checks category, rate and reason together", async () => {
    const { cookie } = await organizationIn("FR");
    const made = await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Super-reduced", percent: "2.1", category: "reduced" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ percent: 2.1, category: "reduced", default: false, status: "active" });
    const db = await getDb();
    const [row] = await db.select().from(taxRate).where(eq(taxRate.id, made.body.id));
    expect(row.percentMilli).toBe(2100);

    expect(await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Odd", percent: 1.2345, category: "standard" } })).toMatchObject({
      status: 400,
      body: invalid("percent", "Give a percentage with at most three decimals"),
    });
    expect(await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Exempt", category: "exempt" } })).toMatchObject({
      status: 400,
      body: invalid("exemption_reason", "Say why no tax is charged"),
    });
    expect(await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Zero", percent: 5, category: "zero" } })).toMatchObject({ status: 400 });
    const exempt = await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Exempt", category: "exempt", exemption_reason: "Art. 261 CGI" } });
    expect(exempt.body).toMatchObject({ percent: 0, vat_code: "E", exemption_reason: "Art. 261 CGI" });
    const reverse = await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Reverse charge", category: "reverse_charge" } });
    expect(reverse.body).toMatchObject({ percent: 0, vat_code: "AE" });
    const intraCommunity = await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Intra-community supply", category: "intra_community" } });
    expect(intraCommunity.body).toMatchObject({ percent: 0, vat_code: "K", category: "intra_community" });
    expect(await call(POST, "POST", "/tax_rate", { cookie, body: { name: "K", percent: 19, category: "intra_community" } })).toMatchObject({ status: 400 });
  });

  it("holds exactly one default: a new default replaces the old, and the default cannot be archived or un-made", async () => {
    const { cookie, organizationId } = await organizationIn("DE");
    const [standard, reduced] = await rates(cookie);
    const patch = (id: string, body: Record<string, unknown>) => call(PATCH, "PATCH", `/tax_rate/${id}`, { cookie, params: { id }, body });

    expect(await patch(standard.id, { status: "archived" })).toMatchObject({ status: 400, body: invalid("status", "Make another rate the default before archiving this one") });
    expect((await patch(standard.id, { default: false })).status).toBe(400);

    const moved = await patch(reduced.id, { default: true });
    expect(moved.status).toBe(200);
    expect(moved.body.default).toBe(true);
    expect((await rates(cookie)).filter((rate) => rate.default).map((rate) => rate.id)).toEqual([reduced.id]);

    const archived = await patch(standard.id, { status: "archived" });
    expect(archived.body.status).toBe("archived");
    expect((await rates(cookie)).map((rate) => rate.id)).toEqual([reduced.id]);
    expect((await rates(cookie, { status: "archived" })).map((rate) => rate.id)).toEqual([standard.id]);
    expect(await patch(standard.id, { default: true })).toMatchObject({ status: 400, body: invalid("default", "An archived rate cannot be the default") });

    const made = await call(POST, "POST", "/tax_rate", { cookie, body: { name: "Neu", percent: 19, category: "standard", default: true } });
    expect(made.body.default).toBe(true);
    const db = await getDb();
    const defaults = await db.select().from(taxRate).where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.isDefault, true)));
    expect(defaults.map((row) => row.id)).toEqual([made.body.id]);
    expect((await rates(cookie)).filter((rate) => rate.default).map((rate) => rate.id)).toEqual([made.body.id]);

    const history = await call(getHistory, "GET", "/history", { cookie, query: { type: "tax_rate", id: reduced.id } });
    expect(history.body.items.map((entry: { changes: unknown }) => entry.changes)).toEqual([{ default: [true, false] }, { default: [false, true] }, expect.anything()]);
  });

  it("changes the category with what it brings, and records each change", async () => {
    const { cookie } = await organizationIn("GB");
    const [, reduced] = await rates(cookie);
    const id = reduced.id;
    const exempt = await call(PATCH, "PATCH", `/tax_rate/${id}`, { cookie, params: { id }, body: { category: "exempt", exemption_reason: "Education" } });
    expect(exempt.body).toMatchObject({ category: "exempt", percent: 0, exemption_reason: "Education", vat_code: "E" });
    const back = await call(PATCH, "PATCH", `/tax_rate/${id}`, { cookie, params: { id }, body: { category: "reduced" } });
    expect(back).toMatchObject({ status: 400, body: invalid("percent", "A rate that charges tax is above 0 %") });
    const again = await call(PATCH, "PATCH", `/tax_rate/${id}`, { cookie, params: { id }, body: { category: "reduced", percent: 5 } });
    expect(again.body).toMatchObject({ category: "reduced", percent: 5, exemption_reason: null });
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "tax_rate", id } });
    expect(entries.body.items[0].changes).toEqual({ category: ["exempt", "reduced"], percent: [0, 5], exemption_reason: ["Education", null] });
  });

  it("lets every member read and only admins change", async () => {
    const org = await organizationIn("GB");
    const staff = await addMember(org.organizationId, { privileges: ["customers_manage"] });
    const cookie = await logInAs(staff.email);
    const [standard] = await rates(cookie);
    expect((await call(getOne, "GET", `/tax_rate/${standard.id}`, { cookie, params: { id: standard.id } })).body.name).toBe("Standard rate");
    expect(await call(POST, "POST", "/tax_rate", { cookie, body: { name: "X", percent: 1, category: "standard" } })).toMatchObject({ status: 403, body: permission("admin") });
    expect(await call(PATCH, "PATCH", `/tax_rate/${standard.id}`, { cookie, params: { id: standard.id }, body: { name: "X" } })).toMatchObject({ status: 403 });
    const other = await organizationIn("GB");
    expect((await call(getOne, "GET", `/tax_rate/${standard.id}`, { cookie: other.cookie, params: { id: standard.id } })).status).toBe(404);
  });
});
