import "server-only";
import type { organization } from "@/db/schema/organization";
import { mailboxView, type MailboxRow } from "./mailbox";

export type OrganizationRow = typeof organization.$inferSelect;

/**
 * How a customer's reply to an email from a conversation comes back: through the
 * connected mailbox it was sent from, to the reply address of INBOUND_EMAIL_DOMAIN
 * (emails over SMTP), or not at all (screens say so, and what to set).
 * lib/services/messaging/reply-address.ts tells which.
 */
export type EmailReplies = "mailbox" | "reply_address" | "none";

export function organizationView(row: OrganizationRow, box: MailboxRow | null, replies: EmailReplies) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    image: row.image,
    language: row.language,
    country: row.country,
    business: row.business,
    oauth: box ? mailboxView(box) : null,
    email_replies: replies,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type OrganizationView = ReturnType<typeof organizationView> & {
  /** Admins only: the absolute address mail providers post this organization's inbound email to. */
  inbound_email_url?: string;
};
