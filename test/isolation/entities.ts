/**
 * The entities that share the organization/location/sharing/status shape, and
 * how the isolation suite reaches, creates and changes each of them.
 */
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { customer } from "@/db/schema/customer";
import { member, role } from "@/db/schema/member";
import { location } from "@/db/schema/organization";
import { project, projectType } from "@/db/schema/project";
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as listCustomers, POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as getLocation, PATCH as patchLocation } from "@/app/api/api/location/[id]/route";
import { GET as listLocations, POST as postLocation } from "@/app/api/api/location/route";
import { GET as getMember, PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { GET as listMembers, POST as postMember } from "@/app/api/api/member/route";
import { GET as getProject, PATCH as patchProject } from "@/app/api/api/project/[id]/route";
import { GET as listProjects, POST as postProject } from "@/app/api/api/project/route";
import { GET as getProjectType, PATCH as patchProjectType } from "@/app/api/api/project_type/[id]/route";
import { GET as listProjectTypes, POST as postProjectType } from "@/app/api/api/project_type/route";
import { GET as getRole, PATCH as patchRole } from "@/app/api/api/role/[id]/route";
import { GET as listRoles, POST as postRole } from "@/app/api/api/role/route";
import type { Privilege } from "@/lib/schemas/constants";
import { uniqueEmail } from "@/test/api";
import { invalid } from "@/test/answers";
import { HIDDEN, ITEM_KEYS, type EntityKey, type Refs } from "./items";
import type { Handler, World } from "./world";

/**
 * The items that share the organization/location/sharing/status shape. Each says
 * how to reach it and what it takes to write it; the rows below are built from this.
 */
export type EntitySpec = {
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

export const EVERYTHING = { status: ["active", "removed"], limit: "10000" };

export const ENTITY: Record<EntityKey, EntitySpec> = {
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
    createCrossing: (w) => [
      ...[w.a.view.member.role as string, w.refs.a.role, ...ITEM_KEYS.map((key) => w.items.role[key].id)].map((id): [Record<string, unknown>, object] => [
        { name: "Newcomer", email: uniqueEmail("new"), role: id },
        invalid("role", "This role does not exist"),
      ]),
      [{ name: "Newcomer", email: uniqueEmail("new"), role: w.refs.b.role, location: w.north }, invalid("location", "This location does not exist")],
    ],
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
    createCrossing: (w) => [[{ name: "Intruder", location: w.north }, invalid("location", "This location does not exist")]],
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
      [{ title: "Intruder", type: w.refs.b.type, location: w.south }, invalid("location", "This location does not exist")],
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
export const ENTITIES = Object.keys(ENTITY) as EntityKey[];
export const spec = (entity: EntityKey): EntitySpec => ENTITY[entity];
