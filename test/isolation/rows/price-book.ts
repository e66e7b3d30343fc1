/**
 * Tax rates and the price book belong to the organization as a whole: every member
 * reads them, admins change them; they have no location or sharing.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { priceItem } from "@/db/schema/price-book";
import { GET as priceItemCategories } from "@/app/api/api/price_item/categories/route";
import { POST as importPriceItems } from "@/app/api/api/price_item/import/route";
import { GET as getPriceItem, PATCH as patchPriceItem } from "@/app/api/api/price_item/[id]/route";
import { GET as listPriceItems, POST as postPriceItem } from "@/app/api/api/price_item/route";
import { GET as getTaxRate, PATCH as patchTaxRate } from "@/app/api/api/tax_rate/[id]/route";
import { GET as listTaxRates, POST as postTaxRate } from "@/app/api/api/tax_rate/route";
import { call, type ApiResponse } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { csvText, importForm } from "@/test/import";
import { ids, lacking, readerWithoutPrivileges, refusedRead, refusedWrite, type Row } from "../cases";
import { expectCreated, snapshot, type World } from "../world";

const NO_SHARING = "tax rates and price items belong to the organization as a whole: they have no location or sharing";

type Made = { a: { rate: string; item: string }; b: { rate: string; item: string } };

/** A tax rate and a price item of A and of B, made by their founders the first time a case asks (which gives both organizations their starting rates). */
const made = new WeakMap<World, Promise<Made>>();
function madeOf(w: World) {
  if (!made.has(w)) {
    const make = async (cookie: string, category: string) => {
      const rate = expectCreated(await call(postTaxRate, "POST", "/tax_rate", { cookie, body: { name: "Special", percent: 12.5, category: "reduced" } }));
      const item = expectCreated(await call(postPriceItem, "POST", "/price_item", { cookie, body: { name: "Boiler service", unit: "flat", unit_price: 9000, category } }));
      return { rate, item };
    };
    made.set(w, (async () => ({ a: await make(w.a.cookie, "Heating A"), b: await make(w.b.cookie, "Heating B") }))());
  }
  return made.get(w)!;
}

type Read = (cookie: string | undefined, id: string) => Promise<ApiResponse>;
const readRate: Read = (cookie, id) => call(getTaxRate, "GET", `/tax_rate/${id}`, { cookie, params: { id } });
const readItem: Read = (cookie, id) => call(getPriceItem, "GET", `/price_item/${id}`, { cookie, params: { id } });

function readRow(route: string, resource: string, read: Read, pick: (m: Made["a"]) => string): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, async () => read(undefined, pick((await madeOf(w)).a))),
      "other organization": async (w) => {
        const m = await madeOf(w);
        await refusedRead("outsider reads A's", notFound(resource), () => read(w.outsider.cookie, pick(m.a)));
        await refusedRead("A's founder reads B's", notFound(resource), () => read(w.a.cookie, pick(m.b)));
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const m = await madeOf(w);
        expect((await read(readerWithoutPrivileges(w).cookie, pick(m.a))).status).toBe(200);
      },
    },
  };
}

function listRow(route: string, list: (cookie: string | undefined) => Promise<ApiResponse>, pick: (m: Made["a"]) => string): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => list(undefined)),
      "other organization": async (w) => {
        const m = await madeOf(w);
        expect(ids(await list(w.outsider.cookie))).toContain(pick(m.b));
        expect(ids(await list(w.outsider.cookie))).not.toContain(pick(m.a));
        expect(ids(await list(w.a.cookie))).not.toContain(pick(m.b));
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const m = await madeOf(w);
        expect(ids(await list(readerWithoutPrivileges(w).cookie))).toContain(pick(m.a));
      },
    },
  };
}

function patchRow(route: string, resource: string, patch: (cookie: string | undefined, id: string, body: object) => Promise<ApiResponse>, pick: (m: Made["a"]) => string, body: object): Row {
  return {
    method: "PATCH",
    route,
    cases: {
      "no session": async (w) => {
        const id = pick((await madeOf(w)).a);
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => patch(undefined, id, body));
      },
      "other organization": async (w) => {
        const m = await madeOf(w);
        await refusedWrite(w, "outsider changes A's", notFound(resource), () => patch(w.outsider.cookie, pick(m.a), body));
        await refusedWrite(w, "outsider archives A's", notFound(resource), () => patch(w.outsider.cookie, pick(m.a), { status: "archived" }));
        await refusedWrite(w, "A's founder changes B's", notFound(resource), () => patch(w.a.cookie, pick(m.b), body));
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const id = pick((await madeOf(w)).a);
        for (const actor of lacking(w, "admin")) await refusedWrite(w, actor.key, permission("admin"), () => patch(actor.cookie, id, body));
      },
    },
  };
}

