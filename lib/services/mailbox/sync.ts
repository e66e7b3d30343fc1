import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailbox } from "@/db/schema/mailbox";
import { member, role } from "@/db/schema/member";
import { seal, unseal } from "@/lib/server/seal";
import { receiveMessage } from "@/lib/services/inbound";
import { createNotification } from "@/lib/services/notification";
import { namespaced, mailProviders } from "./providers";
import { GrantRevoked, type Credentials } from "./provider";

type MailboxRow = typeof mailbox.$inferSelect;

const ERROR_MAX = 500;
const TITLE_MAX = 200;
const clip = (text: string, max = ERROR_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const describe = (error: unknown) => clip(error instanceof Error ? error.message : String(error));

/**
 * The grant is gone (revoked consent, invalid_grant): the mailbox is marked
 * disconnected with the reason, its jobs find nothing to do from now on, and the
 * organization's admins are told. Only the change from connected notifies, so a
 * sync and a send failing together tell the admins once.
 */
async function markRevoked(db: Db, box: MailboxRow, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(mailbox)
      .set({ status: "disconnected", lastError: clip(reason), updatedAt: sql`now()` })
      .where(and(eq(mailbox.id, box.id), eq(mailbox.status, "connected")))
      .returning({ id: mailbox.id });
    if (!changed) return;
    const admins = await tx
      .select({ id: member.id })
      .from(member)
      .innerJoin(role, eq(role.id, member.roleId))
      .where(and(eq(member.organizationId, box.organizationId), eq(member.status, "active"), sql`'admin' = any(${role.privileges})`));
    const label = mailProviders[box.provider].label;
    for (const admin of admins) {
      await createNotification(
        tx,
        { organizationId: box.organizationId, memberId: admin.id },
        {
          title: clip(`The ${label} mailbox ${box.email} has been disconnected`, TITLE_MAX),
          content: clip(`${reason} Connect it again on Organization → Integrations.`),
          link: "/organization/integrations",
        },
      );
    }
  });
}

/**
 * Runs `use` with a fresh access token of the mailbox, keeping refreshed
 * credentials; a revoked grant disconnects the mailbox and is thrown on.
 */
export async function withAccessToken<T>(db: Db, box: MailboxRow, use: (accessToken: string) => Promise<T>): Promise<T> {
  const provider = mailProviders[box.provider];
  const credentials = JSON.parse(unseal(box.credentials)) as Credentials;
  let token: Awaited<ReturnType<typeof provider.accessToken>>;
  try {
    token = await provider.accessToken(credentials);
  } catch (error) {
    if (error instanceof GrantRevoked) await markRevoked(db, box, error.message);
    throw error;
  }
  if (token.credentials !== credentials) {
    await db
      .update(mailbox)
      .set({ credentials: seal(JSON.stringify(token.credentials)), updatedAt: sql`now()` })
      .where(and(eq(mailbox.id, box.id), eq(mailbox.credentials, box.credentials)));
  }
  return use(token.accessToken);
}

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
