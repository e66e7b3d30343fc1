import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_FREQUENCIES, type Privilege } from "@/lib/schemas/constants";
import { id, itemStatus, nameOrder, sameOrganization, sharing, timestamps } from "./columns";
import { location, organization } from "./organization";

export const role = pgTable(
  "role",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: itemStatus(),
    privileges: text("privileges").array().$type<Privilege[]>().notNull().default(sql`'{}'::text[]`),
    locationId: uuid("location_id"),
    sharing: sharing(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("role_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("role_location_fk", t.organizationId, t.locationId, location),
    index("role_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("role_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("role_org_name_idx").on(t.organizationId, nameOrder(t.name)),
  ],
);

export const member = pgTable(
  "member",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Stored lower-cased so lookups and uniqueness are case-insensitive.
    email: text("email").notNull(),
    status: itemStatus(),
    image: uuid("image"),
    roleId: uuid("role_id").notNull(),
    locationId: uuid("location_id"),
    // The language of the member's own screens and mail; null: the organization's.
    language: text("language"),
    notificationEmails: text("notification_emails", { enum: NOTIFICATION_FREQUENCIES }).notNull().default("every"),
    sharing: sharing(),
    passwordHash: text("password_hash"),
    // A pending invitation to set a password: only the SHA-256 of the emailed link's token, and when the link stops working.
    invitationHash: text("invitation_hash"),
    invitationExpiresAt: timestamp("invitation_expires_at", { withTimezone: true }),
    // When the last notification digest was sent; the next lists what came after it.
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("member_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("member_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("member_role_fk", t.organizationId, t.roleId, role),
    uniqueIndex("member_org_email_active_idx").on(t.organizationId, t.email).where(sql`${t.status} = 'active'`),
    index("member_email_idx").on(t.email),
    uniqueIndex("member_invitation_hash_idx").on(t.invitationHash).where(sql`${t.invitationHash} is not null`),
    index("member_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("member_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("member_org_name_idx").on(t.organizationId, nameOrder(t.name)),
  ],
);
