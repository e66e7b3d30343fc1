/**
 * The four rows every entity of the shared shape has: list, create, read and
 * change, built from its EntitySpec so each entity's table only adds what is its own.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { call } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import {
  actorsWhere,
  getItem,
  ids,
  itemRequest,
  lacking,
  listAll,
  readerWithoutPrivileges,
  refusedRead,
  refusedWrite,
  southWith,
  type Row,
} from "./cases";
import { spec } from "./entities";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type EntityKey } from "./items";
import { expectCreated, watch, type World } from "./world";

/** GET, POST on the collection and GET, PATCH on one item of the entity. */
export const entityRows = (entity: EntityKey): Row[] => [listRow(entity), createRow(entity), getRow(entity), patchRow(entity)];

function listRow(entity: EntityKey): Row {
  const list = (cookie: string | undefined, query: Record<string, string | string[]> = {}) => listAll(entity, cookie, query);
  return {
    method: "GET",
    route: spec(entity).path,
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => list(undefined)),
      "other organization": async (w) => {
        const res = await list(w.outsider.cookie, { sharing: "ignore" });
        const seen = ids(res);
        expect(seen.filter((id) => w.aIds.includes(id))).toEqual([]);
        expect(res.body.items.filter((item: { organization: string }) => item.organization !== w.b.organizationId)).toEqual([]);
        expect(w.bIds[entity].filter((id) => !seen.includes(id))).toEqual([]);
        expect(seen).toContain(w.bItem[entity]);
        // Asking for A's ids by name finds nothing.
        const aOwn = ITEM_KEYS.map((key) => w.items[entity][key].id);
        expect(ids(await list(w.outsider.cookie, { id: aOwn }))).toEqual([]);
        // Nor the other way round, for every member of A.
        for (const actor of w.actors) {
          const theirs = ids(await list(actor.cookie));
          expect(theirs.filter((id) => w.bIds[entity].includes(id)), actor.key).toEqual([]);
        }
      },
      "location cannot see": async (w) => {
        const hiddenIds = HIDDEN.map((key) => w.items[entity][key].id);
        const visibleIds = [...VIEW_ONLY, ...EDITABLE].map((key) => w.items[entity][key].id);
        for (const actor of southWith(w)) {
          for (const sharing of ["include", "shared_only", "exclude"]) {
            const seen = ids(await list(actor.cookie, { sharing }));
            expect(seen.filter((id) => hiddenIds.includes(id)), `${actor.key} sharing=${sharing}`).toEqual([]);
            if (sharing === "include") expect(visibleIds.filter((id) => !seen.includes(id)), actor.key).toEqual([]);
          }
          expect(ids(await list(actor.cookie, { id: hiddenIds }))).toEqual([]);
          expect(ids(await list(actor.cookie, { search: `${entity} hidden` }))).toEqual([]);
          const ignore = await list(actor.cookie, { sharing: "ignore" });
          expect(ignore.status).toBe(400);
          expect(ignore.body.errors).toEqual([
            { path: "sharing", message: "The sharing filter ignore is only available at organization level" },
          ]);
        }
      },
      "view-only": async (w) => {
        const viewIds = VIEW_ONLY.map((key) => w.items[entity][key].id);
        for (const actor of southWith(w)) {
          const seen = ids(await list(actor.cookie, { id: viewIds, sharing: "shared_only" }));
          expect(seen.sort(), actor.key).toEqual([...viewIds].sort());
        }
      },
      "missing privilege": async (w) => {
        // Reading needs no privilege: a member holding none at organization level sees every item.
        const all = ITEM_KEYS.map((key) => w.items[entity][key].id);
        expect(ids(await list(readerWithoutPrivileges(w).cookie, { id: all })).sort()).toEqual([...all].sort());
      },
    },
  };
}

function getRow(entity: EntityKey): Row {
  const { resource, label } = spec(entity);
  return {
    method: "GET",
    route: `${spec(entity).path}/[id]`,
    cases: {
      "no session": async (w) => {
        for (const key of ITEM_KEYS) await refusedRead(key, UNAUTHORIZED, () => getItem(entity, undefined, w.items[entity][key].id));
      },
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) {
          await refusedRead(`outsider ${key}`, notFound(resource), () => getItem(entity, w.outsider.cookie, w.items[entity][key].id));
        }
        for (const id of w.bIds[entity]) {
          await refusedRead(`A's founder reads B's ${id}`, notFound(resource), () => getItem(entity, w.a.cookie, id));
        }
        expect((await getItem(entity, w.outsider.cookie, w.bItem[entity])).status).toBe(200);
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) {
            await refusedRead(`${actor.key} ${key}`, notFound(resource), () => getItem(entity, actor.cookie, w.items[entity][key].id));
          }
          for (const key of EDITABLE) expect((await getItem(entity, actor.cookie, w.items[entity][key].id)).body.id).toBe(w.items[entity][key].id);
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of VIEW_ONLY) {
            const res = await getItem(entity, actor.cookie, w.items[entity][key].id);
            expect(res.status, `${actor.key} ${key}`).toBe(200);
            expect(res.body).toMatchObject({ id: w.items[entity][key].id, [label]: w.items[entity][key].name });
          }
        }
      },
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect((await getItem(entity, reader.cookie, w.items[entity][key].id)).status, key).toBe(200);
      },
    },
  };
}

