import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { TAX_CATEGORIES } from "@/lib/money/tax";
import { PRICE_ITEM_STATUSES, PRICE_UNITS, TAX_RATE_STATUSES } from "@/lib/schemas/price-book-values";
import { id, nameOrder, sameOrganization, searchText, storedView, timestamps } from "./columns";
import { organization } from "./organization";

/** The organization's tax rates; amounts keep no floats (lib/money). */
export const taxRate = pgTable(
  "tax_rate",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Thousandths of a percent: 5.5 % is 5500.
    percentMilli: integer("percent_milli").notNull(),
    category: text("category", { enum: TAX_CATEGORIES }).notNull(),
    // Why no tax is charged (EN 16931 BT-120); required for exempt rates.
    exemptionReason: text("exemption_reason"),
    isDefault: boolean("is_default").notNull().default(false),
    status: text("status", { enum: TAX_RATE_STATUSES }).notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tax_rate_org_id_idx").on(t.organizationId, t.id),
    // At most one default per organization; the service keeps exactly one.
    uniqueIndex("tax_rate_org_default_idx").on(t.organizationId).where(sql`${t.isDefault}`),
    index("tax_rate_org_status_created_idx").on(t.organizationId, t.status, t.createdAt, t.id),
  ],
);

/** What the business sells: items and services with their price, cost and tax rate. */
export const priceItem = pgTable(
  "price_item",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    unit: text("unit", { enum: PRICE_UNITS }).notNull(),
    // Minor units of the organization's currency.
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    unitCost: bigint("unit_cost", { mode: "number" }),
    taxRateId: uuid("tax_rate_id").notNull(),
    category: text("category"),
    status: text("status", { enum: PRICE_ITEM_STATUSES }).notNull().default("active"),
    // Search matches name, description and category.
    searchText: searchText(`name || ' ' || coalesce(description, '') || ' ' || coalesce(category, '')`),
    storedView: storedView(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("price_item_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("price_item_tax_rate_fk", t.organizationId, t.taxRateId, taxRate),
    index("price_item_org_status_created_id_idx").on(t.organizationId, t.status, t.createdAt, t.id),
    index("price_item_org_name_idx").on(t.organizationId, nameOrder(t.name)),
    index("price_item_org_category_idx").on(t.organizationId, t.category),
    index("price_item_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);
