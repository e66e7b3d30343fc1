import "server-only";
import type { Db } from "@/db/client";
import type { PublicActor } from "@/lib/server/public-route";
import { approvedChoiceOf, quoteTimeZone } from "@/lib/services/quote";
import { quotePdf } from "@/lib/services/quote-pdf";
import { customerDocument, lastSentRevision, linkedQuote, type LinkedQuote } from "./view";

/**
 * GET /api/api/public/quote/{token}/pdf: the revision the page shows as a PDF (the same
 * renderer as the office's and the email's), in its language, with the business's logo;
 * once approved, with the customer's choice (the other options printed as declined) and
 * their signature.
 */
export async function publicQuotePdf(db: Db, linked: LinkedQuote, _actor: PublicActor): Promise<Response> {
  const row = await linkedQuote(db, linked);
  const revision = await lastSentRevision(db, row);
  const document = customerDocument(revision.document);
  // A revision being replaced by a draft is still the offer it was.
  const status = revision.revision === row.revision ? row.status : "sent";
  const choice = status === "approved" ? await approvedChoiceOf(db, row) : null;
  const pdf = await quotePdf(db, { organizationId: row.organizationId, id: row.id, timeZone: await quoteTimeZone(db, row) }, { document, status, choice });
  const name = `${document.number}-${document.revision}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
