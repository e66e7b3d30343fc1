// Ids of statuses, fields and workflows inside a project type: plain values the screens
// use without the schemas that check them (project-fields.ts).

/** Stored in 4-byte integer columns (a project's status), so at most 2147483647. */
export const ITEM_ID_MAX = 2_147_483_647;

/** New statuses, fields and workflows take the smallest positive id not yet used (spec §5). */
export function nextItemId(items: readonly { id: number }[]): number {
  const used = new Set(items.map((item) => item.id));
  let id = 1;
  while (used.has(id)) id += 1;
  return id;
}
