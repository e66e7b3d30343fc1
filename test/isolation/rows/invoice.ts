/**
 * Invoices and payments. An invoice is seen and changed as its customer is (its location
 * and sharing are the customer's, kept by the database), a payment as its invoice is;
 * writing needs the invoices privilege and edit on the customer.
 */
import { expect } from "vitest";
import { POST as creditInvoice } from "@/app/api/api/invoice/[id]/credit/route";
import { GET as invoiceHistory } from "@/app/api/api/invoice/[id]/history/route";
import { POST as issueInvoice } from "@/app/api/api/invoice/[id]/issue/route";
import { GET as getInvoice, PATCH as patchInvoice } from "@/app/api/api/invoice/[id]/route";
import { POST as voidInvoice } from "@/app/api/api/invoice/[id]/void/route";
import { GET as invoiceEinvoice } from "@/app/api/api/invoice/[id]/einvoice/route";
import { GET as invoicePdf } from "@/app/api/api/invoice/[id]/pdf/route";
import { POST as sendInvoice } from "@/app/api/api/invoice/[id]/send/route";
import { GET as listInvoices, POST as postInvoice } from "@/app/api/api/invoice/route";
import { GET as exportInvoices } from "@/app/api/api/invoice/export/route";
import { GET as getReceivables } from "@/app/api/api/dashboard/receivables/route";
import { GET as exportPayments } from "@/app/api/api/payment/export/route";
import { DELETE as deletePayment, GET as getPayment } from "@/app/api/api/payment/[id]/route";
import { GET as listPayments, POST as postPayment } from "@/app/api/api/payment/route";
import { call, type ApiResponse } from "@/test/api";
import { csvRows, download } from "@/test/invoice-export";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { ids, lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "../cases";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type ItemKey } from "../items";
import { expectCreated, type World } from "../world";

const INVOICE = "Invoice";
const PAYMENT = "Payment";
const NO_CUSTOMER = invalid("customer", "This customer does not exist");
const NO_INVOICE = invalid("invoice", "This invoice does not exist");

const body = (customer: string, title = "Boiler repair") => ({
  from: "blank",
  customer,
  title,
  sections: [{ lines: [{ name: "Boiler part", unit: "piece", unit_price: 50_000, quantity: 1 }] }],
});

type Made = { drafts: Record<ItemKey, string>; issued: Record<ItemKey, string>; payments: Record<ItemKey, string>; b: string; bIssued: string; bPayment: string };

/** For each of A's customers a draft invoice and an issued one with a payment, and the same for B, made by their founders the first time a case asks. */
const made = new WeakMap<World, Promise<Made>>();
function invoicesOf(w: World) {
  if (!made.has(w)) {
    made.set(
      w,
      (async () => {
        const draft = async (cookie: string, customer: string) => expectCreated(await call(postInvoice, "POST", "/invoice", { cookie, body: body(customer) }));
        const paidOnce = async (cookie: string, customer: string) => {
          const id = await draft(cookie, customer);
          const res = await call(issueInvoice, "POST", `/invoice/${id}/issue`, { cookie, params: { id }, body: {} });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const paid = await call(postPayment, "POST", "/payment", { cookie, body: { invoice: id, amount: 100, method: "cash" } });
          return { id, payment: expectCreated(paid) };
        };
        const result = { drafts: {}, issued: {}, payments: {} } as Made;
        for (const key of ITEM_KEYS) {
          result.drafts[key] = await draft(w.a.cookie, w.items.customer[key].id);
          const issued = await paidOnce(w.a.cookie, w.items.customer[key].id);
          result.issued[key] = issued.id;
          result.payments[key] = issued.payment;
        }
        result.b = await draft(w.b.cookie, w.bItem.customer);
        const bIssued = await paidOnce(w.b.cookie, w.bItem.customer);
        result.bIssued = bIssued.id;
        result.bPayment = bIssued.payment;
        return result;
      })(),
    );
  }
  return made.get(w)!;
}

