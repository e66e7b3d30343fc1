/**
 * Type-level test, run by `npm run typecheck` (tsconfig includes every .ts file;
 * vitest does not pick it up). It fails to compile when:
 * - a field of projectView is renamed, added or dropped: `keys` lists the fields
 *   the project screens read, and keyof ProjectItem follows projectView;
 * - ProjectItem stops being derived from projectView (a hand copy drifts: `derived`);
 * - dates are typed as Date although JSON delivers strings (`created`);
 * - ProjectItem degrades to `any` (the @ts-expect-error line would go unused).
 */
import type { projectView } from "@/lib/entities/project";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { ProjectItem } from "./project-item";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const keys: Equal<
  keyof ProjectItem,
  | "id"
  | "title"
  | "description"
  | "type"
  | "status"
  | "fields"
  | "owner"
  | "customer"
  | "site"
  | "location"
  | "organization"
  | "sharing"
  | "created"
  | "updated"
> = true;

export const derived: Equal<ProjectItem, Jsonify<ReturnType<typeof projectView>>> = true;

export const created: Equal<ProjectItem["created"], string> = true;

export function readsOnlyServerFields(item: ProjectItem) {
  // @ts-expect-error projects have a title, not a name
  return item.name;
}
