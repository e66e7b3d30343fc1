import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sameOrganization } from "./columns";
import { member } from "./member";
import { location, organization } from "./organization";

export const session = pgTable(
  "session",
  {
    // Random, unguessable; the sealed cookie carries it.
    id: text("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    locationId: uuid("location_id").references(() => location.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Refreshed at most every few minutes; a session unused for the idle timeout ends.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_member_idx").on(t.memberId), index("session_expires_idx").on(t.expiresAt)],
);

export const oneTimeCode = pgTable(
  "one_time_code",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("one_time_code_email_created_idx").on(t.email, t.createdAt)],
);

// Fixed-window counters shared by every app instance through the database.
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// A member's API token: only the SHA-256 of its secret is kept (the secret is random, so no slow hash is needed).
export const apiToken = pgTable(
  "api_token",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").notNull(),
    name: text("name").notNull(),
    // The secret's first characters, shown so a member can recognize a token.
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    readOnly: boolean("read_only").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // Written at most once a minute.
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization("api_token_member_fk", t.organizationId, t.memberId, member).onDelete("cascade"),
    index("api_token_member_created_idx").on(t.memberId, t.createdAt),
  ],
);
