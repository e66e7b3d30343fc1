import type { Privilege } from "@/lib/schemas/constants";

/** The items of the isolation world: where they live, how they are shared, and who acts on them. */
export type Level = "none" | "view" | "edit";
export type Place = "organization" | "north" | "south";
export type EntityKey = "role" | "member" | "location" | "customer" | "project_type" | "project";
export type SharingInput = { default: "none" | "view" | "edit" | "full"; locations?: { id: string; level: "none" | "view" | "edit" | "full" }[] };

export const PLACES: Place[] = ["organization", "north", "south"];
export const PRIVILEGE_SETS = {
  admin: ["admin"],
  members_manage: ["members_manage"],
  projects_manage: ["projects_manage"],
  customers_manage: ["customers_manage"],
  none: [],
} satisfies Record<string, Privilege[]>;
export type PrivilegeSet = keyof typeof PRIVILEGE_SETS;

/** Items of A and what a session at South may do with them. `at` is where the item lives (locations live at themselves). */
export const ITEMS = {
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
export type ItemKey = keyof typeof ITEMS;
export const ITEM_KEYS = Object.keys(ITEMS) as ItemKey[];
export const keysWhere = (level: Level) => ITEM_KEYS.filter((key) => ITEMS[key].south === level);
export const HIDDEN = keysWhere("none");
export const VIEW_ONLY = keysWhere("view");
export const EDITABLE = keysWhere("edit");
/** Items every member of A may edit as far as sharing goes, wherever it works. */
export const EDITABLE_EVERYWHERE: ItemKey[] = ["editDefault", "editOverride"];

export type Item = { id: string; name: string };
export type Actor = { key: string; set: PrivilegeSet; place: Place; privileges: Privilege[]; id: string; email: string; cookie: string };
/** What new items of an organization refer to: a role and a project type visible everywhere. */
export type Refs = { role: string; type: string };
