/**
 * The isolation suite (ARCHITECTURE.md §3, §4): every endpoint, called as each of
 *   - no session                    -> 401
 *   - a member of another organization -> 404 for the other organization's ids, lists never contain them
 *   - a member at a location that cannot see the item -> 404 by id, absent from lists
 *   - a member with view-only access -> reads, but writes are 403 without a permission field
 *   - a member lacking the privilege -> 403 with the permission
 * and after every refused write the database is unchanged (full rows of both
 * organizations, compared before and after).
 *
 * One row per endpoint (method + route file). A new endpoint joins by adding a row;
 * the first test fails while an exported route handler has no row. A perspective that
 * does not apply to an endpoint names the reason instead of a case.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { customer } from "@/db/schema/customer";
import { member, role } from "@/db/schema/member";
import { location } from "@/db/schema/organization";
import { project, projectType } from "@/db/schema/project";
import * as catchAll from "@/app/api/api/[...path]/route";
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as listCustomers, POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as importCustomersRoute } from "@/app/api/api/customer/import/route";
import { GET as downloadFile } from "@/app/api/api/file/[id]/download/route";
import { GET as getFile } from "@/app/api/api/file/[id]/route";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as getLocation, PATCH as patchLocation } from "@/app/api/api/location/[id]/route";
import { GET as listLocations, POST as postLocation } from "@/app/api/api/location/route";
import { GET as getMember, PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { POST as requestMemberCode } from "@/app/api/api/member/[id]/code/route";
import { GET as listMembers, POST as postMember } from "@/app/api/api/member/route";
import { GET as listNotifications, PATCH as patchNotifications } from "@/app/api/api/notification/route";
import { GET as getOrganization, PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { GET as getProject, PATCH as patchProject } from "@/app/api/api/project/[id]/route";
import { GET as listWorkflows } from "@/app/api/api/project/[id]/workflow/route";
import { POST as runWorkflow } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { GET as listProjects, POST as postProject } from "@/app/api/api/project/route";
import { POST as importProjectsRoute } from "@/app/api/api/project/import/route";
import { GET as getProjectType, PATCH as patchProjectType } from "@/app/api/api/project_type/[id]/route";
import { GET as listProjectTypes, POST as postProjectType } from "@/app/api/api/project_type/route";
import { GET as getRole, PATCH as patchRole } from "@/app/api/api/role/[id]/route";
import { GET as listRoles, POST as postRole } from "@/app/api/api/role/route";
import { DELETE as logOut, GET as getSession, PATCH as switchLocation } from "@/app/api/api/session/route";
import type { Privilege } from "@/lib/schemas/constants";
import { dataDir } from "@/lib/server/env";
import type { Sharing } from "@/lib/schemas/sharing";
import { call, uniqueEmail, type ApiResponse } from "@/test/api";
import { csvText, importForm } from "@/test/import";
import { logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useMailbox } from "@/test/mailbox";
import { organizationRows } from "@/test/rows";
import { routeFiles, routeOf } from "@/test/route-files";

const mailbox = useMailbox();

// ---------------------------------------------------------------------------
// The world: organizations A and B, locations, items with each sharing level,
// and members of A with each privilege at each place.
// ---------------------------------------------------------------------------

type Org = Awaited<ReturnType<typeof signUpOrganization>>;
type Handler = Parameters<typeof call>[0];
type CallOptions = Parameters<typeof call>[3];
type Level = "none" | "view" | "edit";
type Place = "organization" | "north" | "south";
type EntityKey = "role" | "member" | "location" | "customer" | "project_type" | "project";
type SharingInput = { default: "none" | "view" | "edit" | "full"; locations?: { id: string; level: "none" | "view" | "edit" | "full" }[] };

const PLACES: Place[] = ["organization", "north", "south"];
const PRIVILEGE_SETS = {
  admin: ["admin"],
  members_manage: ["members_manage"],
  projects_manage: ["projects_manage"],
  customers_manage: ["customers_manage"],
  none: [],
} satisfies Record<string, Privilege[]>;
type PrivilegeSet = keyof typeof PRIVILEGE_SETS;

/** Items of A and what a session at South may do with them. `at` is where the item lives (locations live at themselves). */
const ITEMS = {
  orgHidden: { at: "organization", south: "none", sharing: (_south: string): SharingInput[] => [] },
  hidden: { at: "north", south: "none", sharing: (_south: string): SharingInput[] => [] },
  hiddenOverride: {
    at: "north",
    south: "none",
    // The default first: changing the default empties the per-location list.
    sharing: (south: string): SharingInput[] => [{ default: "view" }, { default: "view", locations: [{ id: south, level: "none" }] }],
  },
  viewDefault: { at: "organization", south: "view", sharing: (_south: string): SharingInput[] => [{ default: "view" }] },
  viewOverride: {
    at: "north",
    south: "view",
    sharing: (south: string): SharingInput[] => [{ default: "none", locations: [{ id: south, level: "view" }] }],
  },
  editDefault: { at: "organization", south: "edit", sharing: (_south: string): SharingInput[] => [{ default: "full" }] },
  editOverride: {
    at: "north",
    south: "edit",
    sharing: (south: string): SharingInput[] => [{ default: "none", locations: [{ id: south, level: "full" }] }],
  },
} satisfies Record<string, { at: Place; south: Level; sharing: (south: string) => SharingInput[] }>;
type ItemKey = keyof typeof ITEMS;
const ITEM_KEYS = Object.keys(ITEMS) as ItemKey[];
const keysWhere = (level: Level) => ITEM_KEYS.filter((key) => ITEMS[key].south === level);
const HIDDEN = keysWhere("none");
const VIEW_ONLY = keysWhere("view");
const EDITABLE = keysWhere("edit");
/** Items every member of A may edit as far as sharing goes, wherever it works. */
const EDITABLE_EVERYWHERE: ItemKey[] = ["editDefault", "editOverride"];

type Item = { id: string; name: string };
type Actor = { key: string; set: PrivilegeSet; place: Place; privileges: Privilege[]; id: string; email: string; cookie: string };
/** What new items of an organization refer to: a role and a project type visible everywhere. */
type Refs = { role: string; type: string };

type World = {
  a: Org;
  b: Org;
  north: string;
  south: string;
  harbour: string;
  items: Record<EntityKey, Record<ItemKey, Item>>;
  refs: { a: Refs; b: Refs };
  actors: Actor[];
  /** The founder of B: an admin at organization level. */
  outsider: { cookie: string; id: string };
  /** Every item id of A, and of B by entity. */
  aIds: string[];
  bIds: Record<EntityKey, string[]>;
  bItem: Record<EntityKey, string>;
  notifications: { founder: string; colleague: string; foreign: string };
  files: { a: string; b: string };
};

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const pngForm = (name = "logo.png") => {
  const data = new FormData();
  data.set("file", new File([PNG], name, { type: "image/png" }));
  return data;
};

