/**
 * The isolation suite's cases and runner (ARCHITECTURE.md §3, §4). Every endpoint is
 * called as each of
 *   - no session                    -> 401
 *   - a member of another organization -> 404 for the other organization's ids, lists never contain them
 *   - a member at a location that cannot see the item -> 404 by id, absent from lists
 *   - a member with view-only access -> reads, but writes are 403 without a permission field
 *   - a member lacking the privilege -> 403 with the permission
 * and after every refused write the database is unchanged (full rows of both
 * organizations, compared before and after).
 *
 * One row per endpoint (method + route file), in the table file of its area under
 * test/isolation/rows, which test/isolation/<area>.isolation.test.ts runs. A
 * perspective that does not apply to an endpoint names the reason instead of a case.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { location } from "@/db/schema/organization";
import { GET as getSession } from "@/app/api/api/session/route";
import type { Privilege } from "@/lib/schemas/constants";
import type { Sharing } from "@/lib/schemas/sharing";
import { call, type ApiResponse } from "@/test/api";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { ENTITIES, spec } from "./entities";
import { ITEM_KEYS, ITEMS, PLACES, PRIVILEGE_SETS, type Actor, type EntityKey } from "./items";
import { build, snapshot, watch, type World } from "./world";

export const PERSPECTIVES = ["no session", "other organization", "location cannot see", "view-only", "missing privilege"] as const;
export type Perspective = (typeof PERSPECTIVES)[number];
/** A case runs the perspective against the world; a string says why the perspective does not apply. */
export type Case = ((w: World) => Promise<void>) | string;
export type Row = { method: string; route: string; cases: Record<Perspective, Case> };

/** A write that must be refused with exactly `expected`, leaving every row as it was. */
export async function refusedWrite(w: World, label: string, expected: object, request: () => Promise<ApiResponse>) {
  const writes = await watch(w);
  const res = await request();
  expect({ status: res.status, body: res.body }, label).toEqual({ status: (expected as { status: number }).status, body: expected });
  expect(await writes(), `${label}: the database must be unchanged`).toEqual([]);
}

/** A read that must answer exactly `expected`. */
export async function refusedRead(label: string, expected: object, request: () => Promise<ApiResponse>) {
  const res = await request();
  expect({ status: res.status, body: res.body }, label).toEqual({ status: (expected as { status: number }).status, body: expected });
}

export const actorsWhere = (w: World, test: (actor: Actor) => boolean) => {
  const found = w.actors.filter(test);
  expect(found.length).toBeGreaterThan(0);
  return found;
};
export const holds = (actor: Actor, privilege: Privilege) => actor.privileges.includes("admin") || actor.privileges.includes(privilege);
export const southWith = (w: World, privilege?: Privilege) =>
  actorsWhere(w, (actor) => actor.place === "south" && (!privilege || holds(actor, privilege)));
export const lacking = (w: World, privilege: Privilege) => actorsWhere(w, (actor) => !holds(actor, privilege));
export const readerWithoutPrivileges = (w: World) => w.actors.find((actor) => actor.key === "none@organization")!;

export const ids = (res: ApiResponse): string[] => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((item: { id: string }) => item.id);
};

/** A refused import (422, its report in the body): it must leave every row as it was. */
export async function writesNothing(w: World, label: string, request: () => Promise<ApiResponse>, check: (res: ApiResponse) => void) {
  const writes = await watch(w);
  const res = await request();
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(422);
  check(res);
  expect(await writes(), `${label}: the database must be unchanged`).toEqual([]);
}

/** The messages of the rows an import skipped, in order. */
export const skippedMessages = (res: ApiResponse): string[] =>
  res.body.skipped.flatMap((row: { errors: { message: string }[] }) => row.errors.map((error) => error.message));

export const itemRequest = (entity: EntityKey, id: string) => ({ path: `${spec(entity).path}/${id}`, params: { id } });
export const getItem = (entity: EntityKey, cookie: string | undefined, id: string) =>
  call(spec(entity).get, "GET", itemRequest(entity, id).path, { cookie, params: { id } });
export const listAll = (entity: EntityKey, cookie: string | undefined, query: Record<string, string | string[]> = {}) =>
  call(spec(entity).list, "GET", spec(entity).path, { cookie, query: { ...spec(entity).everything, ...query } });

/** The world checks itself before any case relies on it. */
async function expectWorld(w: World) {
  const db = await getDb();
  for (const entity of ENTITIES) {
    const { table } = spec(entity);
    for (const key of ITEM_KEYS) {
      const [row] = (await db.select().from(table).where(eq(table.id, w.items[entity][key].id))) as {
        organizationId: string;
        locationId?: string | null;
        sharing: Sharing;
      }[];
      expect(row.organizationId).toBe(w.a.organizationId);
      if (entity !== "location") expect(row.locationId, `${entity} ${key}`).toBe(ITEMS[key].at === "north" ? w.north : null);
      const expected = ITEMS[key].sharing(w.south).at(-1) ?? { default: "none" };
      const level = (value: string) => (value === "full" ? "edit" : value);
      expect(row.sharing, `${entity} ${key}`).toEqual({
        default: level(expected.default),
        locations: (expected.locations ?? []).map((entry) => ({ id: entry.id, level: level(entry.level) })),
      });
    }
  }
  const snap = await snapshot(w);
  for (const table of ["organization", "location", "role", "member", "session", "history", "notification", "file", "customer", "projectType", "project"]) {
    expect(snap[table]?.length, `snapshot covers ${table}`).toBeGreaterThan(0);
  }
  expect(snap.storedFiles).toHaveLength(2);
  const [harbour] = await db.select().from(location).where(eq(location.id, w.harbour));
  expect(harbour.organizationId).toBe(w.b.organizationId);
  expect(w.actors).toHaveLength(PLACES.length * Object.keys(PRIVILEGE_SETS).length);
  for (const actor of w.actors) {
    const res = await call(getSession, "GET", "/session", { cookie: actor.cookie });
    expect(res.body.organization.id).toBe(w.a.organizationId);
    expect(res.body.privileges).toEqual(actor.privileges);
    const expectedLocation = actor.place === "organization" ? null : actor.place === "north" ? w.north : w.south;
    expect(res.body.location?.id ?? null, actor.key).toBe(expectedLocation);
  }
}

/**
 * Registers a table's rows: one world for the file, then each perspective that
 * has a case as a test of its own.
 */
export function describeIsolation(rows: Row[]) {
  const mailbox = useSmtpCatcher();
  describe("isolation between organizations, locations and privileges", () => {
    let world: World;
    beforeAll(async () => {
      world = await build(mailbox);
    }, 180_000);

    it("arranges the world it claims to", () => expectWorld(world));

    for (const row of rows) {
      describe(`${row.method} ${row.route}`, () => {
        for (const perspective of PERSPECTIVES) {
          const entry = row.cases[perspective];
          // A string says why the perspective does not apply to this endpoint; the table keeps the reason.
          if (typeof entry === "function") it(perspective, () => entry(world), 120_000);
        }
      });
    }
  });
}
