/**
 * Visits and time off. A visit is seen and changed as its project is: by sharing, and
 * changed by whoever may edit the project (its owner or projects_manage). Time off is
 * the organization's: every member reads it, a member changes their own and
 * members_manage anyone's; it has no location or sharing. What was used on a visit
 * (its time and materials) is seen as the visit is and written by whoever may change it.
 */
import { expect } from "vitest";
import { GET as timeOffHistory } from "@/app/api/api/time_off/[id]/history/route";
import { GET as getTimeOff, PATCH as patchTimeOff } from "@/app/api/api/time_off/[id]/route";
import { GET as listTimeOff, POST as postTimeOff } from "@/app/api/api/time_off/route";
import { GET as visitHistory } from "@/app/api/api/visit/[id]/history/route";
import { DELETE as deleteVisitItem, PATCH as patchVisitItem } from "@/app/api/api/visit/[id]/item/[itemId]/route";
import { GET as listVisitItems, POST as postVisitItem } from "@/app/api/api/visit/[id]/item/route";
import { GET as getVisit, PATCH as patchVisit } from "@/app/api/api/visit/[id]/route";
import { GET as listVisits, POST as postVisit } from "@/app/api/api/visit/route";
import { call, type ApiResponse } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { ids, lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "../cases";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type ItemKey } from "../items";
import { expectCreated, type World } from "../world";

const VISIT = "Visit";
const TIME_OFF = "Time off";
const NO_PROJECT = invalid("project", "Choose a project you may edit");

/** A visit of each of A's projects and one of B's, made by their founders the first time a case asks. */
const visitsMade = new WeakMap<World, Promise<{ a: Record<ItemKey, string>; b: string }>>();
function visitsOf(w: World) {
  if (!visitsMade.has(w)) {
    visitsMade.set(
      w,
      (async () => {
        const make = async (cookie: string, project: string) =>
          expectCreated(await call(postVisit, "POST", "/visit", { cookie, body: { project, start: "2027-06-01T09:00:00Z", end: "2027-06-01T10:00:00Z" } }));
        const a = {} as Record<ItemKey, string>;
        for (const key of ITEM_KEYS) a[key] = await make(w.a.cookie, w.items.project[key].id);
        return { a, b: await make(w.b.cookie, w.bItem.project) };
      })(),
    );
  }
  return visitsMade.get(w)!;
}

/** A material recorded by the founders on each of those visits, the first time a case asks. */
const itemsMade = new WeakMap<World, Promise<{ a: Record<ItemKey, string>; b: string }>>();
function visitItemsOf(w: World) {
  if (!itemsMade.has(w)) {
    itemsMade.set(
      w,
      (async () => {
        const made = await visitsOf(w);
        const make = async (cookie: string, visit: string) => expectCreated(await addVisitItem(cookie, visit));
        const a = {} as Record<ItemKey, string>;
        for (const key of ITEM_KEYS) a[key] = await make(w.a.cookie, made.a[key]);
        return { a, b: await make(w.b.cookie, made.b) };
      })(),
    );
  }
  return itemsMade.get(w)!;
}

/** Time off of A's founder and of B's, made by themselves the first time a case asks. */
const timeOffMade = new WeakMap<World, Promise<{ a: string; b: string }>>();
function timeOffOf(w: World) {
  if (!timeOffMade.has(w)) {
    const body = (member: string) => ({ member, start: "2027-06-01T09:00:00Z", end: "2027-06-01T17:00:00Z", reason: "Training" });
    timeOffMade.set(
      w,
      (async () => ({
        a: expectCreated(await call(postTimeOff, "POST", "/time_off", { cookie: w.a.cookie, body: body(w.a.view.member.id) })),
        b: expectCreated(await call(postTimeOff, "POST", "/time_off", { cookie: w.b.cookie, body: body(w.b.view.member.id) })),
      }))(),
    );
  }
  return timeOffMade.get(w)!;
}

const visitCall = (handler: typeof getVisit, suffix = "") => (cookie: string | undefined, id: string) =>
  call(handler, "GET", `/visit/${id}${suffix}`, { cookie, params: { id } });
