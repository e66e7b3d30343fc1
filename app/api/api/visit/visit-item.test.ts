import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project as projectTable } from "@/db/schema/project";
import { visitItem } from "@/db/schema/visit";
import { POST as postPriceItem } from "@/app/api/api/price_item/route";
import { PATCH as patchTaxRate } from "@/app/api/api/tax_rate/[id]/route";
import { POST as postTaxRate } from "@/app/api/api/tax_rate/route";
import { GET as visitHistoryRoute } from "./[id]/history/route";
import { PATCH as patchItemRoute, DELETE as deleteItemRoute } from "./[id]/item/[itemId]/route";
import { GET as listItemsRoute, POST as postItemRoute } from "./[id]/item/route";
import { PATCH as patchVisitRoute } from "./[id]/route";
import { POST as postVisitRoute } from "./route";
import { call } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import { addLocation, addMember, logInAs } from "@/test/fixtures";
import { approvedQuote, created, invoicingShop, patchInvoice, voidIt } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Body = Record<string, unknown>;
type Line = { name: string; quantity: number; unit: string; unit_price: number; net: number; source: { kind: string; id: string } | null };
const linesOf = (body: { sections: { title: string; lines: Line[] }[] }) => body.sections.flatMap((section) => section.lines);
const visitLines = (body: { sections: { title: string; lines: Line[] }[] }) => linesOf(body).filter((line) => line.source?.kind === "visit");

const addItem = (cookie: string, visit: string, body: Body) => call(postItemRoute, "POST", `/visit/${visit}/item`, { cookie, params: { id: visit }, body });
const listItems = (cookie: string, visit: string) => call(listItemsRoute, "GET", `/visit/${visit}/item`, { cookie, params: { id: visit } });
const patchItem = (cookie: string, visit: string, item: string, body: Body) =>
  call(patchItemRoute, "PATCH", `/visit/${visit}/item/${item}`, { cookie, params: { id: visit, itemId: item }, body });
const deleteItem = (cookie: string, visit: string, item: string) => call(deleteItemRoute, "DELETE", `/visit/${visit}/item/${item}`, { cookie, params: { id: visit, itemId: item } });

