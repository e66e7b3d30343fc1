"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { taxRateHistoryFields } from "@/components/tax-rate/tax-rate-detail";

export default function TaxRateHistoryPage() {
  return <HistoryTab type="tax_rate" fields={taxRateHistoryFields} />;
}
