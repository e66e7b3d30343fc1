"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { priceItemHistoryFields } from "@/components/price-item/price-item-detail";

export default function PriceItemHistoryPage() {
  return <HistoryTab type="price_item" fields={priceItemHistoryFields} />;
}
