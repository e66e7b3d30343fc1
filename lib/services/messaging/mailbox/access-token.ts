import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailbox } from "@/db/schema/mailbox";
import { member, role } from "@/db/schema/member";
import { clip } from "@/lib/schemas/clip";
import { seal, unseal } from "@/lib/server/seal";
import { memberTranslator } from "@/lib/services/member-language";
import { createNotification } from "@/lib/services/notification";
import { GrantRevoked, type Credentials } from "./provider";
import { mailProviders } from "./providers";

type MailboxRow = typeof mailbox.$inferSelect;

const ERROR_MAX = 500;
const TITLE_MAX = 200;

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
      .set({ status: "disconnected", lastError: clip(reason, ERROR_MAX), updatedAt: sql`now()` })
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
      const t = await memberTranslator(tx, admin.id);
      await createNotification(
        tx,
        { organizationId: box.organizationId, memberId: admin.id },
        {
          title: clip(t("notification.mailboxDisconnected", { provider: label, email: box.email }), TITLE_MAX),
          content: clip(t("notification.connectAgain", { reason }), ERROR_MAX),
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
