import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member, role } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { conflict } from "./errors";

type Without = { memberId?: string; roleId?: string };

/**
 * Refuses a change that would leave the organization without an active admin.
 * Locks the organization row so two concurrent demotions cannot both pass.
 */
export async function keepAnAdmin(tx: Db, organizationId: string, without: Without, details: string) {
  await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, organizationId)).for("update");
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(member)
    .innerJoin(role, eq(role.id, member.roleId))
    .where(
      and(
        eq(member.organizationId, organizationId),
        eq(member.status, "active"),
        sql`'admin' = any(${role.privileges})`,
        without.memberId ? ne(member.id, without.memberId) : undefined,
        without.roleId ? ne(role.id, without.roleId) : undefined,
      ),
    );
  if (!row || row.count === 0) throw conflict(details);
}
