import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailbox } from "@/db/schema/mailbox";
import { organization } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import { inboundEmailPath, type InboundTokenRotation, type organizationUpdateSchema } from "@/lib/schemas/organization";
import { notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { hasPrivilege } from "@/lib/server/privileges";
import { changeSet } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import type { MailboxRow } from "@/lib/entities/mailbox";
import { organizationView, type OrganizationRow, type OrganizationView } from "@/lib/entities/organization";
import { assertImageFile } from "./file";
import { connectMailbox, disconnectMailbox } from "./messaging/mailbox/connection";
import { emailReplies } from "./messaging/reply-address";

const inboundEmailUrl = (origin: string, token: string) => `${origin}${inboundEmailPath(token)}`;

/** The view as this session may see it: the inbound address is a secret for admins, given with the app's origin. */
function viewFor(
  { row, box }: { row: OrganizationRow; box: MailboxRow | null },
  session: SessionContext,
  origin: string | undefined,
): OrganizationView {
  const view = organizationView(row, box, emailReplies(box !== null));
  if (origin === undefined || !hasPrivilege(session, "admin")) return view;
  return { ...view, inbound_email_url: inboundEmailUrl(origin, row.inboundToken) };
}

const FIELDS = { name: "name", color: "color", image: "image", country: "country", language: "language", business: "business" } as const;

async function findOrganization(db: Db, session: SessionContext, id: string, lock = false) {
  const select = db
    .select()
    .from(organization)
    .where(and(eq(organization.id, id), eq(organization.id, session.organizationId)));
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw notFound("Organization");
  const [box] = await db.select().from(mailbox).where(eq(mailbox.organizationId, row.id));
  return { row, box: box ?? null };
}

/**
 * `origin` is the app's public origin (APP_URL or the request's): with it, admins
 * also get the inbound address; without it (a visibility check) nobody does.
 */
export const getOrganization = async (db: Db, session: SessionContext, id: string, origin?: string) =>
  viewFor(await findOrganization(db, session, id), session, origin);

export async function updateOrganization(
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof organizationUpdateSchema>,
  origin: string,
) {
  if (patch.image) await assertImageFile(db, session, patch.image, "image");
  // The mailbox talks to its provider, outside the profile's transaction.
  if (patch.oauth === null) await disconnectMailbox(db, session, id);
  else if (patch.oauth) await connectMailbox(db, session, id, patch.oauth, origin);
  return db.transaction(async (tx) => {
    const found = await findOrganization(tx, session, id, true);
    const { row } = found;
    const { set, changes } = changeSet<OrganizationRow>(FIELDS, row, patch);
    if (Object.keys(set).length === 0) return viewFor(found, session, origin);
    const [updated] = await tx
      .update(organization)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(organization.id, id))
      .returning();
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: "organization",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes,
    });
    return viewFor({ row: updated, box: found.box }, session, origin);
  });
}

/**
 * A new secret for the inbound email address; the old address is refused from
 * now on. The history entry records the change, never the secret.
 */
export async function rotateInboundToken(db: Db, session: SessionContext, id: string, origin: string): Promise<InboundTokenRotation> {
  return db.transaction(async (tx) => {
    await findOrganization(tx, session, id, true);
    const token = crypto.randomBytes(32).toString("hex");
    await tx.update(organization).set({ inboundToken: token, updatedAt: new Date() }).where(eq(organization.id, id));
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: "organization",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { inbound_email_url: ["Previous address", "New address"] },
    });
    return { inbound_email_url: inboundEmailUrl(origin, token) };
  });
}
