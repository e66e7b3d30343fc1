import "server-only";
import type { Db } from "@/db/client";
import type { PublicActor } from "@/lib/server/public-route";
import { documentLogo } from "@/lib/services/document-logo";
import { lastSentRevision, linkedQuote, type LinkedQuote } from "./view";

/** GET /api/api/public/quote/{token}/logo: the logo the sent revision of the quote the link opens names, and no other file. */
export async function publicQuoteLogo(db: Db, linked: LinkedQuote, _actor: PublicActor): Promise<Response> {
  const revision = await lastSentRevision(db, await linkedQuote(db, linked));
  return documentLogo(db, linked.organizationId, revision.document.seller.logo_file);
}
