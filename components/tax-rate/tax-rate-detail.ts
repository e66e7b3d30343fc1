import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import type { TaxRateItem } from "@/components/price-item/price-item-item";
import { TAX_RATE, detailHeading } from "@/components/entities";
import { taxRateForm } from "./tax-rate-form";

export const taxRateDetail: DetailConfig<TaxRateItem> = {
  ...detailHeading(TAX_RATE),
  // The rates are listed in Organization settings.
  list: "/organization/tax_rates",
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

export const taxRateHistoryFields = historyFieldsOf(taxRateForm.update.fields);