type Call = (cookie: string | undefined, id: string) => Promise<ApiResponse>;
type Pick = (made: Made) => { a: Record<ItemKey, string>; b: string };
const drafts: Pick = (m) => ({ a: m.drafts, b: m.b });
const issuedOnes: Pick = (m) => ({ a: m.issued, b: m.bIssued });
const payments: Pick = (m) => ({ a: m.payments, b: m.bPayment });

/** The reads of one item: seen as its customer is. */
function readRow(route: string, resource: string, pick: Pick, read: Call, ok: number[] = [200]): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, async () => read(undefined, pick(await invoicesOf(w)).a.editDefault)),
      "other organization": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound(resource), () => read(w.outsider.cookie, items.a[key]));
        await refusedRead("A's founder reads B's", notFound(resource), () => read(w.a.cookie, items.b));
      },
      "location cannot see": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound(resource), () => read(actor.cookie, items.a[key]));
          for (const key of EDITABLE) expect(ok, `${actor.key} ${key}`).toContain((await read(actor.cookie, items.a[key])).status);
        }
      },
      "view-only": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect(ok, `${actor.key} ${key}`).toContain((await read(actor.cookie, items.a[key])).status);
      },
      "missing privilege": async (w) => {
        const items = pick(await invoicesOf(w));
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect(ok, key).toContain((await read(reader.cookie, items.a[key])).status);
      },
    },
  };
}

/**
 * A write on one item: refused without a session, across organizations and where the
 * customer is hidden (404), view-only (403), and without the invoices privilege.
 * `allowed` shows that the same member writes where sharing gives edit.
 */
function writeRow(method: string, route: string, resource: string, pick: Pick, writes: Call[], allowed?: Call): Row {
  return {
    method,
    route,
    cases: {
      "no session": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const [index, write] of writes.entries()) await refusedWrite(w, `anonymous ${index}`, UNAUTHORIZED, () => write(undefined, items.a.editDefault));
      },
      "other organization": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const key of ITEM_KEYS) {
          for (const [index, write] of writes.entries()) await refusedWrite(w, `outsider ${key} ${index}`, notFound(resource), () => write(w.outsider.cookie, items.a[key]));
        }
        await refusedWrite(w, "A's founder writes B's", notFound(resource), () => writes[0](w.a.cookie, items.b));
      },
      "location cannot see": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w, "invoices")) {
          for (const key of HIDDEN) {
            for (const [index, write] of writes.entries()) await refusedWrite(w, `${actor.key} ${key} ${index}`, notFound(resource), () => write(actor.cookie, items.a[key]));
          }
        }
      },
      "view-only": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w, "invoices")) {
          for (const key of VIEW_ONLY) {
            for (const [index, write] of writes.entries()) await refusedWrite(w, `${actor.key} ${key} ${index}`, VIEW_ONLY_REFUSAL, () => write(actor.cookie, items.a[key]));
          }
          if (allowed) {
            for (const key of EDITABLE) {
              const res = await allowed(actor.cookie, items.a[key]);
              expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(200);
            }
          }
        }
      },
      "missing privilege": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of lacking(w, "invoices")) {
          for (const key of EDITABLE_EVERYWHERE) {
            for (const [index, write] of writes.entries()) {
              await refusedWrite(w, `${actor.key} ${key} ${index}`, permission("invoices"), () => write(actor.cookie, items.a[key]));
            }
          }
        }
      },
    },
  };
}

const readInvoice = (handler: typeof getInvoice, suffix = ""): Call => (cookie, id) => call(handler, "GET", `/invoice/${id}${suffix}`, { cookie, params: { id } });
const patch = (change: Record<string, unknown>): Call => (cookie, id) => call(patchInvoice, "PATCH", `/invoice/${id}`, { cookie, params: { id }, body: change });
const post = (handler: typeof issueInvoice, suffix: string, payload: Record<string, unknown> = {}): Call => (cookie, id) =>
  call(handler, "POST", `/invoice/${id}/${suffix}`, { cookie, params: { id }, body: payload });
