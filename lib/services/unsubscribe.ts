import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { ApiError } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { memberOfUnsubscribeToken } from "@/lib/server/unsubscribe-token";

/**
 * A mail client's one-click unsubscribe (RFC 8058) posts a form body; a person's
 * click on the page posts the same. The body says nothing the token does not: it
 * is read only to hold it to its size.
 */
export const UNSUBSCRIBE_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
export const unsubscribeMaxBytes = () => 1024;

const invalidLink = () =>
  new ApiError(404, "errors.unsubscribe.invalid", {
    resource: "Unsubscribe link",
  });

/**
 * Turns the token's member's notification emails off (`never`), with a history
 * entry made by no member. The answer names nothing about the member, so a
 * forwarded link tells its reader nothing.
 */
export async function unsubscribeFromEmails(
  db: Db,
  token: string,
  readBody: () => Promise<unknown>,
): Promise<{ notification_emails: "never" }> {
  const memberId = memberOfUnsubscribeToken(token);
  if (!memberId) throw invalidLink();
  await readBody();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: member.id, organizationId: member.organizationId, notificationEmails: member.notificationEmails })
      .from(member)
      .where(eq(member.id, memberId))
      .for("update");
    if (!row) throw invalidLink();
    if (row.notificationEmails === "never") return;
    await tx.update(member).set({ notificationEmails: "never", updatedAt: new Date() }).where(eq(member.id, row.id));
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: "member",
      entityId: row.id,
      memberId: null,
      action: "updated",
      changes: { notification_emails: [row.notificationEmails, "never"] },
    });
  });
  return { notification_emails: "never" };
}
