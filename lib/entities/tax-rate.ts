import "server-only";
import { taxRate } from "@/db/schema/price-book";
import { percentNumber } from "@/lib/money/decimal";
import { EN16931_VAT_CODES } from "@/lib/money/tax";
import type { OrganizationEntity } from "@/lib/server/organization-items";
import { caseless } from "@/lib/server/scoped";

export type TaxRateRow = typeof taxRate.$inferSelect;

export function taxRateView(row: TaxRateRow) {
  return {
    id: row.id,
    name: row.name,
    percent: percentNumber(row.percentMilli),
    category: row.category,
    // What an e-invoice prints for it (EN 16931 BT-118).
    vat_code: EN16931_VAT_CODES[row.category],
    exemption_reason: row.exemptionReason,
    default: row.isDefault,
    status: row.status,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type TaxRateView = ReturnType<typeof taxRateView>;

export const taxRateEntity: OrganizationEntity<TaxRateRow, TaxRateView> = {
  type: "tax_rate",
  resource: "Tax rate",
  table: taxRate,
  columns: { id: taxRate.id, organizationId: taxRate.organizationId, status: taxRate.status, search: taxRate.name },
  sorts: { percent: taxRate.percentMilli, created: taxRate.createdAt, updated: taxRate.updatedAt, name: caseless(taxRate.name) },
  fields: { name: "name", percent: "percentMilli", category: "category", exemption_reason: "exemptionReason", default: "isDefault", status: "status" },
  view: taxRateView,
  historyValue: (field, value) => (field === "percent" && typeof value === "number" ? percentNumber(value) : value),
};