function patchRow(entity: EntityKey): Row {
  const { resource, label, patchPrivilege: privilege } = spec(entity);
  const patch = (cookie: string | undefined, id: string, body: unknown) =>
    call(spec(entity).patch, "PATCH", itemRequest(entity, id).path, { cookie, params: { id }, body });
  const changes = () => spec(entity).changes();
  return {
    method: "PATCH",
    route: `${spec(entity).path}/[id]`,
    cases: {
      "no session": async (w) => {
        for (const key of ["editDefault", "hidden"] as const) {
          for (const body of changes()) {
            await refusedWrite(w, `anonymous ${key} ${JSON.stringify(body)}`, UNAUTHORIZED, () => patch(undefined, w.items[entity][key].id, body));
          }
        }
      },
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) {
          for (const body of changes()) {
            await refusedWrite(w, `outsider ${key} ${JSON.stringify(body)}`, notFound(resource), () =>
              patch(w.outsider.cookie, w.items[entity][key].id, body),
            );
          }
        }
        // Nor can A's items point at B's: a location in sharing, and whatever else the item refers to.
        const crossing: [Record<string, unknown>, object][] = [
          [
            { sharing: { default: "none", locations: [{ id: w.harbour, level: "view" }] } },
            invalid("sharing.locations", "Sharing names a location that does not exist"),
          ],
          ...(spec(entity).patchCrossing?.(w) ?? []),
        ];
        for (const [body, expected] of crossing) {
          await refusedWrite(w, `A's founder ${JSON.stringify(body)}`, expected, () => patch(w.a.cookie, w.items[entity].editDefault.id, body));
        }
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w, privilege)) {
          for (const key of HIDDEN) {
            for (const body of changes()) {
              await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, notFound(resource), () =>
                patch(actor.cookie, w.items[entity][key].id, body),
              );
            }
          }
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w, privilege)) {
          for (const key of VIEW_ONLY) {
            for (const body of changes()) {
              await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, VIEW_ONLY_REFUSAL, () =>
                patch(actor.cookie, w.items[entity][key].id, body),
              );
            }
          }
          // The same member may write where sharing gives edit (its unchanged name: nothing is stored).
          for (const key of EDITABLE) {
            const res = await patch(actor.cookie, w.items[entity][key].id, { [label]: w.items[entity][key].name });
            expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(200);
          }
        }
      },
      "missing privilege": async (w) => {
        // On items every member may edit as far as sharing goes, so the privilege is the only reason.
        for (const actor of lacking(w, privilege)) {
          for (const key of EDITABLE_EVERYWHERE) {
            for (const body of changes()) {
              await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, permission(privilege), () =>
                patch(actor.cookie, w.items[entity][key].id, body),
              );
            }
          }
        }
      },
    },
  };
}

function createRow(entity: EntityKey): Row {
  const { resource, createPrivilege: privilege } = spec(entity);
  const post = (cookie: string | undefined, body: unknown) => call(spec(entity).create, "POST", spec(entity).path, { cookie, body });
  const rowOf = async (id: string) => {
    const db = await getDb();
    const { table } = spec(entity);
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row as { organizationId: string; locationId?: string | null };
  };
  return {
    method: "POST",
    route: spec(entity).path,
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => post(undefined, spec(entity).createBody("Anonymous", w.refs.a))),
      "other organization": async (w) => {
        // B cannot refer to A's items...
        for (const [body, expected] of spec(entity).createCrossing?.(w) ?? []) {
          await refusedWrite(w, `outsider ${JSON.stringify(body)}`, expected, () => post(w.outsider.cookie, body));
        }
        // ...and what B creates belongs to B, leaves A untouched, and A cannot see it.
        const writesToA = await watch(w, [w.a.organizationId]);
        const id = expectCreated(await post(w.outsider.cookie, spec(entity).createBody(`B's new ${entity}`, w.refs.b)));
        expect((await rowOf(id)).organizationId).toBe(w.b.organizationId);
        expect(await writesToA()).toEqual([]);
        await refusedRead(`A reads B's new ${entity}`, notFound(resource), () => getItem(entity, w.a.cookie, id));
        expect(ids(await listAll(entity, w.a.cookie))).not.toContain(id);
      },
      "location cannot see": async (w) => {
        const creators = southWith(w, privilege ?? undefined);
        // Items South cannot see cannot be referred to from South...
        for (const actor of creators) {
          for (const [body, expected] of spec(entity).createHidden?.(w) ?? []) {
            await refusedWrite(w, `${actor.key} ${JSON.stringify(body)}`, expected, () => post(actor.cookie, body));
          }
        }
        // ...and what South creates belongs to South and is hidden from North.
        for (const actor of creators) {
          const id = expectCreated(await post(actor.cookie, spec(entity).createBody(`South's new ${entity}`, w.refs.a)));
          if (entity !== "location") expect((await rowOf(id)).locationId).toBe(w.south);
          for (const reader of actorsWhere(w, (other) => other.place === "north")) {
            await refusedRead(`${reader.key} reads South's new ${entity}`, notFound(resource), () => getItem(entity, reader.cookie, id));
          }
        }
      },
      "view-only": spec(entity).createHidden
        ? "creating only reads what it refers to, so items shared view-only may be referred to (entity tests)"
        : "creating names no existing item",
      "missing privilege": privilege
        ? async (w) => {
            for (const actor of lacking(w, privilege)) {
              await refusedWrite(w, `${actor.key} create`, permission(privilege), () => post(actor.cookie, spec(entity).createBody("Unprivileged", w.refs.a)));
            }
          }
        : "every active member may create these (ARCHITECTURE.md §4)",
    },
  };
}
