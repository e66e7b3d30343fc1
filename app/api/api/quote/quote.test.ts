import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer as customerTable } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { quote } from "@/db/schema/quote";
import { GET as getHistory } from "@/app/api/api/quote/[id]/history/route";
import { POST as revise } from "@/app/api/api/quote/[id]/revise/route";
import { GET as getOne, PATCH } from "@/app/api/api/quote/[id]/route";
import { GET as list, POST } from "@/app/api/api/quote/route";
import { POST as postItem } from "@/app/api/api/price_item/route";
import { GET as listRates } from "@/app/api/api/tax_rate/route";
import { quoteTotals } from "@/lib/money/quote-totals";
import { setClock } from "@/lib/server/clock";
import { call } from "@/test/api";
import { permission } from "@/test/answers";
import { makeCustomer, shareCustomer } from "@/test/conversations";
import { addLocation, addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function shop(country = "GB") {
  const org = await signUpOrganization(mailbox);
  await setOrganizationCountry(org.organizationId, country);
  const rates = (await call(listRates, "GET", "/tax_rate", { cookie: org.cookie })).body.items as { id: string; name: string; default: boolean; percent: number }[];
  const item = async (body: Record<string, unknown>) => {
    const res = await call(postItem, "POST", "/price_item", { cookie: org.cookie, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  return { ...org, rates, item };
}

const create = async (cookie: string, body: Record<string, unknown>) => {
  const res = await call(POST, "POST", "/quote", { cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const storedRow = async (id: string) => {
  const db = await getDb();
  const [row] = await db.select().from(quote).where(eq(quote.id, id));
  return row;
};

describe("quotes", () => {
  it("takes lines from the price book with their markup, fills defaults and answers totals as quoteTotals computes them", async () => {
    const { cookie, rates, item, email } = await shop("GB");
    const db = await getDb();
    const [owner] = await db.select({ id: member.id }).from(member).where(eq(member.email, email));
    const reduced = rates.find((rate) => rate.percent === 5)!;
    const boiler = await item({ name: "Boiler", unit: "piece", unit_cost: 100_000, markup: 30, description: "Combi boiler 30 kW" });
    const labour = await item({ name: "Fitting", unit: "hour", unit_price: 6000, tax_rate: reduced.id });
    const customer = await makeCustomer(cookie);
    setClock(new Date("2027-03-10T23:30:00Z"));
    try {
      const created = await create(cookie, {
        customer: customer.id,
        title: "New boiler",
        deposit: { percent: 30 },
        options: [
          { name: "Standard", sections: [{ title: "Parts", lines: [{ price_item: boiler.id, quantity: 1 }, { price_item: labour.id, quantity: 2.5, discount: { percent: 10 } }] }] },
          {
            name: "Premium",
            sections: [
              { lines: [{ price_item: boiler.id, quantity: 1, unit_price: 150_000 }, { name: "Smart thermostat", unit: "piece", unit_price: 19_999, quantity: 1, optional: true, selected: false }] },
            ],
          },
        ],
      });
      const standard = created.options[0];
      expect(created).toMatchObject({ status: "draft", revision: 1, number: null, currency: "GBP", owner: owner.id, customer: customer.id, customer_name: customer.name, deposit: { percent: 30 } });
      // Valid for 30 days from today at the organization's zone (London: still the 10th).
      expect(created.valid_until).toBe("2027-04-09");
      expect(standard.sections[0].lines[0]).toMatchObject({ name: "Boiler", description: "Combi boiler 30 kW", unit: "piece", unit_price: 130_000, unit_cost: 100_000, quantity: 1, tax: { percent: 20 }, net: 130_000 });
      expect(standard.sections[0].lines[1]).toMatchObject({ name: "Fitting", unit: "hour", quantity: 2.5, discount: { percent: 10 }, tax: { id: reduced.id, percent: 5 }, net: 13_500 });
      expect(standard.sections[0].title).toBe("Parts");
      expect(created.options[1].sections[0].title).toBe("");
      const ids = [standard.id, standard.sections[0].id, ...standard.sections[0].lines.map((line: { id: string }) => line.id)];
      expect(new Set(ids).size).toBe(ids.length);

      const row = await storedRow(created.id);
      expect(row.content.options[0].sections[0].lines[1]).toMatchObject({ quantity: 2500, discount: { percent_milli: 10_000 }, tax: { percent_milli: 5000 } });
      expect(row.depositPercentMilli).toBe(30_000);
      const expected = quoteTotals(row.content, "GBP", { percent_milli: 30_000 });
      expect(standard.totals).toMatchObject({ net: expected[0].totals.net, tax: expected[0].totals.tax, gross: expected[0].totals.gross });
      expect(standard.totals.gross).toBe(130_000 + 26_000 + 13_500 + 675);
      expect(standard.deposit).toBe(expected[0].deposit);
      expect(created.options[1].totals.gross).toBe(expected[1].totals.gross);
      expect(created.total).toBe(expected[0].totals.gross);
      expect(row.total).toBe(expected[0].totals.gross);
    } finally {
      setClock(undefined);
    }
  });

  it("refuses what cannot be quoted with readable messages", async () => {
    const { cookie, item } = await shop();
    const customer = await makeCustomer(cookie);
    const other = await shop();
    const foreign = await other.item({ name: "Theirs", unit: "piece", unit_price: 100 });
    const line = (extra: Record<string, unknown>) => ({ customer: customer.id, title: "Q", options: [{ name: "A", sections: [{ lines: [{ quantity: 1, ...extra }] }] }] });
    const refused = async (body: unknown) => {
      const res = await call(POST, "POST", "/quote", { cookie, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.errors.map((error: { path: string; message: string }) => `${error.path}: ${error.message}`);
    };
    expect(await refused(line({}))).toEqual([
      "options.0.sections.0.lines.0.name: Required",
      "options.0.sections.0.lines.0.unit: Required",
      "options.0.sections.0.lines.0.unit_price: Required",
    ]);
    expect(await refused(line({ price_item: foreign.id }))).toEqual(["options.0.sections.0.lines.0.price_item: This item is not in the price book"]);
    expect(await refused(line({ name: "X", unit: "piece", unit_price: 100, quantity: 1.2345 }))).toEqual([
      "options.0.sections.0.lines.0.quantity: Give a quantity from 0 to 1000000 with at most three decimals",
    ]);
    expect(await refused(line({ name: "X", unit: "piece", unit_price: 1.5 }))).toEqual(["options.0.sections.0.lines.0.unit_price: Give an amount in whole minor units (cents)"]);
    expect(await refused(line({ name: "X", unit: "piece", unit_price: 100, discount: { percent: 120 } }))).toEqual([
      "options.0.sections.0.lines.0.discount: Give a discount as a percentage or as an amount",
    ]);
    expect(await refused({ ...line({ name: "X", unit: "piece", unit_price: 100, id: "a" }), options: [{ id: "a", name: "A", sections: [{ lines: [{ id: "a", name: "X", unit: "piece", unit_price: 1, quantity: 1 }] }] }] })).toEqual([
      "options.0.sections.0.lines.0.id: The id a is used twice in this quote",
    ]);
    expect(await refused({ customer: customer.id, title: "Q", options: [] })).toEqual(["options: At least 1 items"]);
    expect(await refused({ customer: other.organizationId, title: "Q", options: line({ price_item: (await item({ name: "Y", unit: "piece", unit_price: 1 })).id }).options })).toEqual([
      "customer: This customer does not exist",
    ]);
  });

  it("changes only drafts (409 otherwise), revises a sent quote into the next revision and keeps the history", async () => {
    const { cookie, organizationId } = await shop();
    const customer = await makeCustomer(cookie);
    const created = await create(cookie, {
      customer: customer.id,
      title: "Bathroom",
      options: [{ name: "Only", sections: [{ lines: [{ name: "Tiling", unit: "square_metre", unit_price: 4500, quantity: 12 }] }] }],
    });
    const id = created.id;
    const lineId = created.options[0].sections[0].lines[0].id;
    const patched = await call(PATCH, "PATCH", `/quote/${id}`, {
      cookie,
      params: { id },
      body: { title: "Bathroom refit", deposit: { amount: 10_000 }, options: [{ id: created.options[0].id, name: "Only", sections: [{ lines: [{ id: lineId, name: "Tiling", unit: "square_metre", unit_price: 4500, quantity: 14 }] }] }] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ title: "Bathroom refit", deposit: { amount: 10_000 }, total: 75_600 });
    expect(patched.body.options[0].sections[0].lines[0]).toMatchObject({ id: lineId, quantity: 14 });
    // The same options given again change nothing, and write no history.
    const same = { options: [{ id: created.options[0].id, name: "Only", sections: [{ id: patched.body.options[0].sections[0].id, lines: [{ id: lineId, name: "Tiling", unit: "square_metre", unit_price: 4500, quantity: 14 }] }] }] };
    expect((await call(PATCH, "PATCH", `/quote/${id}`, { cookie, params: { id }, body: same })).status).toBe(200);

    const db = await getDb();
    await db.update(quote).set({ status: "sent", number: "Q-1" }).where(and(eq(quote.organizationId, organizationId), eq(quote.id, id)));
    const refused = await call(PATCH, "PATCH", `/quote/${id}`, { cookie, params: { id }, body: { title: "Late change" } });
    expect(refused).toMatchObject({ status: 409, body: { details: "Only a draft quote can be changed: revise it to change it" } });

    const revised = await call(revise, "POST", `/quote/${id}/revise`, { cookie, params: { id }, body: {} });
    expect(revised.body).toMatchObject({ status: "draft", revision: 2, number: "Q-1", title: "Bathroom refit" });
    expect((await call(revise, "POST", `/quote/${id}/revise`, { cookie, params: { id }, body: {} })).status).toBe(409);
    expect((await call(PATCH, "PATCH", `/quote/${id}`, { cookie, params: { id }, body: { title: "Second go" } })).body).toMatchObject({ title: "Second go", revision: 2 });
    await db.update(quote).set({ status: "approved" }).where(eq(quote.id, id));
    expect(await call(revise, "POST", `/quote/${id}/revise`, { cookie, params: { id }, body: {} })).toMatchObject({ status: 409, body: { details: "An approved quote cannot be revised" } });

    const history = await call(getHistory, "GET", `/quote/${id}/history`, { cookie, params: { id } });
    const changes = history.body.items.map((entry: { changes: Record<string, unknown> }) => entry.changes);
    expect(changes[0]).toEqual({ title: ["Bathroom refit", "Second go"] });
    expect(changes[1]).toEqual({ revision: [1, 2], status: ["sent", "draft"] });
    expect(changes[2]).toMatchObject({ title: ["Bathroom", "Bathroom refit"], deposit_amount: [null, 10_000], total: [64_800, 75_600] });
    expect(changes.at(-1)).toMatchObject({ title: [null, "Bathroom"], options: [null, "Only (1)"] });
  });

  it("lists by status, customer and search, sorted by total; members without customers_manage only read", async () => {
    const { cookie, organizationId } = await shop();
    const ann = await makeCustomer(cookie, { name: "Ann" });
    const bob = await makeCustomer(cookie, { name: "Bob" });
    const body = (customer: string, title: string, price: number) => ({ customer, title, options: [{ name: "A", sections: [{ lines: [{ name: "Work", unit: "flat", unit_price: price, quantity: 1 }] }] }] });
    const a = await create(cookie, body(ann.id, "Roof repair", 50_000));
    await create(cookie, body(ann.id, "Gutter", 10_000));
    const c = await create(cookie, body(bob.id, "Roof tiles", 30_000));
    const titles = (res: { body: { items: { title: string }[] } }) => res.body.items.map((item) => item.title);
    expect(titles(await call(list, "GET", "/quote", { cookie, query: { sort: "total:desc" } }))).toEqual(["Roof repair", "Roof tiles", "Gutter"]);
    expect(titles(await call(list, "GET", "/quote", { cookie, query: { customer: ann.id, sort: "total:asc" } }))).toEqual(["Gutter", "Roof repair"]);
    const found = await call(list, "GET", "/quote", { cookie, query: { search: "roof", sort: "created:asc" } });
    expect(found.body.items.map((item: { id: string; customer_name: string }) => [item.id, item.customer_name])).toEqual([[a.id, "Ann"], [c.id, "Bob"]]);
    expect(found.body.items[0].options).toBeUndefined();
    expect(titles(await call(list, "GET", "/quote", { cookie, query: { q: "tiles" } }))).toEqual(["Roof tiles"]);
    expect(titles(await call(list, "GET", "/quote", { cookie, query: { status: "sent" } }))).toEqual([]);

    const reader = await addMember(organizationId, { privileges: [] });
    const readerCookie = await logInAs(reader.email);
    expect((await call(getOne, "GET", `/quote/${a.id}`, { cookie: readerCookie, params: { id: a.id } })).status).toBe(200);
    expect(await call(PATCH, "PATCH", `/quote/${a.id}`, { cookie: readerCookie, params: { id: a.id }, body: { title: "X" } })).toMatchObject({ status: 403, body: permission("customers_manage") });
  });

  it("follows its customer's location and sharing", async () => {
    const { cookie, organizationId } = await shop();
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const customer = await makeCustomer(cookie, { location: north.id });
    const created = await create(cookie, { customer: customer.id, title: "Q", options: [{ name: "A", sections: [{ lines: [{ name: "W", unit: "flat", unit_price: 1, quantity: 1 }] }] }] });
    expect(created).toMatchObject({ location: north.id, sharing: { default: "none", locations: [] } });
    await shareCustomer(cookie, customer.id, { default: "view", locations: [] });
    expect(await storedRow(created.id)).toMatchObject({ locationId: north.id, sharing: { default: "view", locations: [] } });
    const db = await getDb();
    await db.update(customerTable).set({ locationId: south.id }).where(eq(customerTable.id, customer.id));
    expect((await storedRow(created.id)).locationId).toBe(south.id);
    // Written directly, a quote still takes its customer's.
    await db.update(quote).set({ locationId: north.id, sharing: { default: "edit", locations: [] } }).where(eq(quote.id, created.id));
    expect(await storedRow(created.id)).toMatchObject({ locationId: south.id, sharing: { default: "view", locations: [] } });
  });
});