const UNAUTHORIZED = { status: 401, message: "Unauthorized" };
const VIEW_ONLY_REFUSAL = { status: 403, message: "You lack access rights to do this action" };
const notFound = (resource: string) => ({ status: 404, message: `${resource} not found`, resource });
const permission = (privilege: Privilege) => ({ status: 403, message: "Permission required", permission: privilege });
const invalid = (path: string, message: string) => ({ status: 400, message: "Invalid input", errors: [{ path, message }] });

/**
 * The items that share the organization/location/sharing/status shape. Each says
 * how to reach it and what it takes to write it; the rows below are built from this.
 */
type EntitySpec = {
  path: string;
  resource: string;
  historyType: string;
  table: PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };
  list: Handler;
  create: Handler;
  get: Handler;
  patch: Handler;
  /** The field holding the item's name. */
  label: "name" | "title";
  /** Creating needs this privilege; null when every active member may create. */
  createPrivilege: Privilege | null;
  /** Writing someone else's item needs this privilege. */
  patchPrivilege: Privilege;
  createBody: (label: string, refs: Refs) => Record<string, unknown>;
  /** Real changes a refused PATCH attempts. */
  changes: () => Record<string, unknown>[];
  /** A list query that includes every item. */
  everything: Record<string, string | string[]>;
  /** Creating from another organization with references to A's items: each must be a 400 on its path. */
  createCrossing?: (w: World) => [Record<string, unknown>, object][];
  /** Creating from South with references to items South cannot see: each must be a 400 on its path. */
  createHidden?: (w: World) => [Record<string, unknown>, object][];
  /** A's own items pointing at B's: each must be a 400 on its path. */
  patchCrossing?: (w: World) => [Record<string, unknown>, object][];
};

const EVERYTHING = { status: ["active", "removed"], limit: "10000" };

const ENTITY: Record<EntityKey, EntitySpec> = {
  role: {
    path: "/role",
    resource: "Role",
    historyType: "role",
    table: role,
    list: listRoles,
    create: postRole,
    get: getRole,
    patch: patchRole,
    label: "name",
    createPrivilege: "members_manage",
    patchPrivilege: "members_manage",
    createBody: (name) => ({ name }),
    changes: () => [{ name: "Hijacked" }, { status: "removed" }, { sharing: { default: "edit" } }],
    everything: EVERYTHING,
  },
  member: {
    path: "/member",
    resource: "Member",
    historyType: "member",
    table: member,
    list: listMembers,
    create: postMember,
    get: getMember,
    patch: patchMember,
    label: "name",
    createPrivilege: "members_manage",
    patchPrivilege: "members_manage",
    createBody: (name, refs) => ({ name, email: uniqueEmail("item"), role: refs.role }),
    changes: () => [{ name: "Hijacked" }, { email: uniqueEmail("hijack") }, { password: "hijacked password" }, { status: "removed" }],
    everything: EVERYTHING,
    createCrossing: (w) =>
      [w.a.view.member.role as string, w.refs.a.role, ...ITEM_KEYS.map((key) => w.items.role[key].id)].map((id) => [
        { name: "Newcomer", email: uniqueEmail("new"), role: id },
        invalid("role", "This role does not exist"),
      ]),
    createHidden: (w) =>
      HIDDEN.map((key) => [{ name: "Newcomer", email: uniqueEmail("new"), role: w.items.role[key].id }, invalid("role", "This role does not exist")]),
    patchCrossing: (w) => [
      [{ role: w.b.view.member.role }, invalid("role", "This role does not exist")],
      [{ location: w.harbour }, invalid("location", "This location does not exist")],
      [{ image: w.files.b }, invalid("image", "This file does not exist")],
    ],
  },
  location: {
    path: "/location",
    resource: "Location",
    historyType: "location",
    table: location,
    list: listLocations,
    create: postLocation,
    get: getLocation,
    patch: patchLocation,
    label: "name",
    createPrivilege: "admin",
    patchPrivilege: "admin",
    createBody: (name) => ({ name }),
    changes: () => [{ name: "Hijacked" }, { status: "removed" }, { sharing: { default: "edit" } }],
    everything: EVERYTHING,
  },
  customer: {
    path: "/customer",
    resource: "Customer",
    historyType: "customer",
    table: customer,
    list: listCustomers,
    create: postCustomer,
    get: getCustomer,
    patch: patchCustomer,
    label: "name",
    createPrivilege: "customers_manage",
    patchPrivilege: "customers_manage",
    createBody: (name) => ({ name }),
    changes: () => [{ name: "Hijacked" }, { email: "thief@example.test" }, { status: "removed" }, { sharing: { default: "edit" } }],
    everything: EVERYTHING,
  },
  project_type: {
    path: "/project_type",
    resource: "Project type",
    historyType: "project_type",
    table: projectType,
    list: listProjectTypes,
    create: postProjectType,
    get: getProjectType,
    patch: patchProjectType,
    label: "name",
    createPrivilege: "projects_manage",
    patchPrivilege: "projects_manage",
    createBody: (name) => ({ name, icon: "wrench" }),
    changes: () => [{ name: "Hijacked" }, { color: "#E54D2E" }, { status: "removed" }, { statuses: [{ id: 7, title: "Stolen" }] }],
    everything: EVERYTHING,
  },
  project: {
    path: "/project",
    resource: "Project",
    historyType: "project",
    table: project,
    list: listProjects,
    create: postProject,
    get: getProject,
    patch: patchProject,
    label: "title",
    createPrivilege: null,
    // Owners edit their own projects; nobody owns the items here.
    patchPrivilege: "projects_manage",
    createBody: (title, refs) => ({ title, type: refs.type }),
    changes: () => [{ title: "Hijacked" }, { description: "Hijacked" }, { status: 2 }, { sharing: { default: "edit" } }],
    // Project statuses are the type's status ids, with no default filter.
    everything: { limit: "10000" },
    createCrossing: (w) => [
      ...[w.refs.a.type, ...ITEM_KEYS.map((key) => w.items.project_type[key].id)].map(
        (id): [Record<string, unknown>, object] => [{ title: "Intruder", type: id }, invalid("type", "This project type does not exist")],
      ),
      [{ title: "Intruder", type: w.refs.b.type, customer: w.items.customer.editDefault.id }, invalid("customer", "This customer does not exist")],
      [{ title: "Intruder", type: w.refs.b.type, owner: w.a.view.member.id }, invalid("owner", "Choose an active member of the organization")],
    ],
    createHidden: (w) => [
      ...HIDDEN.map((key): [Record<string, unknown>, object] => [
        { title: "Intruder", type: w.items.project_type[key].id },
        invalid("type", "This project type does not exist"),
      ]),
      ...HIDDEN.map((key): [Record<string, unknown>, object] => [
        { title: "Intruder", type: w.refs.a.type, customer: w.items.customer[key].id },
        invalid("customer", "This customer does not exist"),
      ]),
    ],
    patchCrossing: (w) => [
      [{ type: w.refs.b.type }, invalid("type", "This project type does not exist")],
      [{ customer: w.bItem.customer }, invalid("customer", "This customer does not exist")],
      [{ owner: w.outsider.id }, invalid("owner", "Choose an active member of the organization")],
    ],
  },
};
const ENTITIES = Object.keys(ENTITY) as EntityKey[];
const spec = (entity: EntityKey): EntitySpec => ENTITY[entity];

