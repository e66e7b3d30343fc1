import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { role } from "@/db/schema/member";
import { assertVisible } from "@/lib/server/access";
import type { SessionContext } from "@/lib/server/session";

type RoleRow = typeof role.$inferSelect;

export function roleView(row: RoleRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    privileges: row.privileges,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export async function getRole(db: Db, session: SessionContext, id: string) {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, id), eq(role.organizationId, session.organizationId)));
  return roleView(assertVisible(row, session, "Role"));
}
