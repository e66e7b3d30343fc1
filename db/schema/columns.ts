import { sql } from "drizzle-orm";
import { jsonb, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Sharing } from "@/lib/schemas/sharing";

export const id = () => uuid("id").primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const itemStatus = () => text("status", { enum: ["active", "removed"] }).notNull().default("active");

export const sharing = () =>
  jsonb("sharing").$type<Sharing>().notNull().default(sql`'{"default":"none","locations":[]}'::jsonb`);
