import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { taxRate } from "@/db/schema/price-book";
import { ZERO_RATED } from "@/lib/money/tax";
import type { taxRateCreateSchema, taxRateListQuerySchema, taxRateUpdateSchema } from "@/lib/schemas/tax-rate";
import { taxRateWholeSchema, toPercentMilli } from "@/lib/schemas/tax-rate";
import type { z } from "@/lib/schemas/z";
import { badRequest, invalidAt } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import {
  createOrganizationItem,
  getOrganizationItem,
  listOrganizationItems,
  organizationItemHistory,
  updateOrganizationItem,
} from "@/lib/server/organization-items";
import type { SessionContext } from "@/lib/server/session";
import { taxRateEntity, type TaxRateRow } from "@/lib/entities/tax-rate";
import { ensureTaxRates } from "./tax-rate-defaults";

/**
 * The organization's tax rates. Exactly one is the default at any time: making one
 * the default makes the one before an ordinary rate (both in history), and the
 * default can be neither archived nor un-made except by choosing another. Rates
 * are archived, not deleted, so documents that used them keep them.
 */

export async function listTaxRates(db: Db, session: SessionContext, query: z.output<typeof taxRateListQuerySchema>) {
  await ensureTaxRates(db, session.organizationId);
  return listOrganizationItems(db, session, taxRateEntity, query);
}

export const getTaxRate = (db: Db, session: SessionContext, id: string) => getOrganizationItem(db, session, taxRateEntity, id);

export const taxRateHistory = (db: Db, session: SessionContext, id: string) => organizationItemHistory(db, session, taxRateEntity, id);

/** The default before this one becomes an ordinary rate, with its history entry. */
async function dropOtherDefault(tx: Db, session: SessionContext, keep?: string) {
  const dropped = await tx
    .update(taxRate)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(taxRate.organizationId, session.organizationId), eq(taxRate.isDefault, true), keep ? ne(taxRate.id, keep) : undefined))
    .returning({ id: taxRate.id });
  for (const { id } of dropped) {
    await recordHistory(tx, { organizationId: session.organizationId, entityType: taxRateEntity.type, entityId: id, memberId: session.memberId, action: "updated", changes: { default: [true, false] } });
  }
}

export async function createTaxRate(db: Db, session: SessionContext, input: z.output<typeof taxRateCreateSchema>) {
  // The starting rates first, so a rate made before any was read is not the only one.
  await ensureTaxRates(db, session.organizationId);
  const values = {
    name: input.name,
    percentMilli: ZERO_RATED.has(input.category) ? 0 : toPercentMilli(input.percent!),
    category: input.category,
    exemptionReason: ZERO_RATED.has(input.category) ? (input.exemption_reason ?? null) : null,
    isDefault: input.default === true,
  };
  return createOrganizationItem(db, session, taxRateEntity, values, { before: async (tx) => (values.isDefault ? dropOtherDefault(tx, session) : undefined) });
}

/** The rate as it would be after the patch: a category that charges no tax brings 0 %, one that does leaves no exemption reason. */
function wholeAfter(row: TaxRateRow, patch: z.output<typeof taxRateUpdateSchema>) {
  const category = patch.category ?? row.category;
  const zeroRated = ZERO_RATED.has(category);
  const percent = (patch.percent === undefined ? undefined : toPercentMilli(patch.percent)) ?? (zeroRated ? 0 : ZERO_RATED.has(row.category) ? undefined : row.percentMilli);
  const reason = patch.exemption_reason !== undefined ? patch.exemption_reason : zeroRated ? row.exemptionReason : null;
  const checked = taxRateWholeSchema.safeParse({ category, percent, exemption_reason: reason });
  if (!checked.success) throw badRequest(checked.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  return { percentMilli: percent!, exemptionReason: reason ?? null };
}

export async function updateTaxRate(db: Db, session: SessionContext, id: string, patch: z.output<typeof taxRateUpdateSchema>) {
  return updateOrganizationItem(db, session, taxRateEntity, id, { name: patch.name, category: patch.category, status: patch.status, default: patch.default }, {
    prepare: async (tx, row) => {
      const status = patch.status ?? row.status;
      if (row.isDefault && status === "archived") throw invalidAt("status", "errors.taxRate.archiveDefault");
      if (patch.default && status === "archived") throw invalidAt("default", "errors.taxRate.defaultArchived");
      if (patch.default && !row.isDefault) await dropOtherDefault(tx, session, row.id);
      const whole = wholeAfter(row, patch);
      return { percent: whole.percentMilli, exemption_reason: whole.exemptionReason };
    },
  });
}