const invoices = (cookie: string | undefined) => call(listInvoices, "GET", "/invoice", { cookie, query: { limit: "1000" } });
const paymentList = (cookie: string | undefined) => call(listPayments, "GET", "/payment", { cookie, query: { limit: "1000" } });
const addInvoice = (cookie: string | undefined, customer: string) => call(postInvoice, "POST", "/invoice", { cookie, body: body(customer, "Intruder") });
const addPayment = (cookie: string | undefined, invoice: string) => call(postPayment, "POST", "/payment", { cookie, body: { invoice, amount: 1, method: "cash" } });

/** A list: shows what the session's location may see of A, nothing of B. */
function listRow(route: string, pick: Pick, read: (cookie: string | undefined) => Promise<ApiResponse>): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => read(undefined)),
      "other organization": async (w) => {
        const items = pick(await invoicesOf(w));
        expect(ids(await read(w.outsider.cookie))).toContain(items.b);
        for (const key of ITEM_KEYS) expect(ids(await read(w.outsider.cookie))).not.toContain(items.a[key]);
        expect(ids(await read(w.a.cookie))).not.toContain(items.b);
      },
      "location cannot see": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w)) {
          const listed = ids(await read(actor.cookie));
          for (const key of HIDDEN) expect(listed, `${actor.key} ${key}`).not.toContain(items.a[key]);
          for (const key of [...VIEW_ONLY, ...EDITABLE]) expect(listed, `${actor.key} ${key}`).toContain(items.a[key]);
        }
      },
      "view-only": async (w) => {
        const items = pick(await invoicesOf(w));
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect(ids(await read(actor.cookie)), `${actor.key} ${key}`).toContain(items.a[key]);
      },
      "missing privilege": async (w) => {
        const items = pick(await invoicesOf(w));
        const listed = ids(await read(readerWithoutPrivileges(w).cookie));
        for (const key of ITEM_KEYS) expect(listed, key).toContain(items.a[key]);
      },
    },
  };
}

/** A create naming another item (the customer, the invoice): what may not be named is a 400 on that field. */
function createRow(route: string, unknown: object, named: (w: World, made: Made) => { a: Record<ItemKey, string>; b: string }, add: (cookie: string | undefined, id: string) => Promise<ApiResponse>): Row {
  return {
    method: "POST",
    route,
    cases: {
      "no session": async (w) => {
        const items = named(w, await invoicesOf(w));
        await refusedWrite(w, "anonymous create", UNAUTHORIZED, () => add(undefined, items.a.editDefault));
      },
      "other organization": async (w) => {
        const items = named(w, await invoicesOf(w));
        for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, unknown, () => add(w.outsider.cookie, items.a[key]));
        await refusedWrite(w, "A's founder names B's", unknown, () => add(w.a.cookie, items.b));
      },
      "location cannot see": async (w) => {
        const items = named(w, await invoicesOf(w));
        for (const actor of southWith(w, "invoices")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, unknown, () => add(actor.cookie, items.a[key]));
          for (const key of EDITABLE) expectCreated(await add(actor.cookie, items.a[key]));
        }
      },
      "view-only": async (w) => {
        const items = named(w, await invoicesOf(w));
        for (const actor of southWith(w, "invoices")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => add(actor.cookie, items.a[key]));
        }
      },
      "missing privilege": async (w) => {
        const items = named(w, await invoicesOf(w));
        for (const actor of lacking(w, "invoices")) {
          for (const key of EDITABLE_EVERYWHERE) await refusedWrite(w, `${actor.key} ${key}`, permission("invoices"), () => add(actor.cookie, items.a[key]));
        }
      },
    },
  };
}

