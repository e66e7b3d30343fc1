import { and, asc, eq, lte } from "drizzle-orm";
import { getDb } from "@/db/client";
import { automaticMessage } from "@/db/schema/automatic-message";
import { message } from "@/db/schema/conversation";
import { now, setClock } from "@/lib/server/clock";
import { jobsSettled } from "@/lib/server/jobs";
import { sendPlanned } from "@/lib/services/automatic-messages/send";

/**
 * Walks the clock of automatic messages forward: sets it to `at`, lets the jobs
 * already running finish, and runs each of the organization's planned messages due
 * by then, in order of their time (as pg-boss would have started them).
 */
export async function advanceTo(organizationId: string, at: Date) {
  setClock(at);
  await jobsSettled();
  const db = await getDb();
  for (;;) {
    const [due] = await db
      .select({ id: automaticMessage.id })
      .from(automaticMessage)
      .where(and(eq(automaticMessage.organizationId, organizationId), eq(automaticMessage.state, "planned"), lte(automaticMessage.dueAt, now())))
      .orderBy(asc(automaticMessage.dueAt))
      .limit(1);
    if (!due) break;
    await sendPlanned(db, due.id);
    await jobsSettled();
    const [after] = await db.select({ state: automaticMessage.state, dueAt: automaticMessage.dueAt }).from(automaticMessage).where(eq(automaticMessage.id, due.id));
    // Held for quiet hours past `at`: it waits.
    if (after.state === "planned" && after.dueAt > now()) continue;
    if (after.state === "planned") throw new Error(`Automatic message ${due.id} stays planned`);
  }
}

/** The organization's automatic messages, oldest first: channel, trigger, where to, content, delivery. */
export async function automaticMessagesOf(organizationId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(message)
    .where(eq(message.organizationId, organizationId))
    .orderBy(asc(message.createdAt), asc(message.channel));
  return rows.filter((row) => row.automaticKey !== null);
}

/** The organization's planned rows. */
export async function plansOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(automaticMessage).where(eq(automaticMessage.organizationId, organizationId)).orderBy(asc(automaticMessage.dueAt), asc(automaticMessage.createdAt));
}