const visits = (cookie: string | undefined) => call(listVisits, "GET", "/visit", { cookie, query: { limit: "1000" } });
const addVisit = (cookie: string | undefined, project: string) => call(postVisit, "POST", "/visit", { cookie, body: { project, day: "2027-06-02" } });
const changeVisit = (cookie: string | undefined, id: string, body: Record<string, unknown>) => call(patchVisit, "PATCH", `/visit/${id}`, { cookie, params: { id }, body });
const MATERIAL = { kind: "material", name: "Sealant", unit: "piece", unit_price: 450, quantity: 1 };
const addVisitItem = (cookie: string | undefined, visit: string) => call(postVisitItem, "POST", `/visit/${visit}/item`, { cookie, params: { id: visit }, body: MATERIAL });
/** A change or removal of what was recorded on a visit: PATCH (a new quantity) or DELETE. */
type ItemWrite = (cookie: string | undefined, visit: string, item: string) => Promise<ApiResponse>;
const changeVisitItem: ItemWrite = (cookie, visit, item) =>
  call(patchVisitItem, "PATCH", `/visit/${visit}/item/${item}`, { cookie, params: { id: visit, itemId: item }, body: { quantity: 7 } });
const removeVisitItem: ItemWrite = (cookie, visit, item) => call(deleteVisitItem, "DELETE", `/visit/${visit}/item/${item}`, { cookie, params: { id: visit, itemId: item } });

/** PATCH and DELETE of a visit's time or material: as changing the visit, and only through its own visit. */
function visitItemWriteRow(method: "PATCH" | "DELETE", write: ItemWrite, success: number): Row {
  return {
    method,
    route: "/visit/[id]/item/[itemId]",
    cases: {
      "no session": async (w) => {
        const [made, items] = [await visitsOf(w), await visitItemsOf(w)];
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => write(undefined, made.a.editDefault, items.a.editDefault));
      },
      "other organization": async (w) => {
        const [made, items] = [await visitsOf(w), await visitItemsOf(w)];
        for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, notFound(VISIT), () => write(w.outsider.cookie, made.a[key], items.a[key]));
        await refusedWrite(w, "A's founder changes B's", notFound(VISIT), () => write(w.a.cookie, made.b, items.b));
        // B's item named under A's own visit is no item of that visit.
        await refusedWrite(w, "B's item under A's visit", { ...notFound("Visit item"), message: "Time or material not found" }, () => write(w.a.cookie, made.a.editDefault, items.b));
      },
      "location cannot see": async (w) => {
        const [made, items] = [await visitsOf(w), await visitItemsOf(w)];
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, notFound(VISIT), () => write(actor.cookie, made.a[key], items.a[key]));
        }
      },
      "view-only": async (w) => {
        const [made, items] = [await visitsOf(w), await visitItemsOf(w)];
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => write(actor.cookie, made.a[key], items.a[key]));
        }
        // Where sharing gives edit, the same member may write (each on an item of their own, so a removal leaves the others').
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of EDITABLE) {
            const own = expectCreated(await addVisitItem(actor.cookie, made.a[key]));
            const res = await write(actor.cookie, made.a[key], own);
            expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(success);
          }
        }
      },
      "missing privilege": async (w) => {
        const [made, items] = [await visitsOf(w), await visitItemsOf(w)];
        for (const actor of lacking(w, "projects_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            await refusedWrite(w, `${actor.key} ${key}`, permission("projects_manage"), () => write(actor.cookie, made.a[key], items.a[key]));
          }
        }
      },
    },
  };
}

const VISIT_CHANGES = [{ start: "2027-06-03T09:00", end: "2027-06-03T10:00" }, { status: "cancelled" }, { instructions: "Hijacked" }];

/** The reads of one visit (the visit, its history): as its project. */
function visitReadRow(route: string, read: (cookie: string | undefined, id: string) => Promise<ApiResponse>): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, async () => read(undefined, (await visitsOf(w)).a.editDefault)),
      "other organization": async (w) => {
        const made = await visitsOf(w);
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound(VISIT), () => read(w.outsider.cookie, made.a[key]));
        await refusedRead("A's founder reads B's", notFound(VISIT), () => read(w.a.cookie, made.b));
      },
      "location cannot see": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound(VISIT), () => read(actor.cookie, made.a[key]));
          for (const key of EDITABLE) expect((await read(actor.cookie, made.a[key])).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "view-only": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect((await read(actor.cookie, made.a[key])).status, `${actor.key} ${key}`).toBe(200);
      },
      "missing privilege": async (w) => {
        const made = await visitsOf(w);
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect((await read(reader.cookie, made.a[key])).status, key).toBe(200);
      },
    },
  };
}

const NO_SHARING = "time off belongs to the organization as a whole: it has no location or sharing";

const timeOffRead = (handler: typeof getTimeOff, suffix = "") => (cookie: string | undefined, id: string) =>
  call(handler, "GET", `/time_off/${id}${suffix}`, { cookie, params: { id } });

