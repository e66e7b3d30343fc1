import { describe, expect, it } from "vitest";
import { GET as listInvoices } from "@/app/api/api/invoice/route";
import { GET as getPriceItem } from "@/app/api/api/price_item/[id]/route";
import { GET as listPriceItems, POST as postPriceItem } from "@/app/api/api/price_item/route";
import { GET as getQuote } from "@/app/api/api/quote/[id]/route";
import { GET as listQuotes, POST as postQuote } from "@/app/api/api/quote/route";
import { viewJson } from "@/lib/server/view-json";
import { invoiceListEntity } from "@/lib/entities/invoice";
import { priceItemEntity } from "@/lib/entities/price-item";
import { quoteListEntity } from "@/lib/entities/quote";
import { call } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { blankBody, created, getInvoice, invoicingShop, issued } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

/** The list item's fields, which GET answers too, beside what GET adds (options, lines, totals). */
const header = (one: Record<string, unknown>, listed: Record<string, unknown>) => Object.fromEntries(Object.keys(listed).map((key) => [key, one[key]]));

describe("quote, invoice and price book lists written by the database", () => {
  it("can be written in SQL, and a view that computes on its columns still can", () => {
    expect(viewJson(quoteListEntity.table, quoteListEntity.view as never, quoteListEntity.viewSql)).not.toBeNull();
    expect(viewJson(invoiceListEntity.table, invoiceListEntity.view as never, invoiceListEntity.viewSql)).not.toBeNull();
    expect(viewJson(priceItemEntity.table, priceItemEntity.view as never, priceItemEntity.viewSql)).not.toBeNull();
  });

  it("answer each item as its GET answers it: deposit, markup and customer name computed alike", async () => {
    const shop = await invoicingShop(mailbox);
    const { cookie } = shop;
    const other = await makeCustomer(cookie, { name: "Zoë \"Quotes\" O'Brien \\ ✓" });

    const items: { id: string }[] = [];
    // Markups with a rounded last digit, a loss, none without a cost.
    for (const body of [
      { name: "Valve", unit: "piece", unit_cost: 3, unit_price: 5 },
      { name: "Boiler", unit: "piece", unit_cost: 100_000, markup: 12.345 },
      { name: "Clearance", unit: "piece", unit_cost: 7_000, unit_price: 6_999 },
      { name: "Labour", unit: "hour", unit_price: 6_000 },
      { name: "Free", unit: "flat", unit_cost: 0, unit_price: 0 },
    ]) {
      const res = await call(postPriceItem, "POST", "/price_item", { cookie, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      items.push(res.body);
    }
    const book = await call(listPriceItems, "GET", "/price_item", { cookie, query: { limit: "50" } });
    expect(book.body.items).toHaveLength(items.length);
    for (const listed of book.body.items) {
      const one = await call(getPriceItem, "GET", `/price_item/${listed.id}`, { cookie, params: { id: listed.id } });
      expect(listed, listed.name).toEqual(one.body);
    }
    expect(book.body.items.map((item: { name: string; markup: number | null }) => [item.name, item.markup])).toEqual([
      ["Free", null],
      ["Labour", null],
      ["Clearance", -0.014],
      ["Boiler", 12.345],
      ["Valve", 66.667],
    ]);

    const lines = [{ name: "Part", unit: "piece", unit_price: 12_345, quantity: 1 }];
    for (const [customer, deposit] of [
      [shop.customer.id, { percent: 12.5 }],
      [other.id, { amount: 5_000 }],
      [other.id, null],
      [shop.customer.id, { percent: 30 }],
    ] as const) {
      const res = await call(postQuote, "POST", "/quote", { cookie, body: { customer, title: "Roof", deposit, options: [{ name: "Standard", sections: [{ lines }] }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const quotes = await call(listQuotes, "GET", "/quote", { cookie });
    expect(quotes.body.items).toHaveLength(4);
    for (const listed of quotes.body.items) {
      const one = await call(getQuote, "GET", `/quote/${listed.id}`, { cookie, params: { id: listed.id } });
      expect(listed).toEqual(header(one.body, listed));
      expect(listed.options).toBeUndefined();
    }
    expect(quotes.body.items.map((item: { deposit: unknown; customer_name: string }) => [item.customer_name, item.deposit])).toEqual([
      [shop.customer.name, { percent: 30 }],
      [other.name, null],
      [other.name, { amount: 5_000 }],
      [shop.customer.name, { percent: 12.5 }],
    ]);

    const draft = await created(cookie, blankBody(other.id, { buyer_reference: "PO 7" }));
    const sent = await created(cookie, blankBody(shop.customer.id));
    await issued(cookie, sent.id);
    const invoices = await call(listInvoices, "GET", "/invoice", { cookie });
    expect(invoices.body.items.map((item: { id: string }) => item.id)).toEqual([sent.id, draft.id]);
    for (const listed of invoices.body.items) {
      const one = await getInvoice(cookie, listed.id);
      expect(listed).toEqual(header(one.body, listed));
      expect(listed.sections).toBeUndefined();
    }
    expect(invoices.body.items[1]).toMatchObject({ customer_name: other.name, buyer_reference: "PO 7", number: null });
    expect(invoices.body.items[0].number).toMatch(/^INV-/);
  });

});
