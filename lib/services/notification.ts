import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { isAppPath } from "@/lib/schemas/app-path";
import { notificationCreateSchema, type NotificationCreate } from "@/lib/schemas/notification";
import { parseWith } from "@/lib/server/validation";
import type { SessionContext } from "@/lib/server/session";

const LIST_LIMIT = 100;

export async function listNotifications(db: Db, session: SessionContext) {
  const rows = await db
    .select()
    .from(notification)
    .where(eq(notification.memberId, session.memberId))
    .orderBy(desc(notification.createdAt))
    .limit(LIST_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      date: row.createdAt,
      read: row.read,
      // Rows written before links were checked may hold anything; only app paths are handed out.
      link: isAppPath(row.link) ? row.link : null,
    })),
  };
}

/** Marks and removes only the session member's own notifications; other ids are ignored. */
export async function updateNotifications(
  db: Db,
  session: SessionContext,
  change: { read?: string[]; remove?: string[] },
) {
  const mine = eq(notification.memberId, session.memberId);
  await db.transaction(async (tx) => {
    if (change.read?.length) {
      await tx
        .update(notification)
        .set({ read: true, updatedAt: new Date() })
        .where(and(mine, inArray(notification.id, change.read)));
    }
    if (change.remove?.length) {
      await tx.delete(notification).where(and(mine, inArray(notification.id, change.remove)));
    }
  });
}

/** Notifies one member; the link must be a path of this app (400 otherwise). */
export async function createNotification(
  db: Db,
  target: { organizationId: string; memberId: string },
  input: NotificationCreate,
) {
  const values = parseWith(notificationCreateSchema, input);
  const [row] = await db
    .insert(notification)
    .values({ organizationId: target.organizationId, memberId: target.memberId, ...values })
    .returning({ id: notification.id });
  return row;
}
