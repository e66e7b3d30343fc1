import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import type { organizationUpdateSchema } from "@/lib/schemas/organization";
import { notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { changeSet } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { assertImageFile } from "./file";

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

const FIELDS = { name: "name", color: "color", image: "image", oauth: "oauth" } as const;

async function findOrganization(db: Db, session: SessionContext, id: string, lock = false) {
  const select = db
    .select()
    .from(organization)
    .where(and(eq(organization.id, id), eq(organization.id, session.organizationId)));
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw notFound("Organization");
  return row;
}

export const getOrganization = async (db: Db, session: SessionContext, id: string) =>
  organizationView(await findOrganization(db, session, id));

export async function updateOrganization(
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof organizationUpdateSchema>,
) {
  if (patch.image) await assertImageFile(db, session, patch.image, "image");
  return db.transaction(async (tx) => {
    const row = await findOrganization(tx, session, id, true);
    const { set, changes } = changeSet<OrganizationRow>(FIELDS, row, patch);
    if (Object.keys(set).length === 0) return organizationView(row);
    const [updated] = await tx
      .update(organization)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(organization.id, id))
      .returning();
    if (changes.oauth) changes.oauth = [row.oauth?.email ?? null, null];
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: "organization",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes,
    });
    return organizationView(updated);
  });
}
