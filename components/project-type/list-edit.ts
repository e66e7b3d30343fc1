/** Immutable edits of the lists a project type holds (statuses, fields, workflows and their parts). */

export const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] => list.map((entry, i) => (i === index ? item : entry));

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** Moves one entry up (-1) or down (+1); out-of-range moves leave the list as it is. */
export function moveBy<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