/** An export's rows as `number|customer` keys (the invoice's, for payments), from its CSV. */
async function exported(handler: typeof exportInvoices, path: string, cookie: string | undefined, columns: [number, number]) {
  const res = await download(handler, path, cookie, { format: "csv" });
  if (res.status !== 200) return { res, keys: null };
  const keys = csvRows(res.text)
    .slice(1)
    .map((cells) => `${cells[columns[0]]}|${cells[columns[1]]}`);
  return { res, keys };
}

/** What the session's list shows of issued invoices (and their payments), as export keys. */
async function listedKeys(cookie: string | undefined, payments: boolean) {
  const listed = (await invoices(cookie)).body.items as { id: string; number: string | null; customer_name: string; paid: number }[];
  return listed.filter((item) => item.number !== null && (!payments || item.paid > 0)).map((item) => `${item.number}|${item.customer_name}`);
}

/** An export: without the invoices privilege a 403; otherwise exactly what the caller's list shows (issued ones), never a hidden invoice. */
function exportRow(route: string, handler: typeof exportInvoices, columns: [number, number], payments: boolean): Row {
  const keysOf = async (w: World, cookie: string | undefined) => {
    const { res, keys } = await exported(handler, route, cookie, columns);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect([...new Set(keys)].sort()).toEqual([...new Set(await listedKeys(cookie, payments))].sort());
    return keys!;
  };
  const keyOfA = async (w: World, id: string) => {
    const found = await call(getInvoice, "GET", `/invoice/${id}`, { cookie: w.a.cookie, params: { id } });
    return `${found.body.number}|${found.body.customer_name}`;
  };
  return {
    method: "GET",
    route,
    cases: {
      "no session": async () => refusedRead("anonymous export", UNAUTHORIZED, () => call(handler, "GET", route, { query: {} })),
      "other organization": async (w) => {
        const items = await invoicesOf(w);
        await keysOf(w, w.outsider.cookie);
        const own = await keysOf(w, w.a.cookie);
        for (const key of ITEM_KEYS) expect(own).toContain(await keyOfA(w, items.issued[key]));
      },
      "location cannot see": async (w) => {
        const items = await invoicesOf(w);
        for (const actor of southWith(w, "invoices")) {
          const keys = await keysOf(w, actor.cookie);
          for (const key of HIDDEN) expect(keys, `${actor.key} ${key}`).not.toContain(await keyOfA(w, items.issued[key]));
          for (const key of EDITABLE) expect(keys, `${actor.key} ${key}`).toContain(await keyOfA(w, items.issued[key]));
        }
      },
      "view-only": async (w) => {
        const items = await invoicesOf(w);
        for (const actor of southWith(w, "invoices")) {
          const keys = await keysOf(w, actor.cookie);
          for (const key of VIEW_ONLY) expect(keys, `${actor.key} ${key}`).toContain(await keyOfA(w, items.issued[key]));
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "invoices")) await refusedRead(`${actor.key} export`, permission("invoices"), () => call(handler, "GET", route, { cookie: actor.cookie, query: {} }));
      },
    },
  };
}

/** The aged receivables: per customer, exactly what the caller's list shows left to pay on open invoices. */
async function receivablesMatchList(cookie: string, label: string) {
  const res = await call(getReceivables, "GET", "/dashboard/receivables", { cookie });
  expect(res.status, label).toBe(200);
  const listed = (await call(listInvoices, "GET", "/invoice", { cookie, query: { limit: "1000", status: ["issued", "sent", "partly_paid", "overdue"] } })).body.items as { customer: string; due: number }[];
  const owed = new Map<string, number>();
  for (const item of listed) if (item.due > 0) owed.set(item.customer, (owed.get(item.customer) ?? 0) + item.due);
  const shown = new Map((res.body.items as { customer: string; total: number }[]).map((item) => [item.customer, item.total]));
  expect(shown, label).toEqual(owed);
  return shown;
}

