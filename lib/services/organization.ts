import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { notFound } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";

type OrganizationRow = typeof organization.$inferSelect;

export function organizationView(row: OrganizationRow) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    image: row.image,
    language: row.language,
    // Tokens never leave the server.
    oauth: row.oauth ? { type: row.oauth.type, email: row.oauth.email } : null,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export async function getOrganization(db: Db, session: SessionContext, id: string) {
  const [row] = await db
    .select()
    .from(organization)
    .where(and(eq(organization.id, id), eq(organization.id, session.organizationId)));
  if (!row) throw notFound("Organization");
  return organizationView(row);
}
