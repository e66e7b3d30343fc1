/**
 * The world the isolation suite runs against: organizations A and B, locations,
 * items of each entity with each sharing level, and members of A with each
 * privilege at each place, all arranged through the real endpoints.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { POST as postLocation } from "@/app/api/api/location/route";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { POST as postMember } from "@/app/api/api/member/route";
import { POST as postProjectType } from "@/app/api/api/project_type/route";
import { POST as postRole } from "@/app/api/api/role/route";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import type { Privilege } from "@/lib/schemas/constants";
import { call, uniqueEmail, type ApiResponse } from "@/test/api";
import { logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import type { SmtpCatcher } from "@/test/smtp-catcher";
import { organizationRows, watchWrites } from "@/test/organization-rows";
import { ENTITIES, spec } from "./entities";
import { ITEM_KEYS, ITEMS, PLACES, PRIVILEGE_SETS, type Actor, type EntityKey, type Item, type ItemKey, type Place, type PrivilegeSet, type Refs, type SharingInput } from "./items";

export type Org = Awaited<ReturnType<typeof signUpOrganization>>;
export type Handler = Parameters<typeof call>[0];
export type CallOptions = Parameters<typeof call>[3];

export type World = {
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

export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
export const pngForm = (name = "logo.png") => {
  const data = new FormData();
  data.set("file", new File([PNG], name, { type: "image/png" }));
  return data;
};

/** The definition of the project types refs point at: two statuses and a workflow that needs nothing. */
export const TYPE_DEFINITION = {
  statuses: [
    { id: 1, title: "Open" },
    { id: 2, title: "Done" },
  ],
  workflows: [{ id: 1, title: "Finish", effects: [{ type: "status_set", value: 2 }] }],
};

export const expectCreated = (res: ApiResponse) => {
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

export async function build(mailbox: SmtpCatcher): Promise<World> {
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
export const snapshot = (w: World) => organizationRows([w.a.organizationId, w.b.organizationId]);

/** Watches both organizations' rows and files: the function it returns lists what was written since. */
export const watch = (w: World, organizationIds = [w.a.organizationId, w.b.organizationId]) => watchWrites(organizationIds);
