import "server-only";
import type { Db } from "@/db/client";
import { appOrigin } from "@/lib/server/app-origin";
import { createPublicLink, revokePublicLinks } from "@/lib/server/public-link";
import { dayBounds } from "@/lib/server/zoned-time";
import type { QuoteRow } from "@/lib/entities/quote";
import { quoteTimeZone } from "./quote";

/*
 * The customer's link to a quote. Tokens are kept only hashed, so a link cannot be
 * read back: whatever sends one makes a new one. A send and Copy link end the older
 * ones, so one link at a time is live; the follow-up message adds one beside the
 * link it follows up, which the customer may still open from the first message.
 */

/** The customer's page of a quote, as the link sent reads. */
export const quoteLinkUrl = (token: string) => `${appOrigin()}/p/quote/${token}`;

/** When a quote's link ends: with its validity date (the end of that day at the quote's zone), else never. */
export async function linkExpiry(db: Db, row: Pick<QuoteRow, "organizationId" | "locationId" | "validUntil">): Promise<Date | null> {
  if (!row.validUntil) return null;
  return dayBounds(row.validUntil, await quoteTimeZone(db, row)).end;
}

/** A new link to the quote; unless `keepOthers`, the older ones revoked. */
export async function freshLink(tx: Db, row: Pick<QuoteRow, "id" | "organizationId" | "locationId" | "validUntil">, keepOthers = false) {
  if (!keepOthers) await revokePublicLinks(tx, row.organizationId, "quote", row.id);
  const { token } = await createPublicLink(tx, { organizationId: row.organizationId, kind: "quote", documentId: row.id, expiresAt: await linkExpiry(tx, row) });
  return { token, url: quoteLinkUrl(token) };
}
