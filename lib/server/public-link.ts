import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { publicLink } from "@/db/schema/document";
import { now } from "./clock";
import { notFound } from "./errors";

/**
 * Links that open one document for a customer without logging in (ARCHITECTURE.md
 * §8a, public pages): 32 random bytes as base64url in the address, only their
 * SHA-256 stored, revocable, expiring. Routes reach them through
 * `publicDocumentRoute` (public-route.ts).
 */

export const PUBLIC_LINK_KINDS = ["quote", "invoice"] as const;
export type PublicLinkKind = (typeof PUBLIC_LINK_KINDS)[number];

const TOKEN_BYTES = 32;
/** What a token looks like: 43 base64url characters (256 bits). Anything else is no link, without a look in the database. */
export const PUBLIC_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The resource a link's 404 names, the same whether it never existed, was revoked or has expired. */
export const PUBLIC_LINK_RESOURCE = "Link";

const TOUCH_AFTER_MS = 60_000;

export const isPublicToken = (token: string) => token.length === 43 && PUBLIC_TOKEN_SHAPE.test(token);

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export type PublicLinkInput = { organizationId: string; kind: PublicLinkKind; documentId: string; expiresAt: Date | null };

/** A new link to a document; the token is answered only here and never stored. */
export async function createPublicLink(tx: Db, input: PublicLinkInput): Promise<{ id: string; token: string }> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await tx
    .insert(publicLink)
    .values({ ...input, tokenHash: hashToken(token) })
    .returning({ id: publicLink.id });
  return { id: row.id, token };
}

/** Ends every live link to a document (a revision replaces it, it is withdrawn); answers how many. */
export async function revokePublicLinks(tx: Db, organizationId: string, kind: PublicLinkKind, documentId: string): Promise<number> {
  const revoked = await tx
    .update(publicLink)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(publicLink.organizationId, organizationId), eq(publicLink.kind, kind), eq(publicLink.documentId, documentId), isNull(publicLink.revokedAt)))
    .returning({ id: publicLink.id });
  return revoked.length;
}

export type ResolvedLink = { linkId: string; organizationId: string; documentId: string };

/**
 * The document a token opens, or the 404 of an unknown link, also when the link is
 * of another kind, revoked or expired: the one query decides, so neither the answer
 * nor its work tells these apart. A token of the wrong shape is refused before
 * hashing, without a query.
 */
export async function resolvePublicLink(db: Db, token: string, kind: PublicLinkKind): Promise<ResolvedLink> {
  if (!isPublicToken(token)) throw notFound(PUBLIC_LINK_RESOURCE);
  const at = now();
  const [row] = await db
    .select({ id: publicLink.id, organizationId: publicLink.organizationId, documentId: publicLink.documentId, lastSeenAt: publicLink.lastSeenAt })
    .from(publicLink)
    .where(
      and(
        eq(publicLink.tokenHash, hashToken(token)),
        eq(publicLink.kind, kind),
        isNull(publicLink.revokedAt),
        or(isNull(publicLink.expiresAt), gt(publicLink.expiresAt, at)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(PUBLIC_LINK_RESOURCE);
  if (!row.lastSeenAt || at.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(publicLink).set({ lastSeenAt: at }).where(and(eq(publicLink.organizationId, row.organizationId), eq(publicLink.id, row.id)));
  }
  return { linkId: row.id, organizationId: row.organizationId, documentId: row.documentId };
}
