import type { Sharing, SharingLevel } from "./sharing";

/**
 * The level a session working at `here` (null: organization level) has on an item
 * of its own organization that lives at `location` (ARCHITECTURE.md §4). The server
 * decides with it, and screens show an item as the server will treat it. No zod
 * here: screens load this with their first JavaScript.
 */
export function levelAt(here: string | null, item: { location: string | null; sharing: Sharing }): SharingLevel {
  if (here === null) return "edit";
  if (item.location === here) return "edit";
  const shared = item.sharing.locations.find((entry) => entry.id === here);
  return shared?.level ?? item.sharing.default;
}
