import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailbox } from "@/db/schema/mailbox";
import { clip } from "@/lib/schemas/clip";
import { receiveMessage } from "../inbound";
import { withAccessToken } from "./access-token";
import { GrantRevoked } from "./provider";
import { namespaced, mailProviders } from "./providers";

type MailboxRow = typeof mailbox.$inferSelect;

const ERROR_MAX = 500;
const describe = (error: unknown) => clip(error instanceof Error ? error.message : String(error), ERROR_MAX);

/**
 * Brings what arrived in the organization's mailbox since the last sync into
 * conversations through the one inbound entry point, under the provider's
 * namespaced ids (so a second sync of the same mail stores nothing twice). The
 * cursor moves only after every message of the run is stored. A failure is kept
 * as the mailbox's last error and thrown, so the job retries with backoff.
 */
export async function syncMailbox(db: Db, organizationId: string): Promise<{ received: number }> {
  const [box] = await db
    .select()
    .from(mailbox)
    .where(and(eq(mailbox.organizationId, organizationId), eq(mailbox.status, "connected")));
  if (!box) return { received: 0 };
  const provider = mailProviders[box.provider];
  let received = 0;
  try {
    const cursor = await withAccessToken(db, box, (accessToken) =>
      provider.sync(accessToken, box.cursor, async (inbound) => {
        // The mailbox's own address is where the mail came in, not who wrote it.
        if (inbound.from === box.email) return;
        await receiveMessage(db, organizationId, {
          ...inbound,
          providerId: namespaced(box.provider, inbound.providerId),
          threadId: namespaced(box.provider, inbound.threadId),
        });
        received += 1;
      }),
    );
    await db
      .update(mailbox)
      .set({ cursor, lastSyncAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(mailbox.id, box.id), eq(mailbox.status, "connected")));
  } catch (error) {
    if (!(error instanceof GrantRevoked)) {
      await db
        .update(mailbox)
        .set({ lastError: `Sync failed: ${describe(error)}`, updatedAt: sql`now()` })
        .where(eq(mailbox.id, box.id));
    }
    throw error;
  }
  return { received };
}
