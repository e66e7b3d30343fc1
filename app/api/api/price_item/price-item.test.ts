import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { priceItem } from "@/db/schema/price-book";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as categories } from "@/app/api/api/price_item/categories/route";
import { POST as importItems } from "@/app/api/api/price_item/import/route";
import { GET as getOne, PATCH } from "@/app/api/api/price_item/[id]/route";
import { GET as list, POST } from "@/app/api/api/price_item/route";
import { PATCH as patchRate } from "@/app/api/api/tax_rate/[id]/route";
import { GET as listRates } from "@/app/api/api/tax_rate/route";
import { call } from "@/test/api";
import { invalid, permission } from "@/test/answers";
import { addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function shop(country = "GB") {
  const org = await signUpOrganization(mailbox);
  await setOrganizationCountry(org.organizationId, country);
  const rates = (await call(listRates, "GET", "/tax_rate", { cookie: org.cookie })).body.items as { id: string; name: string; default: boolean }[];
  return { ...org, rates };
}

const create = async (cookie: string, body: Record<string, unknown>) => {
  const res = await call(POST, "POST", "/price_item", { cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((item) => item.name).sort();

describe("price items", () => {
  it("stores price and cost in minor units, with the default rate and the markup they make", async () => {
    const { cookie, rates } = await shop();
    const item = await create(cookie, { name: "Call-out", unit: "flat", unit_price: 8500, unit_cost: 5000 });
    expect(item).toMatchObject({ name: "Call-out", unit: "flat", unit_price: 8500, unit_cost: 5000, markup: 70, tax_rate: rates.find((rate) => rate.default)!.id, status: "active" });
    const db = await getDb();
    const [row] = await db.select().from(priceItem).where(eq(priceItem.id, item.id));
    expect([row.unitPrice, row.unitCost]).toEqual([8500, 5000]);
  });

  it("takes the price from cost and markup, and refuses a price that disagrees", async () => {
    const { cookie } = await shop();
    const item = await create(cookie, { name: "Copper pipe", unit: "metre", unit_cost: 333, markup: 33.333 });
    // 3.33 × 1.33333 = 4.4399889 → 4.44
    expect(item).toMatchObject({ unit_price: 444, unit_cost: 333 });
    expect(await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "piece", unit_cost: 1000, markup: 50, unit_price: 1600 } })).toMatchObject({
      status: 400,
      body: invalid("markup", "The unit price and the markup do not agree: give one of them"),
    });
    expect(await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "piece", markup: 50 } })).toMatchObject({
      status: 400,
      body: invalid("unit_cost", "A markup needs a unit cost"),
    });
    expect((await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "piece", unit_price: 12.5 } })).status).toBe(400);
    expect((await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "yard", unit_price: 100 } })).status).toBe(400);

    const id = item.id;
    const raised = await call(PATCH, "PATCH", `/price_item/${id}`, { cookie, params: { id }, body: { markup: 50 } });
    expect(raised.body).toMatchObject({ unit_price: 500, unit_cost: 333 });
    const recosted = await call(PATCH, "PATCH", `/price_item/${id}`, { cookie, params: { id }, body: { unit_cost: 400 } });
    expect(recosted.body).toMatchObject({ unit_price: 500, unit_cost: 400, markup: 25 });
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "price_item", id } });
    expect(entries.body.items.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { unit_cost: [333, 400] },
      { unit_price: [444, 500] },
      expect.objectContaining({ name: [null, "Copper pipe"], unit_price: [null, 444] }),
    ]);
  });

  it("names only active tax rates of the organization", async () => {
    const { cookie, rates } = await shop();
    const other = await shop();
    expect(await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "piece", unit_price: 1, tax_rate: other.rates[0].id } })).toMatchObject({
      status: 400,
      body: invalid("tax_rate", "Choose a tax rate of the organization"),
    });
    const reduced = rates.find((rate) => !rate.default)!;
    const item = await create(cookie, { name: "Insulation", unit: "square_metre", unit_price: 1200, tax_rate: reduced.id });
    expect(item.tax_rate).toBe(reduced.id);
    await call(patchRate, "PATCH", `/tax_rate/${reduced.id}`, { cookie, params: { id: reduced.id }, body: { status: "archived" } });
    expect(await call(PATCH, "PATCH", `/price_item/${item.id}`, { cookie, params: { id: item.id }, body: { tax_rate: reduced.id, name: "Loft insulation" } })).toMatchObject({
      status: 400,
      body: invalid("tax_rate", "This tax rate is archived"),
    });
  });

  it("searches name, description and category, filters by category and status, and pages", async () => {
    const { cookie } = await shop();
    await create(cookie, { name: "Boiler service", description: "Annual check", unit: "flat", unit_price: 9000, category: "Heating" });
    await create(cookie, { name: "Radiator valve", unit: "piece", unit_price: 1500, category: "Heating" });
    await create(cookie, { name: "Labour", unit: "hour", unit_price: 4500, category: "Labour" });
    const old = await create(cookie, { name: "Old tap", unit: "piece", unit_price: 900, category: "Plumbing" });
    await call(PATCH, "PATCH", `/price_item/${old.id}`, { cookie, params: { id: old.id }, body: { status: "archived" } });

    expect(names(await call(list, "GET", "/price_item", { cookie, query: { search: "annual" } }))).toEqual(["Boiler service"]);
    expect(names(await call(list, "GET", "/price_item", { cookie, query: { search: "heat" } }))).toEqual(["Boiler service", "Radiator valve"]);
    expect(names(await call(list, "GET", "/price_item", { cookie, query: { category: "Labour" } }))).toEqual(["Labour"]);
    expect(names(await call(list, "GET", "/price_item", { cookie, query: { status: "archived" } }))).toEqual(["Old tap"]);
    const first = await call(list, "GET", "/price_item", { cookie, query: { sort: "name:asc", limit: "2" } });
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual(["Boiler service", "Labour"]);
    const second = await call(list, "GET", "/price_item", { cookie, query: { sort: "name:asc", limit: "2", after: first.body.next } });
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual(["Radiator valve"]);
    expect((await call(categories, "GET", "/price_item/categories", { cookie })).body.items).toEqual(["Heating", "Labour", "Plumbing"]);
    expect((await call(list, "GET", "/price_item", { cookie, query: { sharing: "include" } })).status).toBe(400);
  });

  it("lets members read and only admins change; another organization's items are not found", async () => {
    const org = await shop();
    const item = await create(org.cookie, { name: "Labour", unit: "hour", unit_price: 4500 });
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage", "customers_manage"] });
    const cookie = await logInAs(staff.email);
    expect((await call(getOne, "GET", `/price_item/${item.id}`, { cookie, params: { id: item.id } })).body.name).toBe("Labour");
    expect(await call(POST, "POST", "/price_item", { cookie, body: { name: "X", unit: "hour", unit_price: 1 } })).toMatchObject({ status: 403, body: permission("admin") });
    expect((await call(PATCH, "PATCH", `/price_item/${item.id}`, { cookie, params: { id: item.id }, body: { name: "X" } })).status).toBe(403);
    const other = await shop();
    expect((await call(getOne, "GET", `/price_item/${item.id}`, { cookie: other.cookie, params: { id: item.id } })).status).toBe(404);
    expect((await call(PATCH, "PATCH", `/price_item/${item.id}`, { cookie: other.cookie, params: { id: item.id }, body: { name: "X" } })).status).toBe(404);
  });
});

