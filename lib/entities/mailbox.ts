import "server-only";
import type { mailbox } from "@/db/schema/mailbox";

export type MailboxRow = typeof mailbox.$inferSelect;

/** The connected mailbox as members may see it; its tokens never leave the server. */
export const mailboxView = (box: MailboxRow) => ({
  type: box.provider,
  email: box.email,
  status: box.status,
  last_sync_at: box.lastSyncAt,
  last_error: box.lastError,
});
