/** A quote as it stands once sent, arranged in the database for the tests of its public page. */
import crypto from "node:crypto";
import { getDb } from "@/db/client";
import { quote, quoteRevision } from "@/db/schema/quote";
import type { QuoteContent, QuoteDocument, QuoteLine } from "@/lib/schemas/quote-content";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import { createPublicLink } from "@/lib/server/public-link";
import { documentHash } from "@/lib/services/quote-document";

const tax = { id: null, name: "VAT 19 %", category: "standard" as const, percent_milli: 19_000, exemption_reason: null };

function line(id: string, name: string, quantity: number, unitPrice: number, extra: Partial<QuoteLine> = {}): QuoteLine {
  return {
    id,
    price_item: null,
    name,
    description: null,
    quantity,
    unit: "piece",
    unit_price: unitPrice,
    unit_cost: Math.round(unitPrice / 2),
    discount: null,
    tax,
    optional: false,
    selected: false,
    ...extra,
  };
}

/** Standard and Premium, the latter with an optional add-on: amounts in cents, quantities in thousandths. */
export const TWO_OPTIONS: QuoteContent = {
  options: [
    {
      id: "standard",
      name: "Standard",
      description: "A reliable boiler",
      sections: [
        { id: "s1", title: "Boiler", lines: [line("std-boiler", "Boiler S", 1000, 150_000), line("std-fit", "Fitting", 4000, 6_000, { unit: "hour" })] },
      ],
    },
    {
      id: "premium",
      name: "Premium",
      description: "A quieter, more efficient boiler",
      sections: [
        { id: "p1", title: "Boiler", lines: [line("pre-boiler", "Boiler P", 1000, 250_000), line("pre-fit", "Fitting", 5000, 6_000, { unit: "hour" })] },
        { id: "p2", title: "", lines: [line("pre-addon", "Smart thermostat", 1000, 20_000, { optional: true }), line("pre-flush", "System flush", 1000, 9_000, { optional: true, selected: true })] },
      ],
    },
  ],
};

export type SentQuote = { id: string; token: string; hash: string; document: QuoteDocument };

type Arrange = {
  organizationId: string;
  customerId: string;
  ownerId: string;
  siteId?: string | null;
  projectId?: string | null;
  projectTypeId?: string | null;
  content?: QuoteContent;
  status?: QuoteStatus;
  logoFile?: string | null;
  language?: string;
  /** The conversation the revision was sent in. */
  conversationId?: string | null;
};

/** A quote with one sent revision and a live link; its status as asked (a later draft: status "draft", revision 2). */
export async function sentQuote(input: Arrange): Promise<SentQuote> {
  const db = await getDb();
  const content = input.content ?? TWO_OPTIONS;
  const number = `Q-2026-${String(crypto.randomInt(1, 999_999)).padStart(6, "0")}`;
  const document: QuoteDocument = {
    number,
    revision: 1,
    title: "New boiler",
    introduction: "Thank you for your enquiry.",
    terms: "Payment within 14 days.",
    issued: "2026-11-20",
    valid_until: "2099-12-31",
    currency: "EUR",
    language: input.language ?? "en-US",
    deposit: { percent_milli: 30_000 },
    seller: {
      name: "Acme Plumbing",
      legal_name: "Acme Plumbing GmbH",
      tax_id: "DE123456789",
      registration: null,
      phone: "+49 30 1234567",
      email: "office@acme.test",
      website: null,
      logo_file: input.logoFile ?? null,
      line1: "Hauptstraße 1",
      line2: null,
      zip: "10115",
      city: "Berlin",
      state: null,
      country: "DE",
    },
    buyer: { name: "Carla Customer", email: "carla@example.test", phone: null, line1: "Gartenweg 2", line2: null, zip: "10117", city: "Berlin", state: null, country: "DE" },
    site: null,
    content,
  };
  const hash = documentHash(document);
  return db.transaction(async (tx) => {
    const status = input.status ?? "sent";
    const [row] = await tx
      .insert(quote)
      .values({
        organizationId: input.organizationId,
        customerId: input.customerId,
        siteId: input.siteId ?? null,
        projectId: input.projectId ?? null,
        projectTypeId: input.projectTypeId ?? null,
        ownerId: input.ownerId,
        number,
        revision: status === "draft" ? 2 : 1,
        status,
        title: document.title,
        introduction: document.introduction,
        terms: document.terms,
        internalNotes: "Margin is thin: do not discount",
        validUntil: document.valid_until,
        currency: "EUR",
        depositPercentMilli: 30_000,
        content,
        sentAt: new Date(),
      })
      .returning({ id: quote.id });
    await tx.insert(quoteRevision).values({ organizationId: input.organizationId, quoteId: row.id, revision: 1, document, hash, sentBy: input.ownerId, conversationId: input.conversationId ?? null });
    const { token } = await createPublicLink(tx, { organizationId: input.organizationId, kind: "quote", documentId: row.id, expiresAt: null });
    return { id: row.id, token, hash, document };
  });
}
