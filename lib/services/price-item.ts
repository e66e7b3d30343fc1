import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceItem, taxRate } from "@/db/schema/price-book";
import { priceFromMarkup } from "@/lib/money/totals";
import { MAX_AMOUNT, type priceItemCreateSchema, type priceItemListQuerySchema, type priceItemUpdateSchema } from "@/lib/schemas/price-item";
import { toPercentMilli } from "@/lib/schemas/tax-rate";
import type { z } from "@/lib/schemas/z";
import { invalidAt } from "@/lib/server/errors";
import {
  createOrganizationItem,
  getOrganizationItem,
  listOrganizationItems,
  organizationItemHistory,
  updateOrganizationItem,
} from "@/lib/server/organization-items";
import type { SessionContext } from "@/lib/server/session";
import { priceItemEntity } from "@/lib/entities/price-item";
import { defaultTaxRateId } from "./tax-rate-defaults";

/**
 * The price book: what the business sells, at a price in minor units of the
 * organization's currency. Price and cost are stored; a markup given instead of a
 * price sets the price from the cost, and given with one must agree with it.
 */

export function listPriceItems(db: Db, session: SessionContext, query: z.output<typeof priceItemListQuerySchema>) {
  return listOrganizationItems(db, session, priceItemEntity, query, [query.category ? inArray(priceItem.category, query.category) : undefined]);
}

export const getPriceItem = (db: Db, session: SessionContext, id: string) => getOrganizationItem(db, session, priceItemEntity, id);

export const priceItemHistory = (db: Db, session: SessionContext, id: string) => organizationItemHistory(db, session, priceItemEntity, id);

const CATEGORY_LIMIT = 500;

/** The categories items are in, for suggestions as one is typed. */
export async function priceItemCategories(db: Db, session: SessionContext) {
  const rows = await db
    .selectDistinct({ category: priceItem.category, order: sql`lower(${priceItem.category})` })
    .from(priceItem)
    .where(and(eq(priceItem.organizationId, session.organizationId), isNotNull(priceItem.category)))
    .orderBy(sql`lower(${priceItem.category})`)
    .limit(CATEGORY_LIMIT);
  return { items: rows.map((row) => row.category!) };
}

type Amounts = { unit_price?: number; unit_cost?: number | null; markup?: number };

/** The price to store: as given, or from the cost and markup; refused where the two disagree. */
export function priceOf(input: Amounts, cost: number | null): number | undefined {
  if (input.markup === undefined) return input.unit_price;
  if (cost === null || cost === 0) throw invalidAt("unit_cost", "errors.priceItem.markupNeedsCost");
  const price = priceFromMarkup(cost, toPercentMilli(input.markup));
  if (price > MAX_AMOUNT) throw invalidAt("markup", "validation.amount.tooLarge");
  if (input.unit_price !== undefined && input.unit_price !== price) throw invalidAt("markup", "errors.priceItem.markupDisagrees");
  return price;
}

/** A tax rate of the organization that is in use; without one, the organization's default. */
export async function usableTaxRate(db: Db, session: SessionContext, id: string | undefined): Promise<string> {
  if (id === undefined) return defaultTaxRateId(db, session.organizationId);
  const [found] = await db
    .select({ status: taxRate.status })
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, session.organizationId), eq(taxRate.id, id)));
  if (!found) throw invalidAt("tax_rate", "errors.priceItem.taxRateUnknown");
  if (found.status !== "active") throw invalidAt("tax_rate", "errors.priceItem.taxRateArchived");
  return id;
}

export async function createPriceItem(db: Db, session: SessionContext, input: z.output<typeof priceItemCreateSchema>) {
  const cost = input.unit_cost ?? null;
  const values = {
    name: input.name,
    description: input.description ?? null,
    unit: input.unit,
    unitPrice: priceOf(input, cost)!,
    unitCost: cost,
    taxRateId: await usableTaxRate(db, session, input.tax_rate),
    category: input.category ?? null,
  };
  return createOrganizationItem(db, session, priceItemEntity, values);
}

export async function updatePriceItem(db: Db, session: SessionContext, id: string, patch: z.output<typeof priceItemUpdateSchema>) {
  const taxRateId = patch.tax_rate === undefined ? undefined : await usableTaxRate(db, session, patch.tax_rate);
  const { markup: _markup, tax_rate: _taxRate, ...rest } = patch;
  return updateOrganizationItem(db, session, priceItemEntity, id, { ...rest, tax_rate: taxRateId }, {
    prepare: async (_tx, row) => {
      const cost = patch.unit_cost !== undefined ? patch.unit_cost : row.unitCost;
      return { unit_price: priceOf(patch, cost) };
    },
  });
}
