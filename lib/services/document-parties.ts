import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { site } from "@/db/schema/site";
import { customerLocale } from "@/lib/i18n/locales";
import type { DocumentAddress } from "@/lib/schemas/quote-content";
import { canonicalJson } from "./canonical-json";
import { businessAtLocation } from "./business-at";

/**
 * Who a document is from and to, as it prints them when it is frozen (a quote's revision,
 * an invoice at issue): the business's details (a location's where it has its own), the
 * customer, the site when it is not the customer's own address, and the customer's language.
 */

export const documentAddress = (row: { line1?: string | null; line2?: string | null; zip?: string | null; city?: string | null; state?: string | null; country?: string | null }): DocumentAddress => ({
  line1: row.line1 ?? null,
  line2: row.line2 ?? null,
  zip: row.zip ?? null,
  city: row.city ?? null,
  state: row.state ?? null,
  country: row.country ?? null,
});

const sameAddress = (a: DocumentAddress, b: DocumentAddress) => canonicalJson(a) === canonicalJson(b);

type Names = { organizationId: string; locationId: string | null; customerId: string; siteId: string | null };

export async function documentParties(db: Db, names: Names) {
  const [org] = await db.select().from(organization).where(eq(organization.id, names.organizationId));
  const business = await businessAtLocation(db, org, names.locationId);
  const [buyer] = await db
    .select()
    .from(customer)
    .where(and(eq(customer.organizationId, names.organizationId), eq(customer.id, names.customerId)));
  const [place] = names.siteId
    ? await db
        .select()
        .from(site)
        .where(and(eq(site.organizationId, names.organizationId), eq(site.id, names.siteId)))
    : [];
  const buyerAddress = documentAddress(buyer);
  const siteAddress = place ? documentAddress(place) : null;
  return {
    business,
    customer: buyer,
    language: customerLocale(buyer.language, org.language),
    seller: {
      ...documentAddress(business),
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
  };
}
