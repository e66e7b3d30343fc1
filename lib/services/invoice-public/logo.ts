import "server-only";
import type { Db } from "@/db/client";
import type { PublicActor } from "@/lib/server/public-route";
import { documentLogo } from "@/lib/services/document-logo";
import { linkedInvoice, type LinkedInvoice } from "./view";

/** GET /api/api/public/invoice/{token}/logo: the logo the issued document of the invoice the link opens names, and no other file. */
export async function publicInvoiceLogo(db: Db, linked: LinkedInvoice, _actor: PublicActor): Promise<Response> {
  const row = await linkedInvoice(db, linked);
  return documentLogo(db, row.organizationId, row.document.seller.logo_file);
}
