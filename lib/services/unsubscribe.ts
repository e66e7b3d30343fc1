import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { ApiError } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { unsubscribeTarget } from "@/lib/server/unsubscribe-token";

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

/** The member's notification emails off (`never`). */
async function memberOff(tx: Db, memberId: string) {
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
}

/** The customer's automated emails off; staff see the change, by no member, in its history. */
async function customerOff(tx: Db, customerId: string) {
  const [row] = await tx
    .select({ id: customer.id, organizationId: customer.organizationId, automatedEmails: customer.automatedEmails })
    .from(customer)
    .where(eq(customer.id, customerId))
    .for("update");
  if (!row) throw invalidLink();
  if (!row.automatedEmails) return;
  await tx.update(customer).set({ automatedEmails: false, updatedAt: new Date() }).where(eq(customer.id, row.id));
  await recordHistory(tx, {
    organizationId: row.organizationId,
    entityType: "customer",
    entityId: row.id,
    memberId: null,
    action: "updated",
    changes: { automated_emails: [true, false] },
  });
}

/**
 * What the token's link turns off, with a history entry made by no member: a
 * member's notification emails (`never`), or a customer's automated emails. The
 * answer names nothing about whom, so a forwarded link tells its reader nothing.
 */
export async function unsubscribeFromEmails(
  db: Db,
  token: string,
  readBody: () => Promise<unknown>,
): Promise<{ notification_emails: "never" } | { automated_emails: false }> {
  const target = unsubscribeTarget(token);
  if (!target) throw invalidLink();
  await readBody();
  if (target.kind === "customer") {
    await db.transaction((tx) => customerOff(tx, target.id));
    return { automated_emails: false };
  }
  await db.transaction((tx) => memberOff(tx, target.id));
  return { notification_emails: "never" };
}
