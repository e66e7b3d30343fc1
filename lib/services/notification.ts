import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notification } from "@/db/schema/activity";
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
      link: row.link,
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
