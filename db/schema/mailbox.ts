import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MAILBOX_PROVIDERS } from "@/lib/schemas/constants";
import { session } from "./auth";
import { id, sameOrganization, timestamps } from "./columns";
import { member } from "./member";
import { organization } from "./organization";

/**
 * The organization's connected mailbox (one at a time). `credentials` is the
 * provider's tokens as JSON, sealed with AES-256-GCM (lib/server/seal.ts): never
 * readable in the database without the key. `cursor` is where the next sync
 * starts: Gmail's history id, or Graph's delta link.
 */
export const mailbox = pgTable(
  "mailbox",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: MAILBOX_PROVIDERS }).notNull(),
    email: text("email").notNull(),
    credentials: text("credentials").notNull(),
    status: text("status", { enum: ["connected", "disconnected"] }).notNull().default("connected"),
    cursor: text("cursor"),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastError: text("last_error"),
    connectedBy: uuid("connected_by"),
    ...timestamps,
  },
  (t) => [
    sameOrganization("mailbox_connected_by_fk", t.organizationId, t.connectedBy, member),
    uniqueIndex("mailbox_organization_idx").on(t.organizationId),
    index("mailbox_status_sync_idx").on(t.status, t.lastSyncAt),
  ],
);

/**
 * An authorization in progress: the `state` sent to the provider (stored as its
 * SHA-256), bound to the session that asked for it, used once, expiring after
 * ten minutes; Microsoft's PKCE verifier waits here for the code.
 */
export const oauthState = pgTable(
  "oauth_state",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => session.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: MAILBOX_PROVIDERS }).notNull(),
    redirectUri: text("redirect_uri").notNull(),
    codeVerifier: text("code_verifier"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '10 minutes'`),
  },
  (t) => [index("oauth_state_expires_idx").on(t.expiresAt)],
);