function timeOffReadRow(route: string, read: (cookie: string | undefined, id: string) => Promise<ApiResponse>): Row {
  return {
    method: "GET",
    route,
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, async () => read(undefined, (await timeOffOf(w)).a)),
      "other organization": async (w) => {
        const made = await timeOffOf(w);
        await refusedRead("outsider reads A's", notFound(TIME_OFF), () => read(w.outsider.cookie, made.a));
        await refusedRead("A's founder reads B's", notFound(TIME_OFF), () => read(w.a.cookie, made.b));
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const made = await timeOffOf(w);
        expect((await read(readerWithoutPrivileges(w).cookie, made.a)).status).toBe(200);
      },
    },
  };
}

export const visitRows: Row[] = [
  {
    method: "GET",
    route: "/visit",
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => visits(undefined)),
      "other organization": async (w) => {
        const made = await visitsOf(w);
        expect(ids(await visits(w.outsider.cookie))).toEqual([made.b]);
        expect(ids(await visits(w.a.cookie))).not.toContain(made.b);
      },
      "location cannot see": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w)) {
          const listed = ids(await visits(actor.cookie));
          for (const key of HIDDEN) expect(listed, `${actor.key} ${key}`).not.toContain(made.a[key]);
          for (const key of [...VIEW_ONLY, ...EDITABLE]) expect(listed, `${actor.key} ${key}`).toContain(made.a[key]);
        }
      },
      "view-only": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w)) for (const key of VIEW_ONLY) expect(ids(await visits(actor.cookie)), `${actor.key} ${key}`).toContain(made.a[key]);
      },
      "missing privilege": async (w) => {
        const made = await visitsOf(w);
        const listed = ids(await visits(readerWithoutPrivileges(w).cookie));
        for (const key of ITEM_KEYS) expect(listed, key).toContain(made.a[key]);
      },
    },
  },
  {
    method: "POST",
    route: "/visit",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous create", UNAUTHORIZED, () => addVisit(undefined, w.items.project.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, NO_PROJECT, () => addVisit(w.outsider.cookie, w.items.project[key].id));
        await refusedWrite(w, "A's founder schedules B's", NO_PROJECT, () => addVisit(w.a.cookie, w.bItem.project));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, NO_PROJECT, () => addVisit(actor.cookie, w.items.project[key].id));
          for (const key of EDITABLE) expectCreated(await addVisit(actor.cookie, w.items.project[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => addVisit(actor.cookie, w.items.project[key].id));
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "projects_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            await refusedWrite(w, `${actor.key} ${key}`, permission("projects_manage"), () => addVisit(actor.cookie, w.items.project[key].id));
          }
        }
      },
    },
  },
  visitReadRow("/visit/[id]", visitCall(getVisit)),
  {
    method: "PATCH",
    route: "/visit/[id]",
    cases: {
      "no session": async (w) => {
        const made = await visitsOf(w);
        for (const body of VISIT_CHANGES) await refusedWrite(w, `anonymous ${JSON.stringify(body)}`, UNAUTHORIZED, () => changeVisit(undefined, made.a.editDefault, body));
      },
      "other organization": async (w) => {
        const made = await visitsOf(w);
        for (const key of ITEM_KEYS) {
          for (const body of VISIT_CHANGES) await refusedWrite(w, `outsider ${key} ${JSON.stringify(body)}`, notFound(VISIT), () => changeVisit(w.outsider.cookie, made.a[key], body));
        }
        await refusedWrite(w, "A's founder changes B's", notFound(VISIT), () => changeVisit(w.a.cookie, made.b, VISIT_CHANGES[1]));
      },
      "location cannot see": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of HIDDEN) {
            for (const body of VISIT_CHANGES) await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, notFound(VISIT), () => changeVisit(actor.cookie, made.a[key], body));
          }
        }
      },
      "view-only": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of VIEW_ONLY) {
            for (const body of VISIT_CHANGES) await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, VIEW_ONLY_REFUSAL, () => changeVisit(actor.cookie, made.a[key], body));
          }
          // Where sharing gives edit, the same member may write (an unchanged value: nothing is stored).
          for (const key of EDITABLE) {
            const res = await changeVisit(actor.cookie, made.a[key], { status: "scheduled" });
            expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(200);
          }
        }
      },
      "missing privilege": async (w) => {
        const made = await visitsOf(w);
        for (const actor of lacking(w, "projects_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            for (const body of VISIT_CHANGES) {
              await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, permission("projects_manage"), () => changeVisit(actor.cookie, made.a[key], body));
            }
          }
        }
      },
    },
  },
  visitReadRow("/visit/[id]/history", visitCall(visitHistory, "/history")),
  visitReadRow("/visit/[id]/item", visitCall(listVisitItems, "/item")),
  {
    method: "POST",
    route: "/visit/[id]/item",
    cases: {
      "no session": async (w) => {
        const made = await visitsOf(w);
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => addVisitItem(undefined, made.a.editDefault));
      },
      "other organization": async (w) => {
        const made = await visitsOf(w);
        for (const key of ITEM_KEYS) await refusedWrite(w, `outsider ${key}`, notFound(VISIT), () => addVisitItem(w.outsider.cookie, made.a[key]));
        await refusedWrite(w, "A's founder records on B's", notFound(VISIT), () => addVisitItem(w.a.cookie, made.b));
      },
      "location cannot see": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, notFound(VISIT), () => addVisitItem(actor.cookie, made.a[key]));
          for (const key of EDITABLE) expectCreated(await addVisitItem(actor.cookie, made.a[key]));
        }
      },
      "view-only": async (w) => {
        const made = await visitsOf(w);
        for (const actor of southWith(w, "projects_manage")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => addVisitItem(actor.cookie, made.a[key]));
        }
      },
      "missing privilege": async (w) => {
        const made = await visitsOf(w);
        for (const actor of lacking(w, "projects_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            await refusedWrite(w, `${actor.key} ${key}`, permission("projects_manage"), () => addVisitItem(actor.cookie, made.a[key]));
          }
        }
      },
    },
  },
  visitItemWriteRow("PATCH", changeVisitItem, 200),
  visitItemWriteRow("DELETE", removeVisitItem, 204),

  {
    method: "GET",
    route: "/time_off",
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => call(listTimeOff, "GET", "/time_off")),
      "other organization": async (w) => {
        const made = await timeOffOf(w);
        expect(ids(await call(listTimeOff, "GET", "/time_off", { cookie: w.outsider.cookie }))).toEqual([made.b]);
        expect(ids(await call(listTimeOff, "GET", "/time_off", { cookie: w.a.cookie }))).not.toContain(made.b);
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const made = await timeOffOf(w);
        expect(ids(await call(listTimeOff, "GET", "/time_off", { cookie: readerWithoutPrivileges(w).cookie }))).toContain(made.a);
      },
    },
  },
  {
    method: "POST",
    route: "/time_off",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous create", UNAUTHORIZED, () =>
          call(postTimeOff, "POST", "/time_off", { body: { member: w.a.view.member.id, start: "2027-07-01T09:00:00Z", end: "2027-07-01T10:00:00Z" } }),
        ),
      "other organization": async (w) => {
        const body = { member: w.a.view.member.id, start: "2027-07-01T09:00:00Z", end: "2027-07-01T10:00:00Z" };
        // B's founder holds members_manage in B: A's member is no member of B's.
        await refusedWrite(w, "outsider adds for A's founder", invalid("member", "Choose an active member of the organization"), () =>
          call(postTimeOff, "POST", "/time_off", { cookie: w.outsider.cookie, body }),
        );
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "members_manage")) {
          const body = { member: w.a.view.member.id, start: "2027-07-01T09:00:00Z", end: "2027-07-01T10:00:00Z" };
          await refusedWrite(w, actor.key, permission("members_manage"), () => call(postTimeOff, "POST", "/time_off", { cookie: actor.cookie, body }));
        }
      },
    },
  },
  timeOffReadRow("/time_off/[id]", timeOffRead(getTimeOff)),
  {
    method: "PATCH",
    route: "/time_off/[id]",
    cases: {
      "no session": async (w) => {
        const made = await timeOffOf(w);
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(patchTimeOff, "PATCH", `/time_off/${made.a}`, { params: { id: made.a }, body: { reason: "Hijacked" } }));
      },
      "other organization": async (w) => {
        const made = await timeOffOf(w);
        for (const body of [{ reason: "Hijacked" }, { status: "removed" }]) {
          await refusedWrite(w, `outsider ${JSON.stringify(body)}`, notFound(TIME_OFF), () =>
            call(patchTimeOff, "PATCH", `/time_off/${made.a}`, { cookie: w.outsider.cookie, params: { id: made.a }, body }),
          );
        }
        await refusedWrite(w, "A's founder changes B's", notFound(TIME_OFF), () =>
          call(patchTimeOff, "PATCH", `/time_off/${made.b}`, { cookie: w.a.cookie, params: { id: made.b }, body: { status: "removed" } }),
        );
      },
      "location cannot see": NO_SHARING,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const made = await timeOffOf(w);
        for (const actor of lacking(w, "members_manage")) {
          await refusedWrite(w, actor.key, permission("members_manage"), () =>
            call(patchTimeOff, "PATCH", `/time_off/${made.a}`, { cookie: actor.cookie, params: { id: made.a }, body: { status: "removed" } }),
          );
        }
      },
    },
  },
  timeOffReadRow("/time_off/[id]/history", timeOffRead(timeOffHistory, "/history")),
];
