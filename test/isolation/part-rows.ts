/**
 * The rows of what belongs to a customer (its sites, its contacts: lib/server/scoped-parts.ts):
 * list, create, read, change and history, each under /customer/{id}/<part>. A part is
 * seen as its customer is, changed with edit access to it and customers_manage, and
 * one named under another customer than its own is that part's 404.
 */
import { expect } from "vitest";
import { call, type ApiResponse } from "@/test/api";
import { notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "./cases";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type ItemKey } from "./items";
import { expectCreated, type Handler, type World } from "./world";

export type PartSpec = {
  /** The path segment under /customer/{id}: "site". */
  segment: string;
  /** The route parameter of one part: "siteId". */
  param: string;
  resource: string;
  list: Handler;
  create: Handler;
  get: Handler;
  patch: Handler;
  history: Handler;
  createBody: (label: string) => Record<string, unknown>;
  /** Real changes a refused PATCH attempts. */
  changes: () => Record<string, unknown>[];
};

const CUSTOMER = "Customer";

/** One part of each of A's customers and one of B's, made by their founders the first time a case asks. */
const made = new WeakMap<World, Map<string, Promise<{ a: Record<ItemKey, string>; b: string }>>>();
export function partsOf(w: World, spec: PartSpec) {
  if (!made.has(w)) made.set(w, new Map());
  const byPart = made.get(w)!;
  if (!byPart.has(spec.segment)) {
    byPart.set(
      spec.segment,
      (async () => {
        const create = async (cookie: string, customerId: string, label: string) =>
          expectCreated(await call(spec.create, "POST", `/customer/${customerId}/${spec.segment}`, { cookie, params: { id: customerId }, body: spec.createBody(label) }));
        const a = {} as Record<ItemKey, string>;
        for (const key of ITEM_KEYS) a[key] = await create(w.a.cookie, w.items.customer[key].id, `${spec.segment} of ${key}`);
        return { a, b: await create(w.b.cookie, w.bItem.customer, `B's ${spec.segment}`) };
      })(),
    );
  }
  return byPart.get(spec.segment)!;
}

