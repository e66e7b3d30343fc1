import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { quoteAnswer } from "@/db/schema/quote";
import { renderQuotePdf, type QuotePdfInput as RenderInput } from "@/lib/documents/quote-pdf";
import { readStoredFile } from "@/lib/server/storage";

/** What a quote's PDF is rendered from: a frozen document (or the draft's), its status and the customer's choice. */
export type QuotePdfInput = Pick<RenderInput, "document" | "status" | "choice" | "draft">;

/** The signature of the quote's latest approval, printed on an approved quote's PDF. */
async function approvalSignature(db: Db, organizationId: string, quoteId: string) {
  const [answer] = await db
    .select({ name: quoteAnswer.name, at: quoteAnswer.answeredAt, png: quoteAnswer.signature })
    .from(quoteAnswer)
    .where(and(eq(quoteAnswer.organizationId, organizationId), eq(quoteAnswer.quoteId, quoteId), eq(quoteAnswer.answer, "approved")))
    .orderBy(desc(quoteAnswer.answeredAt))
    .limit(1);
  return answer?.png ? { name: answer.name ?? "", at: answer.at, png: new Uint8Array(answer.png) } : null;
}

/**
 * A quote's PDF (lib/documents/quote-pdf.ts) with the organization's logo as the document
 * names it, and, once approved, the customer's signature; in the quote's time zone.
 */
export async function quotePdf(db: Db, quote: { organizationId: string; id: string; timeZone: string }, input: QuotePdfInput): Promise<Uint8Array> {
  const logoFile = input.document.seller.logo_file;
  const logo = logoFile ? await readStoredFile(quote.organizationId, logoFile).catch(() => null) : null;
  const signature = input.status === "approved" ? await approvalSignature(db, quote.organizationId, quote.id) : null;
  return renderQuotePdf({ ...input, logo: logo && new Uint8Array(logo), signature, timeZone: quote.timeZone });
}
