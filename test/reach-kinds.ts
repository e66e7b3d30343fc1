import { getDb } from "@/db/client";
import { location } from "@/db/schema/organization";
import type { Sharing } from "@/lib/schemas/sharing";

/**
 * 43 locations and a project or customer sharing of each kind a location may read a row by
 * (db/schema/columns.ts `reach`): its own, every location's, named ones with a level or
 * hidden, more named than the audience lists ("?"), and the organization's own.
 */
export async function reachKinds(organizationId: string) {
  const db = await getDb();
  const places = await db
    .insert(location)
    .values(Array.from({ length: 43 }, (_, i) => ({ organizationId, name: `Branch ${i}` })))
    .returning();
  const [north, south, ...others] = places;
  const level = (id: string, value: "view" | "edit" | "none") => ({ id, level: value });
  const many = others.map((place) => level(place.id, "view"));
  const kinds: [string | null, Sharing][] = [
    [north.id, { default: "none", locations: [] }],
    [south.id, { default: "none", locations: [] }],
    [north.id, { default: "view", locations: [] }],
    [north.id, { default: "edit", locations: [level(south.id, "none")] }],
    [north.id, { default: "view", locations: [level(others[0].id, "edit")] }],
    [north.id, { default: "none", locations: [level(south.id, "view")] }],
    [north.id, { default: "none", locations: [level(south.id, "none"), level(others[1].id, "view")] }],
    [north.id, { default: "none", locations: [...many, level(south.id, "view")] }],
    [north.id, { default: "none", locations: [...many, level(south.id, "none")] }],
    [north.id, { default: "view", locations: [...many, level(south.id, "none")] }],
    [null, { default: "none", locations: [] }],
    [null, { default: "view", locations: [] }],
    [null, { default: "none", locations: [level(south.id, "edit")] }],
    [null, { default: "none", locations: [level(south.id, "none")] }],
    [south.id, { default: "none", locations: [level(north.id, "view")] }],
  ];
  return { north, south, others, kinds };
}
