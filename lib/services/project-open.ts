import "server-only";
import { sql } from "drizzle-orm";
import { project, projectType } from "@/db/schema/project";

/**
 * Whether a project is open, as a condition on a query of projects. A project is
 * open until it reaches the last status of its type (where a type's work ends);
 * a type with one status never closes.
 */
export const projectIsOpen = sql`not exists (
  select 1 from ${projectType} closing
  where closing.id = ${project.typeId}
    and jsonb_array_length(closing.statuses) > 1
    and (closing.statuses -> -1 ->> 'id')::int = ${project.status}
)`;

/** The status that closes a project of a type with these statuses (its last), the rule of `projectIsOpen`; none for a type with one status. */
export const closingStatus = (statuses: readonly { id: number }[]): number | undefined => (statuses.length > 1 ? statuses.at(-1)!.id : undefined);
