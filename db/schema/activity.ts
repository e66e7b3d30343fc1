import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sameOrganization } from "./columns";
import { member } from "./member";
import { organization } from "./organization";

export type HistoryChanges = Record<string, [unknown, unknown]>;

export const history = pgTable(
  "history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    memberId: uuid("member_id"),
    action: text("action", { enum: ["created", "updated"] }).notNull(),
    changes: jsonb("changes").$type<HistoryChanges>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization("history_member_fk", t.organizationId, t.memberId, member),
    index("history_entity_idx").on(t.organizationId, t.entityType, t.entityId, t.createdAt),
  ],
);

export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization("notification_member_fk", t.organizationId, t.memberId, member).onDelete("cascade"),
    index("notification_member_created_idx").on(t.memberId, t.createdAt),
  ],
);
