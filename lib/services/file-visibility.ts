import "server-only";
import { and, eq, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { listedRows } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "@/lib/entities/conversation";
import { project } from "@/db/schema/project";
import { projectFile } from "@/db/schema/project-file";
import { projectEntity } from "@/lib/entities/project";

/*
 * Who sees a file (ARCHITECTURE.md §4): a file follows where it is used, and is
 * visible when any of its uses is.
 * - A message's file follows the message's conversation, by the conversation's own
 *   rule (the scoped layer's, whatever decides it), so a customer's files follow
 *   the customer's conversations.
 * - Member and organization pictures are visible in the whole organization.
 * - A file kept with a project (a visit's photo) follows the project.
 * - A file no message carries and no picture shows (an upload not attached yet) is
 *   its uploader's, and admins'.
 * An admin at organization level sees every file of the organization.
 */

const seesEverything = (session: SessionContext) => session.privileges.has("admin") && session.locationId === null;

/** Whether the session sees a conversation, as a condition on `conversation`. */
const conversationSeen = (session: SessionContext) => listedRows(session, conversationEntity, {})!;

/** Files shown as a member's or the organization's picture. Uncorrelated: read once per query. */
const picture = (organizationId: string) => sql`${file.id} in (
  select ${member.image} from ${member} where ${member.organizationId} = ${organizationId} and ${member.image} is not null
  union all
  select ${organization.image} from ${organization} where ${organization.id} = ${organizationId} and ${organization.image} is not null)`;

/** Files kept with a project the session sees. */
const keptWithSeenProject = (session: SessionContext) => sql`exists (
  select 1 from ${projectFile} inner join ${project} on ${project.id} = ${projectFile.projectId} and ${project.organizationId} = ${projectFile.organizationId}
  where ${projectFile.organizationId} = ${session.organizationId} and ${projectFile.fileId} = ${file.id} and ${listedRows(session, projectEntity, {})!})`;

/**
 * The rule, given `carriedSeen`: whether the session sees a conversation whose
 * messages carry the file, null when no message carries it.
 */
function seenGiven(session: SessionContext, carriedSeen: SQL): SQL {
  const unattached = session.privileges.has("admin") ? sql`true` : eq(file.uploadedBy, session.memberId);
  return or(picture(session.organizationId), keptWithSeenProject(session), sql`coalesce(${carriedSeen}, ${unattached})`)!;
}

/**
 * The files of the organization a session may see, as one condition on `file`,
 * for lists and lookups by id. Each file's messages are found through the GIN
 * index on `message.files`; as an aggregate, so the planner reads them by the
 * index rather than scanning for a first match that usually does not exist.
 */
export function visibleFiles(session: SessionContext): SQL {
  const ofOrganization = eq(file.organizationId, session.organizationId);
  if (seesEverything(session)) return ofOrganization;
  const carriedSeen = sql`(select bool_or(${conversationSeen(session)}) from ${message}
    inner join ${conversation} on ${conversation.id} = ${message.conversationId}
    where ${message.organizationId} = ${session.organizationId} and ${message.files} @> array[${file.id}])`;
  return and(ofOrganization, seenGiven(session, carriedSeen))!;
}

/**
 * Bytes of the kept files the session sees, per type, by the same rule for all of
 * the organization's files at once: what its messages carry is read once, from its
 * conversations, and joined to the files rather than looked up file by file.
 */
export async function visibleSizesByType(db: Db, session: SessionContext): Promise<{ mimetype: string; size: string }[]> {
  const kept = and(eq(file.organizationId, session.organizationId), not(file.removed));
  const result = await db.execute(sql`
    with carried as (
      select carried.id, bool_or(${conversationSeen(session)}) as seen
      from ${conversation} inner join ${message} on ${message.conversationId} = ${conversation.id}
      cross join unnest(${message.files}) as carried(id)
      where ${conversation.organizationId} = ${session.organizationId}
      group by carried.id)
    select ${file.mimetype} as mimetype, sum(${file.size})::text as size
    from ${file} left join carried on carried.id = ${file.id}
    where ${kept} and ${seenGiven(session, sql`carried.seen`)}
    group by 1`);
  return (result as unknown as { rows: { mimetype: string; size: string }[] }).rows;
}
