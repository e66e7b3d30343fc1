import "server-only";
import type { Db } from "@/db/client";
import type { QuoteChoice, QuoteDocument } from "@/lib/schemas/quote-content";

/** What a quote's PDF is rendered from: a frozen document (or the draft's), its status and the customer's choice. */
export type QuotePdfInput = { document: QuoteDocument; status?: string; choice?: QuoteChoice | null; draft?: boolean };

/**
 * A quote's PDF (lib/documents), with the organization's logo; null while no renderer
 * is available, in which case the email goes without it.
 */
export async function quotePdf(_db: Db, _input: QuotePdfInput): Promise<Uint8Array | null> {
  return null;
}
