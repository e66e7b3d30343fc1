import "server-only";
import type { Db } from "@/db/client";
import type { QuoteDocument } from "@/lib/schemas/quote-content";
import type { QuoteRow } from "@/lib/entities/quote";
import { canonicalJson, documentHash as hashOf } from "./canonical-json";
import { documentParties } from "./document-parties";

/**
 * The frozen document of a sent revision (quote_revision.document): the quote as the
 * customer receives it, with the business and the customer as they are at sending, so
 * that its PDF and public page are reproducible from it alone.
 */

export { canonicalJson };

/** The hash an answer names to say which revision it answered: SHA-256 of the canonical JSON, in hex. */
export const documentHash = (document: QuoteDocument) => hashOf(document);

/** The document of the quote's current content, as it is sent on `issued` (YYYY-MM-DD) under `number`. */
export async function quoteDocument(db: Db, row: QuoteRow, number: string, issued: string): Promise<QuoteDocument> {
  const parties = await documentParties(db, row);
  return {
    number,
    revision: row.revision,
    title: row.title,
    introduction: row.introduction,
    terms: row.terms,
    issued,
    valid_until: row.validUntil,
    currency: row.currency,
    language: parties.language,
    deposit: row.depositPercentMilli !== null ? { percent_milli: row.depositPercentMilli } : row.depositAmount !== null ? { amount: row.depositAmount } : null,
    seller: parties.seller,
    buyer: parties.buyer,
    site: parties.site,
    content: row.content,
  };
}