/** The definition of the project types refs point at: two statuses and a workflow that needs nothing. */
const TYPE_DEFINITION = {
  statuses: [
    { id: 1, title: "Open" },
    { id: 2, title: "Done" },
  ],
  workflows: [{ id: 1, title: "Finish", effects: [{ type: "status_set", value: 2 }] }],
};

const expectCreated = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

/** The plain role and project type an organization's new items refer to, visible at every location. */
async function makeRefs(cookie: string): Promise<Refs> {
  const roleId = expectCreated(await call(postRole, "POST", "/role", { cookie, body: { name: "Plain" } }));
  const typeId = expectCreated(await call(postProjectType, "POST", "/project_type", { cookie, body: { name: "Plain type", icon: "hammer" } }));
  for (const [entity, id, body] of [
    ["role", roleId, { sharing: { default: "view" } }],
    ["project_type", typeId, { sharing: { default: "view" }, ...TYPE_DEFINITION }],
  ] as const) {
    const res = await call(spec(entity).patch, "PATCH", `${spec(entity).path}/${id}`, { cookie, params: { id }, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { role: roleId, type: typeId };
}

async function build(): Promise<World> {
  const a = await signUpOrganization(mailbox, "Alpha Joinery");
  const b = await signUpOrganization(mailbox, "Beta Builders");
  const asA = (handler: Handler, method: string, p: string, options: CallOptions = {}) => call(handler, method, p, { cookie: a.cookie, ...options });
  const asB = (handler: Handler, method: string, p: string, options: CallOptions = {}) => call(handler, method, p, { cookie: b.cookie, ...options });
  const north = expectCreated(await asA(postLocation, "POST", "/location", { body: { name: "North" } }));
  const south = expectCreated(await asA(postLocation, "POST", "/location", { body: { name: "South" } }));
  const placeId = (place: Place) => (place === "organization" ? null : place === "north" ? north : south);
  const workAt = async (place: Place) => {
    const res = await asA(switchLocation, "PATCH", "/session", { body: { location: placeId(place) } });
    expect(res.status).toBe(200);
  };
  const share = async (entity: EntityKey, id: string, sharing: SharingInput, as = asA) => {
    const res = await as(spec(entity).patch, "PATCH", `${spec(entity).path}/${id}`, { params: { id }, body: { sharing } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  await workAt("organization");
  const refs = { a: await makeRefs(a.cookie), b: await makeRefs(b.cookie) };

  // Items are created where they live (new items take the session's location), then shared from organization level.
  const items = Object.fromEntries(ENTITIES.map((entity) => [entity, {}])) as World["items"];
  for (const place of PLACES) {
    await workAt(place);
    for (const entity of ENTITIES) {
      for (const key of ITEM_KEYS.filter((k) => ITEMS[k].at === place)) {
        const name = `${entity} ${key}`;
        const id = expectCreated(await asA(spec(entity).create, "POST", spec(entity).path, { body: spec(entity).createBody(name, refs.a) }));
        items[entity][key] = { id, name };
      }
    }
  }
  await workAt("organization");
  for (const entity of ENTITIES) {
    for (const key of ITEM_KEYS) {
      for (const sharing of ITEMS[key].sharing(south)) await share(entity, items[entity][key].id, sharing);
    }
  }

  // Members of A with each privilege, at each place; each signed in at its own place.
  const actorRoles = {} as Record<PrivilegeSet, string>;
  for (const [set, privileges] of Object.entries(PRIVILEGE_SETS) as [PrivilegeSet, Privilege[]][]) {
    actorRoles[set] = expectCreated(await asA(postRole, "POST", "/role", { body: { name: `Actors ${set}`, privileges } }));
    await share("role", actorRoles[set], { default: "view" });
  }
  const actors: Actor[] = [];
  for (const place of PLACES) {
    await workAt(place);
    for (const [set, privileges] of Object.entries(PRIVILEGE_SETS) as [PrivilegeSet, Privilege[]][]) {
      const email = uniqueEmail(`${set}-${place}`);
      const body = { name: `Actor ${set} at ${place}`, email, role: actorRoles[set] };
      const id = expectCreated(await asA(postMember, "POST", "/member", { body }));
      const withPassword = await asA(patchMember, "PATCH", `/member/${id}`, { params: { id }, body: { password: PASSWORD } });
      expect(withPassword.status).toBe(200);
      actors.push({ key: `${set}@${place}`, set, place, privileges, id, email, cookie: "" });
    }
  }
  await workAt("organization");
  for (const actor of actors) actor.cookie = await logInAs(actor.email);

  // B: a location, and one item of each kind shared as widely as sharing goes.
  const harbour = expectCreated(await asB(postLocation, "POST", "/location", { body: { name: "Harbour" } }));
  const bItem = {} as Record<EntityKey, string>;
  for (const entity of ENTITIES) {
    bItem[entity] = expectCreated(await asB(spec(entity).create, "POST", spec(entity).path, { body: spec(entity).createBody(`B ${entity}`, refs.b) }));
    await share(entity, bItem[entity], { default: "edit" }, asB);
  }

  const files = {
    a: expectCreated(await asA(uploadFile, "POST", "/file", { body: pngForm("a.png") })),
    b: expectCreated(await asB(uploadFile, "POST", "/file", { body: pngForm("b.png") })),
  };

  // Notifications have no endpoint that creates them yet: arranged directly.
  const db = await getDb();
  const notify = async (organizationId: string, memberId: string, title: string) =>
    (await db.insert(notification).values({ organizationId, memberId, title }).returning())[0].id;
  const colleague = actors.find((actor) => actor.key === "none@south")!;
  const notifications = {
    founder: await notify(a.organizationId, a.view.member.id, "For the founder of A"),
    colleague: await notify(a.organizationId, colleague.id, "For a colleague in A"),
    foreign: await notify(b.organizationId, b.view.member.id, "For the founder of B"),
  };

  const idsOf = async (organizationId: string) => {
    const out = {} as Record<EntityKey, string[]>;
    for (const entity of ENTITIES) {
      const { table } = spec(entity);
      out[entity] = (await db.select({ id: table.id }).from(table).where(eq(table.organizationId, organizationId))).map((row) => row.id as string);
    }
    return out;
  };

  return {
    a,
    b,
    north,
    south,
    harbour,
    items,
    refs,
    actors,
    outsider: { cookie: b.cookie, id: b.view.member.id },
    aIds: Object.values(await idsOf(a.organizationId)).flat(),
    bIds: await idsOf(b.organizationId),
    bItem,
    notifications,
    files,
  };
}

/**
 * Every row of both organizations in every table that has an organization (new tables
 * join by themselves), in a stable order, and the stored files of both.
 */
const snapshot = (w: World) => organizationRows([w.a.organizationId, w.b.organizationId]);

/** A write that must be refused with exactly `expected`, leaving every row as it was. */
async function refusedWrite(w: World, label: string, expected: object, request: () => Promise<ApiResponse>) {
  const before = await snapshot(w);
  const res = await request();
  expect({ status: res.status, body: res.body }, label).toEqual({ status: (expected as { status: number }).status, body: expected });
  expect(await snapshot(w), `${label}: the database must be unchanged`).toEqual(before);
}

/** A read that must answer exactly `expected`. */
async function refusedRead(label: string, expected: object, request: () => Promise<ApiResponse>) {
  const res = await request();
  expect({ status: res.status, body: res.body }, label).toEqual({ status: (expected as { status: number }).status, body: expected });
}

const actorsWhere = (w: World, test: (actor: Actor) => boolean) => {
  const found = w.actors.filter(test);
  expect(found.length).toBeGreaterThan(0);
  return found;
};
const holds = (actor: Actor, privilege: Privilege) => actor.privileges.includes("admin") || actor.privileges.includes(privilege);
const southWith = (w: World, privilege?: Privilege) =>
  actorsWhere(w, (actor) => actor.place === "south" && (!privilege || holds(actor, privilege)));
const lacking = (w: World, privilege: Privilege) => actorsWhere(w, (actor) => !holds(actor, privilege));
const readerWithoutPrivileges = (w: World) => w.actors.find((actor) => actor.key === "none@organization")!;

const ids = (res: ApiResponse): string[] => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((item: { id: string }) => item.id);
};

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

const PERSPECTIVES = ["no session", "other organization", "location cannot see", "view-only", "missing privilege"] as const;
type Perspective = (typeof PERSPECTIVES)[number];
/** A case runs the perspective against the world; a string says why the perspective does not apply. */
type Case = ((w: World) => Promise<void>) | string;
type Row = { method: string; route: string; cases: Record<Perspective, Case> };

const itemRequest = (entity: EntityKey, id: string) => ({ path: `${spec(entity).path}/${id}`, params: { id } });
const getItem = (entity: EntityKey, cookie: string | undefined, id: string) =>
  call(spec(entity).get, "GET", itemRequest(entity, id).path, { cookie, params: { id } });
const listAll = (entity: EntityKey, cookie: string | undefined, query: Record<string, string | string[]> = {}) =>
  call(spec(entity).list, "GET", spec(entity).path, { cookie, query: { ...spec(entity).everything, ...query } });

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
  const aRows = (w: World, snap: Record<string, unknown[]>) =>
    Object.fromEntries(
      Object.entries(snap).map(([table, rows]) => [
        table,
        table === "storedFiles"
          ? (rows as string[]).filter((name) => name.startsWith(w.a.organizationId))
          : (rows as { id: string; organizationId?: string }[]).filter((row) => (row.organizationId ?? row.id) === w.a.organizationId),
      ]),
    );
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
        const before = await snapshot(w);
        const id = expectCreated(await post(w.outsider.cookie, spec(entity).createBody(`B's new ${entity}`, w.refs.b)));
        expect((await rowOf(id)).organizationId).toBe(w.b.organizationId);
        expect(aRows(w, await snapshot(w))).toEqual(aRows(w, before));
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

function historyRow(): Row {
  const get = (cookie: string | undefined, type: string, id: string) => call(getHistory, "GET", "/history", { cookie, query: { type, id } });
  return {
    method: "GET",
    route: "/history",
    cases: {
      "no session": async (w) => {
        await refusedRead("anonymous organization history", UNAUTHORIZED, () => get(undefined, "organization", w.a.organizationId));
        for (const entity of ENTITIES) {
          await refusedRead(`anonymous ${entity}`, UNAUTHORIZED, () => get(undefined, spec(entity).historyType, w.items[entity].editDefault.id));
        }
      },
      "other organization": async (w) => {
        await refusedRead("outsider organization history", notFound("Organization"), () => get(w.outsider.cookie, "organization", w.a.organizationId));
        for (const entity of ENTITIES) {
          for (const key of ITEM_KEYS) {
            await refusedRead(`outsider ${entity} ${key}`, notFound(spec(entity).resource), () =>
              get(w.outsider.cookie, spec(entity).historyType, w.items[entity][key].id),
            );
          }
        }
        await refusedRead("outsider reads A's founder", notFound("Member"), () => get(w.outsider.cookie, "member", w.a.view.member.id));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const entity of ENTITIES) {
            for (const key of HIDDEN) {
              await refusedRead(`${actor.key} ${entity} ${key}`, notFound(spec(entity).resource), () =>
                get(actor.cookie, spec(entity).historyType, w.items[entity][key].id),
              );
            }
          }
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const entity of ENTITIES) {
            for (const key of VIEW_ONLY) {
              const res = await get(actor.cookie, spec(entity).historyType, w.items[entity][key].id);
              expect(res.status, `${actor.key} ${entity} ${key}`).toBe(200);
              expect(res.body.items.at(-1)).toMatchObject({ action: "created", changes: { [spec(entity).label]: [null, w.items[entity][key].name] } });
            }
          }
        }
      },
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        expect((await get(reader.cookie, "organization", w.a.organizationId)).status).toBe(200);
        for (const entity of ENTITIES) {
          for (const key of ITEM_KEYS) expect((await get(reader.cookie, spec(entity).historyType, w.items[entity][key].id)).status).toBe(200);
        }
      },
    },
  };
}

/** POST /customer/import and POST /project/import: multipart files whose rows name items. */
function importRows(): Row[] {
  const importCustomers = (cookie: string | undefined, rows: string[][], options: Record<string, unknown> = {}) =>
    call(importCustomersRoute, "POST", "/customer/import", {
      cookie,
      body: importForm({ name: "customers.csv", content: csvText([["Name", "Email"], ...rows]) }, { mappings: { name: 0, email: 1 }, ...options }),
    });
  const importProjects = (cookie: string | undefined, rows: string[][]) =>
    call(importProjectsRoute, "POST", "/project/import", {
      cookie,
      body: importForm({ name: "projects.csv", content: csvText([["Title", "Type", "Customer", "Owner"], ...rows]) }, { mappings: { title: 0, type: 1, customer: 2, owner: 3 } }),
    });
  /** An import answered with a report that must leave every row as it was. */
  const writesNothing = async (w: World, label: string, request: () => Promise<ApiResponse>, check: (res: ApiResponse) => void) => {
    const before = await snapshot(w);
    const res = await request();
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
    check(res);
    expect(await snapshot(w), `${label}: the database must be unchanged`).toEqual(before);
  };
  const customerRow = async (id: string) => {
    const db = await getDb();
    return (await db.select().from(customer).where(eq(customer.id, id)))[0];
  };
  /** A customer of A with an email, made by the customer manager at North (so South cannot see it unless shared). */
  const northCustomer = async (w: World, name: string, sharing?: SharingInput) => {
    const maker = w.actors.find((actor) => actor.key === "customers_manage@north")!;
    const email = uniqueEmail("import");
    const id = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: maker.cookie, body: { name, email } }));
    if (sharing) {
      const res = await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie: maker.cookie, params: { id }, body: { sharing } });
      expect(res.status).toBe(200);
    }
    return { id, email };
  };
  const messages = (res: ApiResponse) => res.body.skipped.flatMap((row: { errors: { message: string }[] }) => row.errors.map((error) => error.message));
  return [
    {
      method: "POST",
      route: "/customer/import",
      cases: {
        "no session": async (w) => refusedWrite(w, "anonymous import", UNAUTHORIZED, () => importCustomers(undefined, [["Anonymous", uniqueEmail("anon")]])),
        "other organization": async (w) => {
          // B imports with A's customer's email and matching on: B gets a new customer of its own, A's stays as it was.
          const ofA = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: w.a.cookie, body: { name: "A's customer", email: uniqueEmail("a") } }));
          const before = await customerRow(ofA);
          const res = await importCustomers(w.outsider.cookie, [["B's namesake", before.email!]], { matchBy: "email" });
          expect(res.body).toMatchObject({ created: 1, updated: 0, skipped: [] });
          expect(await customerRow(ofA)).toEqual(before);
          const db = await getDb();
          const made = await db.select().from(customer).where(eq(customer.name, "B's namesake"));
          expect(made.map((row) => row.organizationId)).toEqual([w.b.organizationId]);
          expect(ids(await listAll("customer", w.a.cookie))).not.toContain(made[0].id);
        },
        "location cannot see": async (w) => {
          // A customer South cannot see is never matched: South's import adds its own customer instead.
          for (const actor of southWith(w, "customers_manage")) {
            const hidden = await northCustomer(w, `North's private customer for ${actor.key}`);
            const before = await customerRow(hidden.id);
            const res = await importCustomers(actor.cookie, [[`South's ${actor.key}`, hidden.email]], { matchBy: "email" });
            expect(res.body, actor.key).toMatchObject({ created: 1, updated: 0, skipped: [] });
            expect(await customerRow(hidden.id)).toEqual(before);
            const db = await getDb();
            const [made] = await db.select().from(customer).where(eq(customer.name, `South's ${actor.key}`));
            expect(made.locationId).toBe(w.south);
          }
        },
        "view-only": async (w) => {
          const viewed = await northCustomer(w, "Shared to South to view", { default: "none", locations: [{ id: w.south, level: "view" }] });
          for (const actor of southWith(w, "customers_manage")) {
            await writesNothing(
              w,
              actor.key,
              () => importCustomers(actor.cookie, [["Renamed by South", viewed.email]], { matchBy: "email" }),
              (res) => expect(messages(res)).toEqual(["You lack access rights to update the customer with this email"]),
            );
          }
        },
        "missing privilege": async (w) => {
          for (const actor of lacking(w, "customers_manage")) {
            await refusedWrite(w, actor.key, permission("customers_manage"), () => importCustomers(actor.cookie, [["Unprivileged", uniqueEmail("nope")]]));
          }
        },
      },
    },
    {
      method: "POST",
      route: "/project/import",
      cases: {
        "no session": async (w) => refusedWrite(w, "anonymous import", UNAUTHORIZED, () => importProjects(undefined, [["Anonymous", w.refs.a.type, "", ""]])),
        "other organization": async (w) => {
          // B's rows cannot name A's type, customer or member...
          await writesNothing(
            w,
            "outsider names A's items",
            () => importProjects(w.outsider.cookie, [["Intruder", w.refs.a.type, w.items.customer.editDefault.id, w.a.view.member.id]]),
            (res) =>
              expect(messages(res)).toEqual([
                "This project type does not exist",
                "Choose an active member of the organization",
                "This customer does not exist",
              ]),
          );
          // ...and what B imports belongs to B.
          const res = await importProjects(w.outsider.cookie, [["B's imported project", w.refs.b.type, "", ""]]);
          expect(res.body).toMatchObject({ created: 1, skipped: [] });
          const db = await getDb();
          const made = await db.select().from(project).where(eq(project.title, "B's imported project"));
          expect(made.map((row) => row.organizationId)).toEqual([w.b.organizationId]);
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) {
              await writesNothing(
                w,
                `${actor.key} ${key}`,
                () => importProjects(actor.cookie, [["Hidden refs", w.items.project_type[key].id, w.items.customer[key].id, ""]]),
                (res) => expect(messages(res)).toEqual(["This project type does not exist", "This customer does not exist"]),
              );
            }
          }
          const actor = southWith(w)[0];
          expect((await importProjects(actor.cookie, [["South's imported project", w.refs.a.type, "", ""]])).body).toMatchObject({ created: 1 });
          const db = await getDb();
          const [made] = await db.select().from(project).where(eq(project.title, "South's imported project"));
          expect(made.locationId).toBe(w.south);
        },
        "view-only": "importing only reads what rows refer to, so items shared view-only may be referred to (import tests)",
        "missing privilege": "every active member may create projects (ARCHITECTURE.md §4)",
      },
    },
  ];
}

