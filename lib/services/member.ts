import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { assertVisible } from "@/lib/server/access";
import type { SessionContext } from "@/lib/server/session";

type MemberRow = typeof member.$inferSelect;

export function memberView(row: MemberRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    image: row.image,
    role: row.roleId,
    location: row.locationId,
    organization: row.organizationId,
    notification_emails: row.notificationEmails,
    sharing: row.sharing,
    // The password itself is write-only; the Security tab only needs to know one is set.
    has_password: row.passwordHash !== null,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export async function getMember(db: Db, session: SessionContext, id: string) {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.id, id), eq(member.organizationId, session.organizationId)));
  // Everyone may read their own record, whatever its sharing says.
  if (row?.id === session.memberId) return memberView(row);
  return memberView(assertVisible(row, session, "Member"));
}
