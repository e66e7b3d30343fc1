import "server-only";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { log } from "./log";

/**
 * The start-up line once the database is migrated and the jobs run: `npm start`
 * (scripts/start.mjs) reads it to send a first user to /signup on an empty database.
 */
export async function logStarted(db: Db) {
  const any = await db.select({ id: organization.id }).from(organization).limit(1);
  log().info({ event: "started", migrations: "applied", organizations: any.length > 0 }, "Database migrations applied, background jobs running");
}
