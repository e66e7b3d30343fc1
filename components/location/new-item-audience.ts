/**
 * Who will see a new item placed at a location (null: the organization level), as the
 * create forms say it. New items are not shared (ARCHITECTURE.md §4): staff at their
 * location and everyone working at organization level see them; sharing adds others.
 * A new member also works where they are placed.
 */
export function newItemAudience(location: string | null, of: "item" | "member" = "item") {
  const seen = location === null ? "Visible only at organization level, not to staff at locations" : `Visible to staff at ${location} and at organization level`;
  if (of === "item") return seen;
  return location === null ? `Works at organization level and at any location. ${seen}` : `Works at ${location} only. ${seen}`;
}