describe("price item import", () => {
  const HEADER = ["Item", "Price", "Cost", "Unit", "VAT", "Category", "ID"];
  const MAPPINGS = { name: 0, unit_price: 1, unit_cost: 2, unit: 3, tax_rate: 4, category: 5, id: 6 };
  const send = (cookie: string, rows: string[][], extra: Record<string, unknown> = {}) =>
    call(importItems, "POST", "/price_item/import", { cookie, body: importForm({ name: "items.csv", content: csvText([HEADER, ...rows]) }, { mappings: MAPPINGS, ...extra }) });

  it("adds rows as items in the organization's currency, updates those with an ID, and refuses a bad file whole", async () => {
    const { cookie, organizationId } = await shop("DE");
    const existing = await create(cookie, { name: "Anfahrt", unit: "flat", unit_price: 4000 });
    const bad = await send(cookie, [["Kupferrohr", "4,5", "3", "metre", "7", "Rohre", ""], ["Broken", "lots", "", "", "", "", ""]]);
    expect(bad.status).toBe(422);
    expect(bad.body.skipped).toEqual([{ row: 3, errors: [expect.objectContaining({ column: "Price", value: "lots" })] }]);
    const db = await getDb();
    expect(await db.select().from(priceItem).where(eq(priceItem.organizationId, organizationId))).toHaveLength(1);

    const res = await send(cookie, [
      ["Kupferrohr", "4,5", "3", "metre", "7", "Rohre", ""],
      ["Arbeitsstunde", "55.00", "", "Hour", "standard rate", "Arbeit", ""],
      ["Anfahrt", "45", "", "flat", "", "", existing.id],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 1, skipped: [] });
    const items = (await call(list, "GET", "/price_item", { cookie, query: { sort: "name:asc" } })).body.items;
    const rates = (await call(listRates, "GET", "/tax_rate", { cookie })).body.items as { id: string; percent: number }[];
    expect(items.map((item: Record<string, unknown>) => [item.name, item.unit_price, item.unit_cost, item.unit, item.tax_rate, item.category])).toEqual([
      ["Anfahrt", 4500, null, "flat", rates.find((rate) => rate.percent === 19)!.id, null],
      ["Arbeitsstunde", 5500, null, "hour", rates.find((rate) => rate.percent === 19)!.id, "Arbeit"],
      ["Kupferrohr", 450, 300, "metre", rates.find((rate) => rate.percent === 7)!.id, "Rohre"],
    ]);
    const entries = await call(getHistory, "GET", "/history", { cookie, query: { type: "price_item", id: existing.id } });
    expect(entries.body.items[0].changes).toEqual({ unit_price: [4000, 4500] });
  });
});
