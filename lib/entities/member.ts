import "server-only";
import { sql } from "drizzle-orm";
import { member } from "@/db/schema/member";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

export type MemberRow = typeof member.$inferSelect;

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
    // The member's own language; null follows the organization's.
    language: row.language,
    notification_emails: row.notificationEmails,
    sharing: row.sharing,
    // The password itself is write-only; the Security tab only needs to know one is set.
    has_password: row.passwordHash !== null,
    // Set while an invitation to set a password is pending (the link may have expired by then); null once accepted.
    invitation_expires: row.invitationExpiresAt,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export const memberEntity: ScopedEntity<MemberRow, ReturnType<typeof memberView>> = {
  type: "member",
  resource: "Member",
  table: member,
  columns: {
    id: member.id,
    organizationId: member.organizationId,
    location: member.locationId,
    sharing: member.sharing,
    status: member.status,
    search: member.name,
  },
  sorts: { created: member.createdAt, updated: member.updatedAt, name: caseless(member.name) },
  locationKey: "locationId",
  fields: {
    name: "name",
    email: "email",
    status: "status",
    image: "image",
    role: "roleId",
    location: "locationId",
    language: "language",
    notification_emails: "notificationEmails",
    sharing: "sharing",
    password: "passwordHash",
  },
  view: memberView,
  viewSql: { has_password: sql`${member.passwordHash} is not null` },
  rowLocation: (row) => row.locationId,
  // Everyone may read and edit their own profile, whatever its sharing says;
  // which fields they may change, updateMember (lib/services/member.ts) decides.
  ownRecord: (row, session) => row.id === session.memberId,
  historyValue: (field, value) => (field === "password" ? (value ? "set" : "not set") : value),
};
