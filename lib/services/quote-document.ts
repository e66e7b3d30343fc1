import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { location, organization } from "@/db/schema/organization";
import { site } from "@/db/schema/site";
import { customerLocale } from "@/lib/i18n/locales";
import { businessDetailsAt } from "@/lib/schemas/business";
import type { DocumentAddress, QuoteDocument } from "@/lib/schemas/quote-content";
import type { QuoteRow } from "@/lib/entities/quote";

/**
 * The frozen document of a sent revision (quote_revision.document): the quote as the
 * customer receives it, with the business and the customer as they are at sending, so
 * that its PDF and public page are reproducible from it alone.
 */

/** JSON with every object's keys sorted, at every depth: the same document always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash an answer names to say which revision it answered: SHA-256 of the canonical JSON, in hex. */
export const documentHash = (document: QuoteDocument) => crypto.createHash("sha256").update(canonicalJson(document)).digest("hex");

const address = (row: { line1?: string | null; line2?: string | null; zip?: string | null; city?: string | null; state?: string | null; country?: string | null }): DocumentAddress => ({
  line1: row.line1 ?? null,
  line2: row.line2 ?? null,
  zip: row.zip ?? null,
  city: row.city ?? null,
  state: row.state ?? null,
  country: row.country ?? null,
});

const sameAddress = (a: DocumentAddress, b: DocumentAddress) => canonicalJson(a) === canonicalJson(b);

/** The document of the quote's current content, as it is sent on `issued` (YYYY-MM-DD) under `number`. */
export async function quoteDocument(db: Db, row: QuoteRow, number: string, issued: string): Promise<QuoteDocument> {
  const [org] = await db.select().from(organization).where(eq(organization.id, row.organizationId));
  const [at] = row.locationId
    ? await db
        .select({ business: location.business })
        .from(location)
        .where(and(eq(location.organizationId, row.organizationId), eq(location.id, row.locationId)))
    : [];
  const business = businessDetailsAt(org.business, at?.business);
  const [buyer] = await db
    .select()
    .from(customer)
    .where(and(eq(customer.organizationId, row.organizationId), eq(customer.id, row.customerId)));
  const [place] = row.siteId
    ? await db
        .select()
        .from(site)
        .where(and(eq(site.organizationId, row.organizationId), eq(site.id, row.siteId)))
    : [];
  const buyerAddress = address(buyer);
  const siteAddress = place ? address(place) : null;
  return {
    number,
    revision: row.revision,
    title: row.title,
    introduction: row.introduction,
    terms: row.terms,
    issued,
    valid_until: row.validUntil,
    currency: row.currency,
    language: customerLocale(buyer.language, org.language),
    deposit: row.depositPercentMilli !== null ? { percent_milli: row.depositPercentMilli } : row.depositAmount !== null ? { amount: row.depositAmount } : null,
    seller: {
      ...address(business),
      name: org.name,
      legal_name: business.legal_name ?? null,
      tax_id: business.vat_number ?? null,
      registration: business.registration_number ?? null,
      phone: business.phone ?? null,
      email: business.email ?? null,
      website: business.website ?? null,
      logo_file: org.image ?? null,
    },
    buyer: { ...buyerAddress, name: buyer.name, email: buyer.email, phone: buyer.phone },
    site: place && siteAddress && !(sameAddress(siteAddress, buyerAddress) && !place.label) ? { ...siteAddress, name: place.label } : null,
    content: row.content,
  };
}
