/**
 * Quotes. A quote is seen and changed as its customer is: its location and sharing are
 * its customer's, kept by the database; writing needs customers_manage and edit on it.
 */
import { expect } from "vitest";
import { GET as quoteHistory } from "@/app/api/api/quote/[id]/history/route";
import { POST as quoteLink } from "@/app/api/api/quote/[id]/link/route";
import { GET as quotePdf } from "@/app/api/api/quote/[id]/pdf/route";
import { POST as reviseQuote } from "@/app/api/api/quote/[id]/revise/route";
import { GET as getQuote, PATCH as patchQuote } from "@/app/api/api/quote/[id]/route";
import { POST as sendQuote } from "@/app/api/api/quote/[id]/send/route";
import { GET as listQuotes, POST as postQuote } from "@/app/api/api/quote/route";
import { call, type ApiResponse } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { ids, lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "../cases";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type ItemKey } from "../items";
import { expectCreated, type World } from "../world";

const QUOTE = "Quote";
const NO_CUSTOMER = invalid("customer", "This customer does not exist");

const body = (customer: string, title = "Boiler swap") => ({
  customer,
  title,
  options: [{ name: "Standard", sections: [{ lines: [{ name: "Boiler", unit: "piece", unit_price: 150_000, quantity: 1 }] }] }],
});

/** A quote to each of A's customers and one to B's, made by their founders the first time a case asks. */
const quotesMade = new WeakMap<World, Promise<{ a: Record<ItemKey, string>; b: string }>>();
function quotesOf(w: World) {
  if (!quotesMade.has(w)) {
    quotesMade.set(
      w,
      (async () => {
        const make = async (cookie: string, customer: string) => expectCreated(await call(postQuote, "POST", "/quote", { cookie, body: body(customer) }));
        const a = {} as Record<ItemKey, string>;
        for (const key of ITEM_KEYS) a[key] = await make(w.a.cookie, w.items.customer[key].id);
        return { a, b: await make(w.b.cookie, w.bItem.customer) };
      })(),
    );
  }
  return quotesMade.get(w)!;
}

type Read = (cookie: string | undefined, id: string) => Promise<ApiResponse>;
const readCall = (handler: typeof getQuote, suffix = ""): Read => (cookie, id) => call(handler, "GET", `/quote/${id}${suffix}`, { cookie, params: { id } });
const quotes = (cookie: string | undefined) => call(listQuotes, "GET", "/quote", { cookie, query: { limit: "1000" } });
const addQuote = (cookie: string | undefined, customer: string) => call(postQuote, "POST", "/quote", { cookie, body: body(customer, "Intruder") });

/** The reads of one quote (the quote, its history, its PDF): as its customer. */
function readRow(route: string, read: Read): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, async () => read(undefined, (await quotesOf(w)).a.editDefault)),
      "other organization": async (w) => {
        const made = await quotesOf(w);
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound(QUOTE), () => read(w.outsider.cookie, made.a[key]));
        await refusedRead("A's founder reads B's", notFound(QUOTE), () => read(w.a.cookie, made.b));
      },
      "location cannot see": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound(QUOTE), () => read(actor.cookie, made.a[key]));
          for (const key of EDITABLE) expect((await read(actor.cookie, made.a[key])).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "view-only": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect((await read(actor.cookie, made.a[key])).status, `${actor.key} ${key}`).toBe(200);
      },
      "missing privilege": async (w) => {
        const made = await quotesOf(w);
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect((await read(reader.cookie, made.a[key])).status, key).toBe(200);
      },
    },
  };
}

type Write = (cookie: string | undefined, id: string) => Promise<ApiResponse>;

/**
 * A write on one quote: refused without a session, across organizations and where the
 * customer is hidden (404), view-only (403), and without customers_manage. `allowed`
 * shows that the same member writes where sharing gives edit.
 */