/** GET /project/{id}/workflow and POST /project/{id}/workflow/{workflowId}. */
function workflowRows(): Row[] {
  const available = (cookie: string | undefined, id: string) =>
    call(listWorkflows, "GET", `/project/${id}/workflow`, { cookie, params: { id } });
  const run = (cookie: string | undefined, id: string) =>
    call(runWorkflow, "POST", `/project/${id}/workflow/1`, { cookie, params: { id, workflowId: "1" }, body: {} });
  const NEEDS_NO_PRIVILEGE = "workflows need no privilege; their requirements decide (409, workflow tests)";
  return [
    {
      method: "GET",
      route: "/project/[id]/workflow",
      cases: {
        "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => available(undefined, w.items.project.editDefault.id)),
        "other organization": async (w) => {
          for (const key of ITEM_KEYS) {
            await refusedRead(`outsider ${key}`, notFound("Project"), () => available(w.outsider.cookie, w.items.project[key].id));
          }
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) {
              await refusedRead(`${actor.key} ${key}`, notFound("Project"), () => available(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "view-only": async (w) => {
          for (const actor of southWith(w)) {
            // Nothing to run where the member may only look (the workflow names nobody); where sharing
            // allows editing, it is offered to those who may edit the project: projects_manage here.
            for (const key of VIEW_ONLY) {
              const res = await available(actor.cookie, w.items.project[key].id);
              expect(res.body, `${actor.key} ${key}`).toEqual({ items: [], editable: false });
            }
            const edits = holds(actor, "projects_manage");
            for (const key of EDITABLE) {
              const res = await available(actor.cookie, w.items.project[key].id);
              expect(res.body, `${actor.key} ${key}`).toMatchObject({ editable: edits });
              expect(res.body.items.map((workflow: { id: number }) => workflow.id), `${actor.key} ${key}`).toEqual(edits ? [1] : []);
            }
          }
        },
        "missing privilege": NEEDS_NO_PRIVILEGE,
      },
    },
    {
      method: "POST",
      route: "/project/[id]/workflow/[workflowId]",
      cases: {
        "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => run(undefined, w.items.project.editDefault.id)),
        "other organization": async (w) => {
          for (const key of ITEM_KEYS) {
            await refusedWrite(w, `outsider ${key}`, notFound("Project"), () => run(w.outsider.cookie, w.items.project[key].id));
          }
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) {
              await refusedWrite(w, `${actor.key} ${key}`, notFound("Project"), () => run(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "view-only": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of VIEW_ONLY) {
              await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => run(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "missing privilege": NEEDS_NO_PRIVILEGE,
      },
    },
  ];
}

const NOTIFICATIONS_HAVE_NO_SHARING = "notifications belong to one member; they have no sharing level";
const NO_PRIVILEGE_FOR_OWN = "every active member manages its own notifications; no privilege applies";

/** POST /member/{id}/code: only one's own account has a code, so every other id is a 404 that sends nothing. */
function memberCodeRow(): Row {
  const ask = (cookie: string | undefined, id: string) => call(requestMemberCode, "POST", `/member/${id}/code`, { cookie, params: { id }, body: {} });
  return {
    method: "POST",
    route: "/member/[id]/code",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => ask(undefined, w.a.view.member.id as string)),
      "other organization": async (w) => {
        for (const id of [w.a.view.member.id as string, w.actors[0]!.id]) {
          await refusedWrite(w, `B's founder asks a code for ${id}`, notFound("Member"), () => ask(w.outsider.cookie, id));
        }
      },
      "location cannot see": async (w) => {
        for (const actor of w.actors) {
          await refusedWrite(w, `${actor.key} asks a code for A's founder`, notFound("Member"), () => ask(actor.cookie, w.a.view.member.id as string));
        }
      },
      "view-only": "a code exists only for one's own account, which sharing never limits (member-proof tests)",
      "missing privilege": "one's own code needs no privilege; a member with a password is told to use it instead (409, member-proof tests)",
    },
  };
}

const ROWS: Row[] = [
  memberCodeRow(),
  ...ENTITIES.flatMap((entity) => [listRow(entity), createRow(entity), getRow(entity), patchRow(entity)]),
  historyRow(),
  ...workflowRows(),
  ...importRows(),
  {
    method: "GET",
    route: "/notification",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(listNotifications, "GET", "/notification")),
      "other organization": async (w) => {
        const seen = ids(await call(listNotifications, "GET", "/notification", { cookie: w.outsider.cookie }));
        expect(seen).toEqual([w.notifications.foreign]);
      },
      "location cannot see": async (w) => {
        // Another member's notifications are never visible, wherever it works.
        const colleague = w.actors.find((actor) => actor.key === "none@south")!;
        expect(ids(await call(listNotifications, "GET", "/notification", { cookie: colleague.cookie }))).toEqual([w.notifications.colleague]);
        for (const actor of w.actors.filter((other) => other !== colleague)) {
          expect(ids(await call(listNotifications, "GET", "/notification", { cookie: actor.cookie })), actor.key).toEqual([]);
        }
      },
      "view-only": NOTIFICATIONS_HAVE_NO_SHARING,
      "missing privilege": NO_PRIVILEGE_FOR_OWN,
    },
  },
  {
    method: "PATCH",
    route: "/notification",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(patchNotifications, "PATCH", "/notification", { body: { read: [w.notifications.founder], remove: [w.notifications.colleague] } }),
        ),
      "other organization": async (w) => {
        const before = await snapshot(w);
        const res = await call(patchNotifications, "PATCH", "/notification", {
          cookie: w.outsider.cookie,
          body: { read: [w.notifications.founder, w.notifications.colleague], remove: [w.notifications.founder, w.notifications.colleague] },
        });
        // Other members' ids are ignored, not reported.
        expect(res.status).toBe(204);
        expect(await snapshot(w)).toEqual(before);
      },
      "location cannot see": async (w) => {
        for (const actor of w.actors.filter((other) => other.key !== "none@south")) {
          const before = await snapshot(w);
          const res = await call(patchNotifications, "PATCH", "/notification", {
            cookie: actor.cookie,
            body: { read: [w.notifications.founder, w.notifications.colleague], remove: [w.notifications.founder, w.notifications.colleague] },
          });
          expect(res.status, actor.key).toBe(204);
          expect(await snapshot(w), actor.key).toEqual(before);
        }
      },
      "view-only": NOTIFICATIONS_HAVE_NO_SHARING,
      "missing privilege": NO_PRIVILEGE_FOR_OWN,
    },
  },
  {
    method: "GET",
    route: "/organization/[id]",
    cases: {
      "no session": async (w) =>
        refusedRead("anonymous", UNAUTHORIZED, () =>
          call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { params: { id: w.a.organizationId } }),
        ),
      "other organization": async (w) => {
        await refusedRead("outsider", notFound("Organization"), () =>
          call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: w.outsider.cookie, params: { id: w.a.organizationId } }),
        );
        for (const actor of w.actors) {
          await refusedRead(`${actor.key} reads B`, notFound("Organization"), () =>
            call(getOrganization, "GET", `/organization/${w.b.organizationId}`, { cookie: actor.cookie, params: { id: w.b.organizationId } }),
          );
        }
      },
      "location cannot see": async (w) => {
        // The organization is visible at every location of it.
        for (const actor of southWith(w)) {
          const res = await call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: actor.cookie, params: { id: w.a.organizationId } });
          expect(res.body.id, actor.key).toBe(w.a.organizationId);
        }
      },
      "view-only": "the organization itself has no sharing level",
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        const res = await call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: reader.cookie, params: { id: w.a.organizationId } });
        expect(res.status).toBe(200);
        expect(res.body.name).toBe("Alpha Joinery");
      },
    },
  },
  {
    method: "GET",
    route: "/session",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(getSession, "GET", "/session")),
      "other organization": async (w) => {
        const res = await call(getSession, "GET", "/session", { cookie: w.outsider.cookie });
        expect(res.body.organization.id).toBe(w.b.organizationId);
        expect(JSON.stringify(res.body)).not.toContain(w.a.organizationId);
      },
      "location cannot see": async (w) => {
        // The switcher offers a member tied to South nothing but South (hidden locations are not named).
        const hidden = [w.north, ...HIDDEN.map((key) => w.items.location[key].id)];
        for (const actor of southWith(w).filter((actor) => !actor.privileges.includes("admin"))) {
          const res = await call(getSession, "GET", "/session", { cookie: actor.cookie });
          expect(res.body.locations, actor.key).toEqual([{ id: w.south, name: "South" }]);
          for (const id of hidden) expect(JSON.stringify(res.body), actor.key).not.toContain(id);
        }
      },
      "view-only": "returns the caller's own session; it names no shared item",
      "missing privilege": "every signed-in member reads its own session",
    },
  },
  {
    method: "PATCH",
    route: "/session",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(switchLocation, "PATCH", "/session", { body: { location: w.north } })),
      "other organization": async (w) => {
        for (const id of [w.north, w.south]) {
          await refusedWrite(w, "outsider switches to A's location", notFound("Location"), () =>
            call(switchLocation, "PATCH", "/session", { cookie: w.outsider.cookie, body: { location: id } }),
          );
        }
        const mine = w.actors.find((actor) => actor.key === "none@organization")!;
        await refusedWrite(w, "A switches to B's location", notFound("Location"), () =>
          call(switchLocation, "PATCH", "/session", { cookie: mine.cookie, body: { location: w.harbour } }),
        );
      },
      "location cannot see": async (w) => {
        // A member tied to South cannot move; it gets the same answer for North (hidden from South),
        // an unknown id and B's location, so it learns nothing about which ids exist.
        const expected = { status: 403, message: "You can only work at your own location" };
        for (const actor of southWith(w).filter((actor) => !actor.privileges.includes("admin"))) {
          for (const id of [w.north, w.items.location.hidden.id, crypto.randomUUID(), w.harbour]) {
            await refusedWrite(w, `${actor.key} switches to ${id}`, expected, () =>
              call(switchLocation, "PATCH", "/session", { cookie: actor.cookie, body: { location: id } }),
            );
          }
        }
      },
      "view-only": "switching names a location, and locations are switched to by membership, not sharing",
      "missing privilege": async (w) => {
        // Only admin frees a member tied to a location.
        for (const actor of actorsWhere(w, (other) => other.place !== "organization" && !other.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} to organization level`, { status: 403, message: "You can only work at your own location" }, () =>
            call(switchLocation, "PATCH", "/session", { cookie: actor.cookie, body: { location: null } }),
          );
        }
      },
    },
  },
  {
    method: "DELETE",
    route: "/session",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(logOut, "DELETE", "/session")),
      "other organization": async (w) => {
        // Logging out ends only the caller's own session.
        const cookie = await logInAs(w.b.email);
        type SessionRow = { id: string; organizationId: string };
        const sessions = async () => (await snapshot(w)).session as SessionRow[];
        const before = await sessions();
        expect((await call(logOut, "DELETE", "/session", { cookie })).status).toBe(204);
        const after = await sessions();
        expect(after).toHaveLength(before.length - 1);
        expect(after.every((row) => before.some((old) => old.id === row.id))).toBe(true);
        const ofA = (rows: SessionRow[]) => rows.filter((row) => row.organizationId === w.a.organizationId);
        expect(ofA(after)).toEqual(ofA(before));
        expect((await call(getSession, "GET", "/session", { cookie: w.a.cookie })).status).toBe(200);
      },
      "location cannot see": "ends the caller's own session; it names no item",
      "view-only": "ends the caller's own session; it names no item",
      "missing privilege": "every signed-in member may log out",
    },
  },
  ...(["GET", "POST", "PATCH", "PUT", "DELETE"] as const).map(
    (method): Row => ({
      method,
      route: "/[...path]",
      cases: {
        "no session": async (w) => {
          const send = () =>
            call(catchAll[method], method, "/role/x/y", { params: { path: ["role", "x", "y"] } as unknown as Record<string, string>, body: method === "GET" ? undefined : {} });
          if (method === "GET") await refusedRead("unknown path", notFound("Resource"), send);
          else await refusedWrite(w, "unknown path", notFound("Resource"), send);
        },
        "other organization": async (w) => {
          const send = () =>
            call(catchAll[method], method, `/role/${w.items.role.editDefault.id}/members`, {
              cookie: w.outsider.cookie,
              params: { path: ["role", w.items.role.editDefault.id, "members"] } as unknown as Record<string, string>,
              body: method === "GET" ? undefined : {},
            });
          if (method === "GET") await refusedRead("unknown path", notFound("Resource"), send);
          else await refusedWrite(w, "unknown path", notFound("Resource"), send);
        },
        "location cannot see": "unknown paths answer 404 to everyone and touch nothing",
        "view-only": "unknown paths answer 404 to everyone and touch nothing",
        "missing privilege": "unknown paths answer 404 to everyone and touch nothing",
      },
    }),
  ),
  {
    method: "PATCH",
    route: "/organization/[id]",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { params: { id: w.a.organizationId }, body: { name: "Hijacked" } }),
        ),
      "other organization": async (w) => {
        for (const body of [{ name: "Hijacked" }, { color: "#E54D2E" }, { image: w.files.b }, { oauth: null }]) {
          await refusedWrite(w, `outsider ${JSON.stringify(body)}`, notFound("Organization"), () =>
            call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: w.outsider.cookie, params: { id: w.a.organizationId }, body }),
          );
        }
        // A's admin cannot use B's file as A's logo.
        await refusedWrite(w, "B's file as A's image", { status: 400, message: "Invalid input", errors: [{ path: "image", message: "This file does not exist" }] }, () =>
          call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: w.a.cookie, params: { id: w.a.organizationId }, body: { image: w.files.b } }),
        );
      },
      "location cannot see": "the organization is visible from each of its locations; only the admin privilege decides",
      "view-only": "the organization has no sharing level; only the admin privilege decides",
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, `${actor.key}`, permission("admin"), () =>
            call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: actor.cookie, params: { id: w.a.organizationId }, body: { name: "Hijacked", color: "#E54D2E" } }),
          );
        }
      },
    },
  },
  {
    method: "POST",
    route: "/file",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous upload", UNAUTHORIZED, () => call(uploadFile, "POST", "/file", { body: pngForm() })),
      "other organization": async (w) => {
        // What B uploads belongs to B and is stored under B; A cannot read it.
        const res = await call(uploadFile, "POST", "/file", { cookie: w.outsider.cookie, body: pngForm("b2.png") });
        const id = expectCreated(res);
        expect(fs.existsSync(path.join(dataDir(), "files", w.b.organizationId, id))).toBe(true);
        expect(fs.existsSync(path.join(dataDir(), "files", w.a.organizationId, id))).toBe(false);
        await refusedRead("A reads B's new file", notFound("File"), () => call(getFile, "GET", `/file/${id}`, { cookie: w.a.cookie, params: { id } }));
      },
      "location cannot see": "files belong to the organization as a whole (db/schema/file.ts), not to a location",
      "view-only": "files have no sharing level",
      "missing privilege": "every active member may upload files (ARCHITECTURE.md §4)",
    },
  },
  ...([
    ["/file/[id]", getFile, (id: string) => `/file/${id}`],
    ["/file/[id]/download", downloadFile, (id: string) => `/file/${id}/download`],
  ] as const).map(
    ([route, handler, url]): Row => ({
      method: "GET",
      route,
      cases: {
        "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => call(handler, "GET", url(w.files.a), { params: { id: w.files.a } })),
        "other organization": async (w) => {
          await refusedRead("outsider reads A's file", notFound("File"), () => call(handler, "GET", url(w.files.a), { cookie: w.outsider.cookie, params: { id: w.files.a } }));
          for (const actor of w.actors) {
            await refusedRead(`${actor.key} reads B's file`, notFound("File"), () => call(handler, "GET", url(w.files.b), { cookie: actor.cookie, params: { id: w.files.b } }));
          }
          // Its owner can (the refusals above are about the organization, not the file).
          expect((await call(handler, "GET", url(w.files.b), { cookie: w.outsider.cookie, params: { id: w.files.b } })).status).toBe(200);
        },
        "location cannot see": "files belong to the organization as a whole (db/schema/file.ts), not to a location",
        "view-only": "files have no sharing level",
        "missing privilege": async (w) => {
          // Reading needs no privilege, from any location.
          for (const actor of w.actors.filter((a) => a.set === "none")) {
            expect((await call(handler, "GET", url(w.files.a), { cookie: actor.cookie, params: { id: w.files.a } })).status, actor.key).toBe(200);
          }
        },
      },
    }),
  ),
];

