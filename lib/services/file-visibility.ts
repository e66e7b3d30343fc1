import "server-only";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { conversation, message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { listedRows } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationEntity } from "./conversation";

/** Messages of the organization that carry the file (the GIN index on `message.files` finds them). */
const carrying = (organizationId: string) =>
  and(eq(message.organizationId, organizationId), sql`${message.files} @> array[${file.id}]`);

/**
 * The files of the organization a session may see, as one condition on `file`
 * (ARCHITECTURE.md §4). A file follows where it is used, and is visible when any
 * of its uses is:
 * - a message's file follows the message's conversation, by the conversation's own
 *   rule (the scoped layer's, whatever decides it), so a customer's files follow
 *   the customer's conversations;
 * - member and organization pictures are visible in the whole organization;
 * - a file used nowhere (an upload not attached yet) is its uploader's, and admins'.
 * An admin at organization level sees every file.
 */
export function visibleFiles(session: SessionContext): SQL {
  const organizationId = session.organizationId;
  const ofOrganization = eq(file.organizationId, organizationId);
  const admin = session.privileges.has("admin");
  if (admin && session.locationId === null) return ofOrganization;
  const inVisibleConversation = sql`exists (select 1 from ${message} inner join ${conversation} on ${conversation.id} = ${message.conversationId}
    where ${carrying(organizationId)} and ${listedRows(session, conversationEntity, {})})`;
  // Uncorrelated: read once per query, whatever the number of files it looks at.
  const picture = sql`${file.id} in (
    select ${member.image} from ${member} where ${member.organizationId} = ${organizationId} and ${member.image} is not null
    union all
    select ${organization.image} from ${organization} where ${organization.id} = ${organizationId} and ${organization.image} is not null)`;
  const unattached = sql`not exists (select 1 from ${message} where ${carrying(organizationId)})`;
  const mine = admin ? unattached : and(eq(file.uploadedBy, session.memberId), unattached);
  return and(ofOrganization, or(picture, inVisibleConversation, mine))!;
}