function writeRow(method: string, route: string, writes: Write[], allowed?: Write): Row {
  return {
    method,
    route,
    cases: {
      "no session": async (w) => {
        const made = await quotesOf(w);
        for (const [index, write] of writes.entries()) await refusedWrite(w, `anonymous ${index}`, UNAUTHORIZED, () => write(undefined, made.a.editDefault));
      },
      "other organization": async (w) => {
        const made = await quotesOf(w);
        for (const key of ITEM_KEYS) {
          for (const [index, write] of writes.entries()) await refusedWrite(w, `outsider ${key} ${index}`, notFound(QUOTE), () => write(w.outsider.cookie, made.a[key]));
        }
        await refusedWrite(w, "A's founder writes B's", notFound(QUOTE), () => writes[0](w.a.cookie, made.b));
      },
      "location cannot see": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of HIDDEN) {
            for (const [index, write] of writes.entries()) await refusedWrite(w, `${actor.key} ${key} ${index}`, notFound(QUOTE), () => write(actor.cookie, made.a[key]));
          }
        }
      },
      "view-only": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of VIEW_ONLY) {
            for (const [index, write] of writes.entries()) await refusedWrite(w, `${actor.key} ${key} ${index}`, VIEW_ONLY_REFUSAL, () => write(actor.cookie, made.a[key]));
          }
          if (allowed) {
            for (const key of EDITABLE) {
              const res = await allowed(actor.cookie, made.a[key]);
              expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(200);
            }
          }
        }
      },
      "missing privilege": async (w) => {
        const made = await quotesOf(w);
        for (const actor of lacking(w, "customers_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            for (const [index, write] of writes.entries()) {
              await refusedWrite(w, `${actor.key} ${key} ${index}`, permission("customers_manage"), () => write(actor.cookie, made.a[key]));
            }
          }
        }
      },
    },
  };
}

const patch = (change: Record<string, unknown>): Write => (cookie, id) => call(patchQuote, "PATCH", `/quote/${id}`, { cookie, params: { id }, body: change });
const post = (handler: typeof sendQuote, suffix: string, payload: Record<string, unknown> = {}): Write => (cookie, id) =>
  call(handler, "POST", `/quote/${id}/${suffix}`, { cookie, params: { id }, body: payload });

export const quoteRows: Row[] = [
  {
    method: "GET",
    route: "/quote",
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => quotes(undefined)),
      "other organization": async (w) => {
        const made = await quotesOf(w);
        expect(ids(await quotes(w.outsider.cookie))).toEqual([made.b]);
        expect(ids(await quotes(w.a.cookie))).not.toContain(made.b);
      },
      "location cannot see": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w)) {
          const listed = ids(await quotes(actor.cookie));
          for (const key of HIDDEN) expect(listed, `${actor.key} ${key}`).not.toContain(made.a[key]);
          for (const key of [...VIEW_ONLY, ...EDITABLE]) expect(listed, `${actor.key} ${key}`).toContain(made.a[key]);
        }
      },
      "view-only": async (w) => {
        const made = await quotesOf(w);
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect(ids(await quotes(actor.cookie)), `${actor.key} ${key}`).toContain(made.a[key]);
      },
      "missing privilege": async (w) => {
        const made = await quotesOf(w);
        const listed = ids(await quotes(readerWithoutPrivileges(w).cookie));
        for (const key of ITEM_KEYS) expect(listed, key).toContain(made.a[key]);
      },
    },
  },
  {
    method: "POST",
    route: "/quote",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => addQuote(undefined, w.items.customer.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, NO_CUSTOMER, () => addQuote(w.outsider.cookie, w.items.customer[key].id));
        await refusedWrite(w, "A's founder quotes B's customer", NO_CUSTOMER, () => addQuote(w.a.cookie, w.bItem.customer));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, NO_CUSTOMER, () => addQuote(actor.cookie, w.items.customer[key].id));
          for (const key of EDITABLE) expectCreated(await addQuote(actor.cookie, w.items.customer[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => addQuote(actor.cookie, w.items.customer[key].id));
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "customers_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            await refusedWrite(w, `${actor.key} ${key}`, permission("customers_manage"), () => addQuote(actor.cookie, w.items.customer[key].id));
          }
        }
      },
    },
  },
  readRow("/quote/[id]", readCall(getQuote)),
  writeRow("PATCH", "/quote/[id]", [patch({ title: "Hijacked" }), patch({ internal_notes: "Hijacked" }), patch({ deposit: { percent: 100 } })], patch({})),
  readRow("/quote/[id]/history", readCall(quoteHistory, "/history")),
  readRow("/quote/[id]/pdf", readCall(quotePdf, "/pdf")),
  writeRow("POST", "/quote/[id]/send", [post(sendQuote, "send", { channel: "email" }), post(sendQuote, "send", { channel: "sms", to: "+447700900123" })]),
  writeRow("POST", "/quote/[id]/revise", [post(reviseQuote, "revise")]),
  writeRow("POST", "/quote/[id]/link", [post(quoteLink, "link")]),
];
