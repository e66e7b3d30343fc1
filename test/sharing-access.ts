import { expect } from "vitest";
import type { Sharing } from "@/lib/schemas/sharing";
import type { ApiResponse } from "./api";
import { notFound } from "./answers";
import { addLocation, addMember, logInAs, signUpOrganization } from "./fixtures";
import type { SmtpCatcher } from "./smtp-catcher";

export const shared = (defaultLevel: Sharing["default"], locations: Sharing["locations"] = []): Sharing => ({
  default: defaultLevel,
  locations,
});

type Places = { north: string; south: string };

/**
 * Items placed and shared so that a member working at North sees exactly those
 * marked `seen`: the access table every shared entity answers the same way.
 */
export const SEEN_FROM_NORTH = {
  orgNone: { at: "organization", sharing: () => shared("none"), seen: false },
  orgView: { at: "organization", sharing: () => shared("view"), seen: true },
  orgEdit: { at: "organization", sharing: () => shared("edit"), seen: true },
  orgSharedToNorth: { at: "organization", sharing: ({ north }: Places) => shared("none", [{ id: north, level: "view" }]), seen: true },
  orgSharedToSouth: { at: "organization", sharing: ({ south }: Places) => shared("none", [{ id: south, level: "view" }]), seen: false },
  orgViewButNotNorth: { at: "organization", sharing: ({ north }: Places) => shared("view", [{ id: north, level: "none" }]), seen: false },
  sameLocation: { at: "north", sharing: () => shared("none"), seen: true },
  southNone: { at: "south", sharing: () => shared("none"), seen: false },
  southSharedToNorth: { at: "south", sharing: ({ north }: Places) => shared("none", [{ id: north, level: "edit" }]), seen: true },
} satisfies Record<string, { at: "organization" | "north" | "south"; sharing: (places: Places) => Sharing; seen: boolean }>;
type SeenKey = keyof typeof SEEN_FROM_NORTH;

/**
 * An organization with North and South, a staff member at North signed in, and one
 * item per row of SEEN_FROM_NORTH made by `add` (the entity's own way of storing one).
 */
export async function arrangeSeenFromNorth(
  mailbox: SmtpCatcher,
  add: (organizationId: string, locationId: string | null, sharing: Sharing) => Promise<string>,
) {
  const org = await signUpOrganization(mailbox);
  const north = await addLocation(org.organizationId, "North");
  const south = await addLocation(org.organizationId, "South");
  const staff = await addMember(org.organizationId, { locationId: north.id });
  const cookie = await logInAs(staff.email);
  const places = { north: north.id, south: south.id };
  const items = {} as Record<SeenKey, string>;
  for (const [key, row] of Object.entries(SEEN_FROM_NORTH) as [SeenKey, (typeof SEEN_FROM_NORTH)[SeenKey]][]) {
    const locationId = row.at === "organization" ? null : places[row.at];
    items[key] = await add(org.organizationId, locationId, row.sharing(places));
  }
  return { org, north, south, staff, cookie, items };
}

/** Reads every item as `cookie`: found where the table says it is seen, otherwise the entity's 404. */
export async function expectSeenFromNorth(
  items: Record<SeenKey, string>,
  read: (id: string) => Promise<ApiResponse>,
  resource: string,
) {
  const seen: Record<string, number> = {};
  for (const [key, id] of Object.entries(items)) {
    const res = await read(id);
    seen[key] = res.status;
    if (res.status === 200) expect(res.body.id).toBe(id);
    else expect(res.body).toEqual(notFound(resource));
  }
  const expected = Object.fromEntries(Object.entries(SEEN_FROM_NORTH).map(([key, row]) => [key, row.seen ? 200 : 404]));
  expect(seen).toEqual(expected);
}