const receivablesRow: Row = {
  method: "GET",
  route: "/dashboard/receivables",
  cases: {
    "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(getReceivables, "GET", "/dashboard/receivables")),
    "other organization": async (w) => {
      await invoicesOf(w);
      const theirs = await receivablesMatchList(w.outsider.cookie, "outsider");
      for (const key of ITEM_KEYS) expect(theirs.has(w.items.customer[key].id)).toBe(false);
      const ours = await receivablesMatchList(w.a.cookie, "founder");
      expect(ours.has(w.bItem.customer)).toBe(false);
    },
    "location cannot see": async (w) => {
      await invoicesOf(w);
      for (const actor of southWith(w)) {
        const shown = await receivablesMatchList(actor.cookie, actor.key);
        for (const key of HIDDEN) expect(shown.has(w.items.customer[key].id), `${actor.key} ${key}`).toBe(false);
      }
    },
    "view-only": async (w) => {
      await invoicesOf(w);
      for (const actor of southWith(w)) {
        const shown = await receivablesMatchList(actor.cookie, actor.key);
        for (const key of VIEW_ONLY) expect(shown.has(w.items.customer[key].id), `${actor.key} ${key}`).toBe(true);
      }
    },
    "missing privilege": async (w) => {
      await invoicesOf(w);
      await receivablesMatchList(readerWithoutPrivileges(w).cookie, "reader without privileges");
    },
  },
};

const customers = (w: World) => ({ a: Object.fromEntries(ITEM_KEYS.map((key) => [key, w.items.customer[key].id])) as Record<ItemKey, string>, b: w.bItem.customer });

export const invoiceRows: Row[] = [
  listRow("/invoice", drafts, invoices),
  createRow("/invoice", NO_CUSTOMER, (w) => customers(w), addInvoice),
  readRow("/invoice/[id]", INVOICE, drafts, readInvoice(getInvoice)),
  writeRow("PATCH", "/invoice/[id]", INVOICE, drafts, [patch({ title: "Hijacked" }), patch({ notes: "Hijacked" }), patch({ sections: [] })], patch({})),
  readRow("/invoice/[id]/history", INVOICE, drafts, readInvoice(invoiceHistory, "/history")),
  writeRow("POST", "/invoice/[id]/issue", INVOICE, drafts, [post(issueInvoice, "issue")]),
  writeRow("POST", "/invoice/[id]/void", INVOICE, drafts, [post(voidInvoice, "void"), post(voidInvoice, "void")]),
  writeRow("POST", "/invoice/[id]/credit", INVOICE, issuedOnes, [post(creditInvoice, "credit")]),
  readRow("/invoice/[id]/pdf", INVOICE, drafts, readInvoice(invoicePdf, "/pdf")),
  // Read where the invoice may be seen: the XML, or the 409 naming what the isolation world's business lacks for it.
  readRow("/invoice/[id]/einvoice", INVOICE, issuedOnes, (cookie, id) => call(invoiceEinvoice, "GET", `/invoice/${id}/einvoice`, { cookie, params: { id }, query: { format: "ubl" } }), [200, 409]),
  writeRow("POST", "/invoice/[id]/send", INVOICE, issuedOnes, [post(sendInvoice, "send", { channel: "email", to: "someone@example.com" }), post(sendInvoice, "send", { channel: "sms", to: "+447700900123" })]),
  exportRow("/invoice/export", exportInvoices, [0, 3], false),
  receivablesRow,
  exportRow("/payment/export", exportPayments, [1, 2], true),
  listRow("/payment", payments, paymentList),
  createRow("/payment", NO_INVOICE, (_w, m) => issuedOnes(m), addPayment),
  readRow("/payment/[id]", PAYMENT, payments, (cookie, id) => call(getPayment, "GET", `/payment/${id}`, { cookie, params: { id } })),
  writeRow("DELETE", "/payment/[id]", PAYMENT, payments, [(cookie, id) => call(deletePayment, "DELETE", `/payment/${id}`, { cookie, params: { id } })]),
];
