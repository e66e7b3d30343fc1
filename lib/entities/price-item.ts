import "server-only";
import { priceItem } from "@/db/schema/price-book";
import { percentNumber } from "@/lib/money/decimal";
import { markupOf } from "@/lib/money/totals";
import type { OrganizationEntity } from "@/lib/server/organization-items";
import { caseless } from "@/lib/server/scoped";
import { markupSql } from "./view-sql";

export type PriceItemRow = typeof priceItem.$inferSelect;

export function priceItemView(row: PriceItemRow) {
  const markup = markupOf(row.unitPrice, row.unitCost);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    unit: row.unit,
    unit_price: row.unitPrice,
    unit_cost: row.unitCost,
    // Percent over the cost, from the two stored amounts; null without a cost.
    markup: markup === null ? null : percentNumber(markup),
    tax_rate: row.taxRateId,
    category: row.category,
    status: row.status,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type PriceItemView = ReturnType<typeof priceItemView>;

export const priceItemEntity: OrganizationEntity<PriceItemRow, PriceItemView> = {
  type: "price_item",
  resource: "Price item",
  table: priceItem,
  columns: {
    id: priceItem.id,
    organizationId: priceItem.organizationId,
    status: priceItem.status,
    search: { lowered: priceItem.searchText },
    storedView: priceItem.storedView,
  },
  sorts: {
    created: priceItem.createdAt,
    updated: priceItem.updatedAt,
    name: caseless(priceItem.name),
    price: priceItem.unitPrice,
  },
  fields: {
    name: "name",
    description: "description",
    unit: "unit",
    unit_price: "unitPrice",
    unit_cost: "unitCost",
    tax_rate: "taxRateId",
    category: "category",
    status: "status",
  },
  view: priceItemView,
  viewSql: { markup: markupSql(priceItem.unitPrice, priceItem.unitCost) },
};