export function partRows(spec: PartSpec): Row[] {
  const base = (customerId: string) => `/customer/${customerId}/${spec.segment}`;
  const one = (customerId: string, id: string) => ({ path: `${base(customerId)}/${id}`, params: { id: customerId, [spec.param]: id } });
  const list = (cookie: string | undefined, customerId: string) => call(spec.list, "GET", base(customerId), { cookie, params: { id: customerId }, query: { status: ["active", "removed"] } });
  const create = (cookie: string | undefined, customerId: string, body = spec.createBody("Intruder")) =>
    call(spec.create, "POST", base(customerId), { cookie, params: { id: customerId }, body });
  const get = (cookie: string | undefined, customerId: string, id: string) => call(spec.get, "GET", one(customerId, id).path, { cookie, params: one(customerId, id).params });
  const patch = (cookie: string | undefined, customerId: string, id: string, body: Record<string, unknown>) =>
    call(spec.patch, "PATCH", one(customerId, id).path, { cookie, params: one(customerId, id).params, body });
  const history = (cookie: string | undefined, customerId: string, id: string) =>
    call(spec.history, "GET", `${one(customerId, id).path}/history`, { cookie, params: one(customerId, id).params });
  const customerOf = (w: World, key: ItemKey) => w.items.customer[key].id;
  const listed = (res: ApiResponse) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((item: { id: string }) => item.id) as string[];
  };

  /** The reads (one part, its history): the same perspectives. */
  const readRow = (route: string, read: (cookie: string | undefined, customerId: string, id: string) => Promise<ApiResponse>): Row => ({
    method: "GET",
    route,
    cases: {
      "no session": async (w) => {
        const parts = await partsOf(w, spec);
        await refusedRead("anonymous", UNAUTHORIZED, () => read(undefined, customerOf(w, "editDefault"), parts.a.editDefault));
      },
      "other organization": async (w) => {
        const parts = await partsOf(w, spec);
        for (const key of ITEM_KEYS) {
          await refusedRead(`outsider ${key}`, notFound(CUSTOMER), () => read(w.outsider.cookie, customerOf(w, key), parts.a[key]));
          // A's part under B's own customer is no part of it.
          await refusedRead(`outsider ${key} under B's customer`, notFound(spec.resource), () => read(w.outsider.cookie, w.bItem.customer, parts.a[key]));
        }
        await refusedRead("A's founder reads B's", notFound(CUSTOMER), () => read(w.a.cookie, w.bItem.customer, parts.b));
        expect((await read(w.outsider.cookie, w.bItem.customer, parts.b)).status).toBe(200);
      },
      "location cannot see": async (w) => {
        const parts = await partsOf(w, spec);
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound(CUSTOMER), () => read(actor.cookie, customerOf(w, key), parts.a[key]));
          for (const key of EDITABLE) expect((await read(actor.cookie, customerOf(w, key), parts.a[key])).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "view-only": async (w) => {
        const parts = await partsOf(w, spec);
        for (const actor of southWith(w)) {
          for (const key of VIEW_ONLY) expect((await read(actor.cookie, customerOf(w, key), parts.a[key])).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "missing privilege": async (w) => {
        const parts = await partsOf(w, spec);
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect((await read(reader.cookie, customerOf(w, key), parts.a[key])).status, key).toBe(200);
      },
    },
  });

  return [
    {
      method: "GET",
      route: `/customer/[id]/${spec.segment}`,
      cases: {
        "no session": async (w) => refusedRead("anonymous list", UNAUTHORIZED, () => list(undefined, customerOf(w, "editDefault"))),
        "other organization": async (w) => {
          const parts = await partsOf(w, spec);
          for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound(CUSTOMER), () => list(w.outsider.cookie, customerOf(w, key)));
          await refusedRead("A's founder lists B's", notFound(CUSTOMER), () => list(w.a.cookie, w.bItem.customer));
          expect(listed(await list(w.outsider.cookie, w.bItem.customer))).toEqual([parts.b]);
        },
        "location cannot see": async (w) => {
          const parts = await partsOf(w, spec);
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound(CUSTOMER), () => list(actor.cookie, customerOf(w, key)));
            for (const key of [...VIEW_ONLY, ...EDITABLE]) expect(listed(await list(actor.cookie, customerOf(w, key))), `${actor.key} ${key}`).toContain(parts.a[key]);
          }
        },
        "view-only": async (w) => {
          const parts = await partsOf(w, spec);
          for (const actor of southWith(w)) {
            for (const key of VIEW_ONLY) expect(listed(await list(actor.cookie, customerOf(w, key))), `${actor.key} ${key}`).toContain(parts.a[key]);
          }
        },
        "missing privilege": async (w) => {
          const parts = await partsOf(w, spec);
          const reader = readerWithoutPrivileges(w);
          for (const key of ITEM_KEYS) expect(listed(await list(reader.cookie, customerOf(w, key))), key).toContain(parts.a[key]);
        },
      },
    },
    {
      method: "POST",
      route: `/customer/[id]/${spec.segment}`,
      cases: {
        "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => create(undefined, customerOf(w, "editDefault"))),
        "other organization": async (w) => {
          for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, notFound(CUSTOMER), () => create(w.outsider.cookie, customerOf(w, key)));
          await refusedWrite(w, "A's founder adds to B's", notFound(CUSTOMER), () => create(w.a.cookie, w.bItem.customer));
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w, "customers_manage")) {
            for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, notFound(CUSTOMER), () => create(actor.cookie, customerOf(w, key)));
            for (const key of EDITABLE) expectCreated(await create(actor.cookie, customerOf(w, key), spec.createBody(`South's ${spec.segment}`)));
          }
        },
        "view-only": async (w) => {
          for (const actor of southWith(w, "customers_manage")) {
            for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => create(actor.cookie, customerOf(w, key)));
          }
        },
        "missing privilege": async (w) => {
          for (const actor of lacking(w, "customers_manage")) {
            for (const key of EDITABLE_EVERYWHERE) {
              await refusedWrite(w, `${actor.key} ${key}`, permission("customers_manage"), () => create(actor.cookie, customerOf(w, key)));
            }
          }
        },
      },
    },
    readRow(`/customer/[id]/${spec.segment}/[${spec.param}]`, get),
    {
      method: "PATCH",
      route: `/customer/[id]/${spec.segment}/[${spec.param}]`,
      cases: {
        "no session": async (w) => {
          const parts = await partsOf(w, spec);
          for (const body of spec.changes()) {
            await refusedWrite(w, `anonymous ${JSON.stringify(body)}`, UNAUTHORIZED, () => patch(undefined, customerOf(w, "editDefault"), parts.a.editDefault, body));
          }
        },
        "other organization": async (w) => {
          const parts = await partsOf(w, spec);
          for (const key of ITEM_KEYS) {
            for (const body of spec.changes()) {
              await refusedWrite(w, `outsider ${key} ${JSON.stringify(body)}`, notFound(CUSTOMER), () => patch(w.outsider.cookie, customerOf(w, key), parts.a[key], body));
              await refusedWrite(w, `outsider ${key} under B's customer`, notFound(spec.resource), () => patch(w.outsider.cookie, w.bItem.customer, parts.a[key], body));
            }
          }
          await refusedWrite(w, "A's founder changes B's", notFound(CUSTOMER), () => patch(w.a.cookie, w.bItem.customer, parts.b, spec.changes()[0]));
        },
        "location cannot see": async (w) => {
          const parts = await partsOf(w, spec);
          for (const actor of southWith(w, "customers_manage")) {
            for (const key of HIDDEN) {
              for (const body of spec.changes()) {
                await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, notFound(CUSTOMER), () => patch(actor.cookie, customerOf(w, key), parts.a[key], body));
              }
            }
          }
        },
        "view-only": async (w) => {
          const parts = await partsOf(w, spec);
          for (const actor of southWith(w, "customers_manage")) {
            for (const key of VIEW_ONLY) {
              for (const body of spec.changes()) {
                await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, VIEW_ONLY_REFUSAL, () => patch(actor.cookie, customerOf(w, key), parts.a[key], body));
              }
            }
            // Where sharing gives edit, the same member may write (an unchanged value: nothing is stored).
            for (const key of EDITABLE) {
              const current = await get(actor.cookie, customerOf(w, key), parts.a[key]);
              const res = await patch(actor.cookie, customerOf(w, key), parts.a[key], { status: current.body.status });
              expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(200);
            }
          }
        },
        "missing privilege": async (w) => {
          const parts = await partsOf(w, spec);
          for (const actor of lacking(w, "customers_manage")) {
            for (const key of EDITABLE_EVERYWHERE) {
              for (const body of spec.changes()) {
                await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, permission("customers_manage"), () => patch(actor.cookie, customerOf(w, key), parts.a[key], body));
              }
            }
          }
        },
      },
    },
    readRow(`/customer/[id]/${spec.segment}/[${spec.param}]/history`, history),
  ];
}
