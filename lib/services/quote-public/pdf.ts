import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { quoteAnswer } from "@/db/schema/quote";
import { renderQuotePdf } from "@/lib/documents/quote-pdf";
import type { PublicActor } from "@/lib/server/public-route";
import { quoteTimeZone } from "@/lib/services/quote";
import { sellerLogo } from "./logo";
import { customerDocument, lastSentRevision, linkedQuote, type LinkedQuote } from "./view";

/** The customer's approval of this revision: what they chose and how they signed. */
async function approval(db: Db, linked: LinkedQuote, revision: number) {
  const [answer] = await db
    .select()
    .from(quoteAnswer)
    .where(
      and(
        eq(quoteAnswer.organizationId, linked.organizationId),
        eq(quoteAnswer.quoteId, linked.documentId),
        eq(quoteAnswer.answer, "approved"),
        eq(quoteAnswer.revision, revision),
      ),
    )
    .orderBy(desc(quoteAnswer.answeredAt))
    .limit(1);
  return answer ?? null;
}

/**
 * GET /api/api/public/quote/{token}/pdf: the revision the page shows as a PDF, in its
 * language, with the business's logo; once approved, with the customer's choice (the
 * other options printed as declined) and their signature.
 */
export async function publicQuotePdf(db: Db, linked: LinkedQuote, _actor: PublicActor): Promise<Response> {
  const row = await linkedQuote(db, linked);
  const revision = await lastSentRevision(db, row);
  const document = customerDocument(revision.document);
  const current = revision.revision === row.revision;
  const approved = current && row.status === "approved" ? await approval(db, linked, revision.revision) : null;
  const logo = await sellerLogo(db, row.organizationId, document.seller.logo_file, ["image/png", "image/jpeg"]);
  const pdf = await renderQuotePdf({
    document,
    // A revision being replaced by a draft is still the offer it was.
    status: current ? row.status : "sent",
    choice: approved?.optionId ? { option: approved.optionId, optional_lines: approved.optionalLineIds } : null,
    signature: approved?.signature ? { name: approved.name ?? "", at: approved.answeredAt, png: new Uint8Array(approved.signature) } : null,
    logo: logo ? new Uint8Array(logo.bytes) : null,
    timeZone: await quoteTimeZone(db, row),
  });
  const name = `${document.number}-${document.revision}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
