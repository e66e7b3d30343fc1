import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { taxRate } from "@/db/schema/price-book";
import { wordsFor } from "@/lib/i18n/messages";
import type { TaxCategory } from "@/lib/money/tax";
import { createdChanges } from "@/lib/server/organization-items";
import { recordHistory } from "@/lib/server/history";
import { taxRateEntity, type TaxRateRow } from "@/lib/entities/tax-rate";

/**
 * The tax rates an organization starts with, from its country; the first is the
 * default. Countries not named start with one 0 % rate, "No tax", which the
 * organization renames or replaces. Rates as of 2025.
 */
type Seed = { name: string; percent: number; category: TaxCategory };

const standard = (percent: number): Seed => ({ name: "taxRate.seed.standard", percent, category: "standard" });
const reduced = (percent: number, name = "taxRate.seed.reduced"): Seed => ({ name, percent, category: "reduced" });
const zero: Seed = { name: "taxRate.seed.zero", percent: 0, category: "zero" };
const NO_TAX: Seed[] = [{ name: "taxRate.seed.none", percent: 0, category: "zero" }];

const BY_COUNTRY: Record<string, Seed[]> = {
  GB: [standard(20_000), reduced(5_000), zero],
  IM: [standard(20_000), reduced(5_000), zero],
  DE: [standard(19_000), reduced(7_000)],
  FR: [standard(20_000), reduced(10_000, "taxRate.seed.intermediate"), reduced(5_500)],
  AT: [standard(20_000), reduced(10_000)],
  BE: [standard(21_000), reduced(6_000)],
  NL: [standard(21_000), reduced(9_000)],
  LU: [standard(17_000), reduced(8_000)],
  IT: [standard(22_000), reduced(10_000)],
  ES: [standard(21_000), reduced(10_000)],
  PT: [standard(23_000), reduced(6_000)],
  IE: [standard(23_000), reduced(13_500)],
  CH: [standard(8_100), reduced(2_600)],
  LI: [standard(8_100), reduced(2_600)],
  PL: [standard(23_000), reduced(8_000)],
  CZ: [standard(21_000), reduced(12_000)],
  SE: [standard(25_000), reduced(12_000)],
  DK: [standard(25_000)],
  NO: [standard(25_000), reduced(15_000)],
  FI: [standard(25_500), reduced(14_000)],
  AU: [standard(10_000), zero],
  NZ: [standard(15_000), zero],
};

export const defaultRatesOf = (country: string | null | undefined): Seed[] => BY_COUNTRY[country?.toUpperCase() ?? ""] ?? NO_TAX;

/**
 * Gives an organization its starting rates the first time any are read, so every
 * organization has exactly one default from then on: new ones and those that
 * existed before rates did alike (no data migration needs to know the countries).
 * A concurrent first read adds nothing twice: the default's unique index lets one
 * insert through, and only that one adds the rest. Answers the default rate's id.
 */
export async function ensureTaxRates(db: Db, organizationId: string): Promise<string> {
  const [found] = await db
    .select({ id: taxRate.id })
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.isDefault, true)))
    .limit(1);
  if (found) return found.id;
  await db.transaction(async (tx) => {
    const [org] = await tx.select({ country: organization.country, business: organization.business, language: organization.language }).from(organization).where(eq(organization.id, organizationId));
    if (!org) return;
    const words = wordsFor(org.language);
    const [first, ...rest] = defaultRatesOf(org.business.country ?? org.country);
    const row = (seed: Seed, isDefault: boolean) => ({ organizationId, name: words(seed.name), percentMilli: seed.percent, category: seed.category, isDefault });
    const made: TaxRateRow[] = await tx
      .insert(taxRate)
      .values(row(first, true))
      .onConflictDoNothing({ target: taxRate.organizationId, where: sql`${taxRate.isDefault}` })
      .returning();
    if (made.length === 0) return;
    if (rest.length > 0) made.push(...(await tx.insert(taxRate).values(rest.map((seed) => row(seed, false))).returning()));
    for (const rate of made) {
      await recordHistory(tx, { organizationId, entityType: taxRateEntity.type, entityId: rate.id, memberId: null, action: "created", changes: createdChanges(taxRateEntity, rate) });
    }
  });
  // Made here, or by a concurrent first read whose insert won.
  const [made] = await db
    .select({ id: taxRate.id })
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.isDefault, true)));
  return made.id;
}

/** The organization's default rate, made first when it has none yet. */
export const defaultTaxRateId = ensureTaxRates;
