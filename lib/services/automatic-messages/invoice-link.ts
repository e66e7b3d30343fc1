import "server-only";
import type { Db } from "@/db/client";
import { appOrigin } from "@/lib/server/app-origin";
import { createPublicLink } from "@/lib/server/public-link";

/*
 * The link an invoice's payment reminder carries: the invoice's public page, where the
 * customer reads it and pays (public-link kind "invoice"). Tokens are kept only hashed,
 * so each reminder makes a new one; the links already sent stay open beside it, as a
 * quote's follow-up leaves the link it follows up.
 */

/** The customer's page of an invoice, as the link sent reads. */
export const invoiceLinkUrl = (token: string) => `${appOrigin()}/p/invoice/${token}`;

/** A new link to the invoice, the others kept; it does not expire, as an unpaid invoice stays payable. */
export async function reminderInvoiceLink(tx: Db, row: { id: string; organizationId: string }) {
  const { token } = await createPublicLink(tx, { organizationId: row.organizationId, kind: "invoice", documentId: row.id, expiresAt: null });
  return { token, url: invoiceLinkUrl(token) };
}
