import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { notFound } from "@/lib/server/errors";
import { IMAGE_TYPES } from "@/lib/server/sniff";
import { readStoredFile } from "@/lib/server/storage";
import type { PublicActor } from "@/lib/server/public-route";
import { lastSentRevision, linkedQuote, type LinkedQuote } from "./view";

// Raster pictures only: an SVG could carry script, and the page shows the logo as it is.
const LOGO_TYPES = IMAGE_TYPES.filter((type) => type !== "image/svg+xml");

/** The business's logo as the revision sent names it, when it is still a kept raster picture; null otherwise. */
async function sellerLogo(db: Db, organizationId: string, fileId: string | null): Promise<{ bytes: Buffer; mimetype: string } | null> {
  if (!fileId) return null;
  const [row] = await db
    .select({ id: file.id, mimetype: file.mimetype, removed: file.removed })
    .from(file)
    .where(and(eq(file.organizationId, organizationId), eq(file.id, fileId)));
  if (!row || row.removed || !LOGO_TYPES.includes(row.mimetype)) return null;
  const bytes = await readStoredFile(organizationId, row.id);
  return bytes ? { bytes, mimetype: row.mimetype } : null;
}

/** GET /api/api/public/quote/{token}/logo: the logo of the quote the link opens, and no other file. */
export async function publicQuoteLogo(db: Db, linked: LinkedQuote, _actor: PublicActor): Promise<Response> {
  const revision = await lastSentRevision(db, await linkedQuote(db, linked));
  const logo = await sellerLogo(db, linked.organizationId, revision.document.seller.logo_file);
  if (!logo) throw notFound("Logo");
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      "Content-Type": logo.mimetype,
      "Content-Length": String(logo.bytes.length),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