const rates = (cookie: string | undefined) => call(listTaxRates, "GET", "/tax_rate", { cookie });
const items = (cookie: string | undefined) => call(listPriceItems, "GET", "/price_item", { cookie });
const changeRate = (cookie: string | undefined, id: string, body: object) => call(patchTaxRate, "PATCH", `/tax_rate/${id}`, { cookie, params: { id }, body });
const changeItem = (cookie: string | undefined, id: string, body: object) => call(patchPriceItem, "PATCH", `/price_item/${id}`, { cookie, params: { id }, body });
const importRows = (cookie: string | undefined, rows: string[][]) =>
  call(importPriceItems, "POST", "/price_item/import", {
    cookie,
    body: importForm({ name: "items.csv", content: csvText([["Name", "Price", "ID"], ...rows]) }, { mappings: { name: 0, unit_price: 1, id: 2 } }),
  });
const itemRow = async (id: string) => (await (await getDb()).select().from(priceItem).where(eq(priceItem.id, id)))[0];

export const priceBookRows: Row[] = [
  listRow("/tax_rate", rates, (m) => m.rate),
  {
    method: "POST",
    route: "/tax_rate",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => call(postTaxRate, "POST", "/tax_rate", { body: { name: "X", percent: 1, category: "standard" } })),
      "other organization": async (w) => {
        await madeOf(w);
        const before = (await snapshot(w)).taxRate.filter((row) => (row as { organizationId: string }).organizationId === w.a.organizationId);
        // A new default is the caller's organization's own: A's default stays A's.
        const res = await call(postTaxRate, "POST", "/tax_rate", { cookie: w.outsider.cookie, body: { name: "Outsider's", percent: 3, category: "standard", default: true } });
        expect(res.status).toBe(201);
        const after = (await snapshot(w)).taxRate.filter((row) => (row as { organizationId: string }).organizationId === w.a.organizationId);
        expect(after).toEqual(before);
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        await madeOf(w);
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, actor.key, permission("admin"), () => call(postTaxRate, "POST", "/tax_rate", { cookie: actor.cookie, body: { name: "X", percent: 1, category: "standard", default: true } }));
        }
      },
    },
  },
  readRow("/tax_rate/[id]", "Tax rate", readRate, (m) => m.rate),
  patchRow("/tax_rate/[id]", "Tax rate", changeRate, (m) => m.rate, { name: "Hijacked", default: true }),

  listRow("/price_item", items, (m) => m.item),
  {
    method: "POST",
    route: "/price_item",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => call(postPriceItem, "POST", "/price_item", { body: { name: "X", unit: "hour", unit_price: 1 } })),
      "other organization": async (w) => {
        const m = await madeOf(w);
        await refusedWrite(w, "outsider names A's tax rate", invalid("tax_rate", "Choose a tax rate of the organization"), () =>
          call(postPriceItem, "POST", "/price_item", { cookie: w.outsider.cookie, body: { name: "X", unit: "hour", unit_price: 1, tax_rate: m.a.rate } }),
        );
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        await madeOf(w);
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, actor.key, permission("admin"), () => call(postPriceItem, "POST", "/price_item", { cookie: actor.cookie, body: { name: "X", unit: "hour", unit_price: 1 } }));
        }
      },
    },
  },
  readRow("/price_item/[id]", "Price item", readItem, (m) => m.item),
  patchRow("/price_item/[id]", "Price item", changeItem, (m) => m.item, { name: "Hijacked", unit_price: 1 }),
  {
    method: "GET",
    route: "/price_item/categories",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(priceItemCategories, "GET", "/price_item/categories")),
      "other organization": async (w) => {
        await madeOf(w);
        const res = await call(priceItemCategories, "GET", "/price_item/categories", { cookie: w.outsider.cookie });
        expect(res.body.items).toContain("Heating B");
        expect(res.body.items).not.toContain("Heating A");
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        await madeOf(w);
        expect((await call(priceItemCategories, "GET", "/price_item/categories", { cookie: readerWithoutPrivileges(w).cookie })).body.items).toContain("Heating A");
      },
    },
  },
  {
    method: "POST",
    route: "/price_item/import",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous import", UNAUTHORIZED, () => importRows(undefined, [["X", "1", ""]])),
      "other organization": async (w) => {
        const m = await madeOf(w);
        const before = await itemRow(m.a.item);
        // A's item's ID matches nothing in B: the row is added to B, and A's item stays as it was.
        const res = await importRows(w.outsider.cookie, [["Hijacked", "1", m.a.item]]);
        expect(res.body).toMatchObject({ created: 1, updated: 0 });
        expect(await itemRow(m.a.item)).toEqual(before);
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const m = await madeOf(w);
        for (const actor of lacking(w, "admin")) await refusedWrite(w, actor.key, permission("admin"), () => importRows(actor.cookie, [["Hijacked", "1", m.a.item]]));
      },
    },
  },
];
