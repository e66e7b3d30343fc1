import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { historyFieldsOf } from "@/components/form/history-fields";
import { MoneyText } from "@/components/money/money-text";
import { PRICE_ITEM, detailHeading } from "@/components/entities";
import { priceItemForm } from "./price-item-form";
import type { PriceItemItem } from "./price-item-item";

export const priceItemDetail: DetailConfig<PriceItemItem> = {
  ...detailHeading(PRICE_ITEM),
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

const money = (label: string): HistoryField => ({ label, format: (value) => <MoneyText amount={Number(value)} /> });

export const priceItemHistoryFields = {
  ...historyFieldsOf(priceItemForm.update.fields),
  unit_price: money("priceItem.field.unitPrice"),
  unit_cost: money("priceItem.field.unitCost"),
};