async function priceItem(cookie: string, body: Body) {
  const res = await call(postPriceItem, "POST", "/price_item", { cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A shop with an approved quote's project, its price book's labour hour and copper pipe, and a visit of the project assigned to a technician. */
async function job() {
  const shop = await invoicingShop(mailbox);
  const quote = await approvedQuote(shop);
  const labour = await priceItem(shop.cookie, { name: "Labour", unit: "hour", unit_price: 6_000 });
  const pipe = await priceItem(shop.cookie, { name: "Copper pipe", unit: "metre", unit_price: 1_250, unit_cost: 700 });
  const tech = await addMember(shop.organizationId);
  const techCookie = await logInAs(tech.email);
  const visit = await call(postVisitRoute, "POST", "/visit", {
    cookie: shop.cookie,
    body: { project: quote.project, start: "2027-06-01T09:00:00Z", end: "2027-06-01T11:00:00Z", members: [tech.member.id] },
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  return { shop, quote, labour, pipe, tech, techCookie, visit: visit.body.id as string };
}

const complete = (cookie: string, visit: string) => call(patchVisitRoute, "PATCH", `/visit/${visit}`, { cookie, params: { id: visit }, body: { status: "completed" } });

describe("time and materials of a visit", () => {
  it("records, lists, changes and removes them, priced from the price book, in the visit's history", async () => {
    const { shop, labour, pipe, tech, techCookie, visit } = await job();
    // The assigned technician records their own work, without projects_manage.
    const time = await addItem(techCookie, visit, { kind: "time", minutes: 90, price_item: labour });
    expect(time.status, JSON.stringify(time.body)).toBe(201);
    expect(time.body).toMatchObject({ kind: "time", member: tech.member.id, minutes: 90, name: "Labour", quantity: 1.5, unit: "hour", unit_price: 6_000, net: 9_000, invoiced: false });
    const material = await addItem(techCookie, visit, { kind: "material", price_item: pipe, quantity: 2.5 });
    expect(material.body).toMatchObject({ kind: "material", member: null, minutes: null, name: "Copper pipe", quantity: 2.5, unit: "metre", unit_price: 1_250, net: 3_125 });
    const free = await addItem(shop.cookie, visit, { kind: "material", name: "Sealant", unit: "piece", unit_price: 450, quantity: 1 });
    expect(free.body).toMatchObject({ price_item: null, name: "Sealant", net: 450 });

    const listed = await listItems(techCookie, visit);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { name: string }) => item.name)).toEqual(["Labour", "Copper pipe", "Sealant"]);

    // Minutes change the hours; a quantity changes the material; the rest stays.
    const longer = await patchItem(techCookie, visit, time.body.id, { minutes: 25 });
    expect(longer.body).toMatchObject({ minutes: 25, quantity: 0.417, unit_price: 6_000, net: 2_502 });
    const more = await patchItem(techCookie, visit, material.body.id, { quantity: 3 });
    expect(more.body).toMatchObject({ quantity: 3, net: 3_750, name: "Copper pipe" });
    expect((await deleteItem(shop.cookie, visit, free.body.id)).status).toBe(204);
    expect((await listItems(shop.cookie, visit)).body.items).toHaveLength(2);
    expect((await deleteItem(shop.cookie, visit, free.body.id)).body).toMatchObject({ message: notFound("Time or material").message });

    const history = await call(visitHistoryRoute, "GET", `/visit/${visit}/history`, { cookie: shop.cookie, params: { id: visit } });
    const fields = history.body.items.flatMap((entry: { changes: Record<string, unknown> }) => Object.keys(entry.changes));
    expect(fields.filter((field: string) => field === "time_worked")).toHaveLength(2);
    expect(fields.filter((field: string) => field === "material")).toHaveLength(4);
  });

  it("answers a readable 400 for what cannot be recorded", async () => {
    const { shop, labour, visit } = await job();
    const refused = async (body: Body, path: string, message: string) => {
      const res = await addItem(shop.cookie, visit, body);
      expect(res.body, JSON.stringify(body)).toMatchObject(invalid(path, message));
    };
    await refused({ minutes: 30, price_item: labour }, "kind", "Choose time or material");
    await refused({ kind: "time", price_item: labour }, "minutes", "Give the minutes worked, 1 to 1440");
    await refused({ kind: "time", minutes: 0, price_item: labour }, "minutes", "Give the minutes worked, 1 to 1440");
    await refused({ kind: "time", minutes: 30.5, price_item: labour }, "minutes", "Give the minutes worked, 1 to 1440");
    await refused({ kind: "time", minutes: 30, quantity: 1, price_item: labour }, "quantity", "Time is given in minutes, not as a quantity");
    await refused({ kind: "material", minutes: 30, quantity: 1, price_item: labour }, "minutes", "A material has a quantity, not minutes or a member");
    await refused({ kind: "material", name: "Sealant", unit: "piece", unit_price: 100 }, "quantity", "Required");
    await refused({ kind: "material", quantity: 1, unit: "piece", unit_price: 100 }, "name", "Required");
    await refused({ kind: "material", quantity: 1, price_item: "00000000-0000-4000-8000-000000000000" }, "price_item", "This item is not in the price book");
    await refused({ kind: "time", minutes: 30, price_item: labour, member: "00000000-0000-4000-8000-000000000000" }, "member", "Choose an active member of the organization");
    expect((await listItems(shop.cookie, visit)).body.items).toEqual([]);
  });

  it("bills a completed visit's time and materials once in an invoice from the project; a voided draft releases them, and billed rows no longer change", async () => {
    const { shop, quote, labour, pipe, techCookie, visit } = await job();
    const time = (await addItem(techCookie, visit, { kind: "time", minutes: 90, price_item: labour })).body;
    const material = (await addItem(techCookie, visit, { kind: "material", price_item: pipe, quantity: 2 })).body;
    // Not yet completed: nothing of the visit is billed.
    const before = await created(shop.cookie, { from: "project", project: quote.project });
    expect(visitLines(before)).toEqual([]);
    expect((await voidIt(shop.cookie, before.id)).status).toBe(200);

    expect((await complete(techCookie, visit)).status).toBe(200);
    const first = await created(shop.cookie, { from: "project", project: quote.project });
    expect(visitLines(first)).toEqual([
      expect.objectContaining({ name: "Labour", quantity: 1.5, unit: "hour", unit_price: 6_000, net: 9_000, source: { kind: "visit", id: time.id } }),
      expect.objectContaining({ name: "Copper pipe", quantity: 2, unit: "metre", unit_price: 1_250, net: 2_500, source: { kind: "visit", id: material.id } }),
    ]);
    expect(first.sections.at(-1).title).toBe("Time and materials");
    const agreed = linesOf(first).filter((line) => line.source?.kind === "project_line");
    expect(first.totals.net).toBe(agreed.reduce((sum, line) => sum + line.net, 0) + 11_500);
    expect((await listItems(shop.cookie, visit)).body.items.map((item: { invoiced: boolean }) => item.invoiced)).toEqual([true, true]);

    // Billed: the rows no longer change, and the next invoice does not bill them again.
    expect((await patchItem(techCookie, visit, time.id, { minutes: 60 })).body).toMatchObject({ status: 409, details: "This has been invoiced and can no longer change" });
    expect((await deleteItem(shop.cookie, visit, material.id)).status).toBe(409);
    const second = await created(shop.cookie, { from: "project", project: quote.project });
    expect(visitLines(second)).toEqual([]);

    // A line taken out of the draft is free again; so is everything of a voided draft.
    const kept = first.sections.map((section: { id: string; title: string; lines: (Line & { id: string })[] }) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.filter((line) => line.source?.id !== material.id).map((line) => ({ id: line.id, name: line.name, quantity: line.quantity, unit: line.unit, unit_price: line.unit_price })),
    }));
    expect((await patchInvoice(shop.cookie, first.id, { sections: kept })).status).toBe(200);
    expect((await listItems(shop.cookie, visit)).body.items.map((item: { invoiced: boolean }) => item.invoiced)).toEqual([true, false]);
    expect((await voidIt(shop.cookie, second.id)).status).toBe(200);
    expect((await voidIt(shop.cookie, first.id)).status).toBe(200);
    const third = await created(shop.cookie, { from: "project", project: quote.project });
    expect(visitLines(third).map((line) => line.source!.id)).toEqual([time.id, material.id]);
  });

  it("is refused to a member who may neither change the visit nor is assigned to it", async () => {
    const { shop, labour, visit } = await job();
    const other = await addMember(shop.organizationId);
    const cookie = await logInAs(other.email);
    expect((await listItems(cookie, visit)).status).toBe(200);
    expect((await addItem(cookie, visit, { kind: "time", minutes: 30, price_item: labour })).body).toMatchObject({ status: 403, permission: "projects_manage" });
  });

  it("follows its visit's project to another location and sharing, as the visit does", async () => {
    const { shop, quote, labour, visit } = await job();
    const time = (await addItem(shop.cookie, visit, { kind: "time", minutes: 30, price_item: labour })).body;
    const north = await addLocation(shop.organizationId);
    const db = await getDb();
    const sharing = { default: "view" as const, locations: [] };
    await db.update(projectTable).set({ locationId: north.id, sharing }).where(and(eq(projectTable.organizationId, shop.organizationId), eq(projectTable.id, quote.project)));
    const [row] = await db.select().from(visitItem).where(eq(visitItem.id, time.id));
    expect(row).toMatchObject({ projectId: quote.project, locationId: north.id, sharing });
    expect(row.audience).toContain("*");
  });

  it("keeps a row's tax rate copy when the rate is archived since, and takes a newly named rate", async () => {
    const { shop, visit } = await job();
    const reduced = await call(postTaxRate, "POST", "/tax_rate", { cookie: shop.cookie, body: { name: "Reduced", percent: 7, category: "standard" } });
    expect(reduced.status, JSON.stringify(reduced.body)).toBe(201);
    const made = (await addItem(shop.cookie, visit, { kind: "material", name: "Sealant", unit: "piece", unit_price: 1_000, quantity: 1, tax_rate: reduced.body.id })).body;
    expect(made.tax).toMatchObject({ id: reduced.body.id, name: "Reduced", percent: 7 });
    const archived = await call(patchTaxRate, "PATCH", `/tax_rate/${reduced.body.id}`, { cookie: shop.cookie, params: { id: reduced.body.id }, body: { status: "archived" } });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    const changed = await patchItem(shop.cookie, visit, made.id, { quantity: 2 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ quantity: 2, net: 2_000, tax: { id: reduced.body.id, name: "Reduced", percent: 7 } });
    // Named anew, an archived rate is refused.
    const fresh = (await addItem(shop.cookie, visit, { kind: "material", name: "Tape", unit: "piece", unit_price: 100, quantity: 1 })).body;
    expect((await patchItem(shop.cookie, visit, fresh.id, { tax_rate: reduced.body.id })).body).toMatchObject({ status: 400, errors: [{ path: "tax_rate" }] });
  });
});