const PUBLIC: Record<string, string> = {
  "POST /session": "logging in is open to everyone and names no item (member status and rate limits: session tests)",
  "POST /otp/email": "requesting a sign-up code is open to everyone and names no item (signup tests)",
  "POST /signup": "signing up creates a new organization and names no existing item (signup tests)",
};

// ---------------------------------------------------------------------------

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

describe("isolation: every endpoint has a row", () => {
  it("covers each exported method of each route file, and every row names a real endpoint", async () => {
    const found: string[] = [];
    for (const file of routeFiles()) {
      const route = routeOf(file);
      const exported = Object.keys(await import(/* @vite-ignore */ file)).filter((name) => HTTP_METHODS.includes(name));
      expect(exported.length, route).toBeGreaterThan(0);
      for (const method of exported) found.push(`${method} ${route}`);
    }
    const covered = [...ROWS.map((row) => `${row.method} ${row.route}`), ...Object.keys(PUBLIC)];
    expect(found.filter((endpoint) => !covered.includes(endpoint)), "endpoints without an isolation row").toEqual([]);
    expect(covered.filter((endpoint) => !found.includes(endpoint)), "rows for endpoints that do not exist").toEqual([]);
    expect(new Set(covered).size).toBe(covered.length);
  });

  it("gives each row every perspective, as a case or with a reason", () => {
    for (const row of ROWS) {
      for (const perspective of PERSPECTIVES) {
        const entry = row.cases[perspective];
        expect(typeof entry === "function" || (typeof entry === "string" && entry.length > 10), `${row.method} ${row.route} ${perspective}`).toBe(true);
      }
      // Every endpoint that needs a session is refused without one.
      expect(typeof row.cases["no session"], `${row.method} ${row.route}`).toBe("function");
      expect(typeof row.cases["other organization"], `${row.method} ${row.route}`).toBe("function");
    }
  });
});

describe("isolation between organizations, locations and privileges", () => {
  let world: World;
  beforeAll(async () => {
    world = await build();
  }, 180_000);

  it("arranges the world it claims to", async () => {
    const db = await getDb();
    const w = world;
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
  });

  for (const row of ROWS) {
    describe(`${row.method} ${row.route}`, () => {
      for (const perspective of PERSPECTIVES) {
        const entry = row.cases[perspective];
        // A string says why the perspective does not apply to this endpoint; the table keeps the reason.
        if (typeof entry === "function") it(perspective, () => entry(world), 120_000);
      }
    });
  }
});
